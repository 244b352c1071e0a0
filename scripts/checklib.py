"""What the benchmark scripts share: starting the server, and stopping a process they started.

The scripts run as `python3 scripts/NAME.py`, so this module is importable as `checklib`.
"""

import http.client
import json
import os
import signal
import socket
import subprocess
import time
import urllib.parse


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


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def healthz_status(port):
    """The status of one GET /healthz, or None when nothing answers yet (cheap enough to poll every millisecond)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1.0)
    try:
        connection.request("GET", "/healthz")
        return connection.getresponse().status
    except OSError:
        return None
    finally:
        connection.close()


def seconds_to_first_healthy(command, port, cwd, timeout):
    """Seconds from starting `command` (a deeplinkd serve on `port`) to its first 200 on /healthz, polled every
    millisecond; the process is stopped afterwards."""
    process = subprocess.Popen(command, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    started = time.monotonic()
    try:
        while time.monotonic() - started < timeout:
            if healthz_status(port) == 200:
                return time.monotonic() - started
            if process.poll() is not None:
                raise RuntimeError(f"deeplinkd exited with status {process.returncode} (port {port} taken?)")
            time.sleep(0.001)
        raise RuntimeError(f"no 200 on /healthz within {timeout:.0f} s")
    finally:
        stop_process(process)


def start_server(binary, arguments, workdir, name="server", timeout=15.0):
    """Starts `BINARY serve --host 127.0.0.1 --port 0 ARGUMENTS`, its standard error in WORKDIR/NAME.log.

    Returns (process, log path, port) once the "serving" log line names the port. If that line does not come
    within `timeout` seconds, stops the process and raises RuntimeError with the log.
    """
    log_path = os.path.join(workdir, f"{name}.log")
    with open(log_path, "wb") as log:  # the server keeps its own copy of the descriptor
        process = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", "0", *arguments],
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and process.poll() is None:
        with open(log_path, "r", encoding="utf-8", errors="replace") as log:
            for line in log:
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue
                port = urllib.parse.urlsplit(entry.get("url", "")).port if entry.get("message") == "serving" else None
                if port:
                    return process, log_path, port
        time.sleep(0.05)
    exited = process.poll()
    stop_process(process)
    with open(log_path, "r", encoding="utf-8", errors="replace") as log:
        text = log.read()
    if exited is not None:
        raise RuntimeError(f"{binary} exited with status {exited} before logging its port:\n{text}")
    raise RuntimeError(f"{binary} did not log its port within {timeout:.0f} s:\n{text}")
