"""deeplinkd's benchmarks against nginx and GnuTLS's own server; `make bench` runs them and writes
docs/performance.md.

Modules: `servers` starts and stops what is measured (deeplinkd, nginx, gnutls-serv, pinned with taskset), `load`
drives it (wrk, one request at a time or pipelined) and reads wrk's figures, `measures` reads CPU time and memory
from /proc and turns runs into summaries and ratios, `counts` counts instructions and allocations under callgrind,
`scale` times check and start-up on large tables, `micro` runs the routing micro-benchmarks, `app` measures the app
side (the generated Swift, built by `app_build`, on the corpora of `app_corpus`), `run` puts the parts together,
`report` fills `template.md` with the figures. Python 3 standard library only.

Run as `python3 scripts/bench [OPTIONS]` (or `python3 -m bench` with scripts/ on the path); `--help` lists the
options.
"""

import os
import sys
import time

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE = os.path.dirname(os.path.abspath(__file__))
WRK_SCRIPTS = os.path.join(PACKAGE, "wrk")


class Interrupted(Exception):
    """SIGINT or SIGTERM turned into an exception, so every `finally` runs (and stops the servers)."""


def log(message):
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)
