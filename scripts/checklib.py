"""What the check and benchmark scripts share: counting checks, and stopping a process they started.

The scripts run as `python3 scripts/NAME.py`, so this module is importable as `checklib`.
"""

import signal
import subprocess


class Results:
    """Counts and prints the outcome of each check; the scripts end with `N passed, M failed`."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, condition, detail=""):
        if condition:
            self.passed += 1
            print(f"ok   {name}", flush=True)
        else:
            self.failed += 1
            print(f"FAIL {name}" + (f": {detail}" if detail else ""), flush=True)
        return condition

    def equal(self, name, actual, expected):
        return self.check(name, actual == expected, f"expected {expected!r}, got {actual!r}")


def stop_process(process, grace=5):
    """SIGTERM (deeplinkd drains and exits 0), then SIGKILL if it is still running after `grace` seconds."""
    if process is None or process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)
