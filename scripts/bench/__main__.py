"""`python3 scripts/bench [OPTIONS]`: runs the benchmarks (see bench/__init__.py)."""

import os
import sys

if not __package__:
    # Run as a directory: its parent (scripts/) holds the package, and the directory itself must not shadow
    # the standard library's modules.
    sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from bench.run import main  # noqa: E402  (after the path is set)

if __name__ == "__main__":
    sys.exit(main())
