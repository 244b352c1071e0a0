"""`deeplinkd serve 2>&1 | shipper` with a shipper that has gone or that stops reading: requests are still answered,
dropped lines are counted and reported once the reader reads again, and SIGTERM still ends the process in its drain
time. The server's standard output and error are a pipe the test holds (`LogPipe`)."""

import os
import re
import select
import socket
import threading
import time

from conftest import DEFAULT_CONFIG, Server
from rawhttp import read_reply

DRAIN_SECONDS = 3
# The last flush on exit gives up after one second; the rest is a loaded machine's scheduling.
EXIT_SLACK_SECONDS = 2.0


class LogPipe:
    """A pipe for the server's output, copied into `path` by a thread while it reads: a shipper that keeps up,
    stalls (`stall`, then `resume`) or has gone (`close`, which closes the read end)."""

    def __init__(self, path):
        self.path = path
        self.read_end, self.write_end = os.pipe()
        self.reading, self.closing = threading.Event(), threading.Event()
        self.reading.set()
        self.thread = threading.Thread(target=self._copy, daemon=True)
        self.thread.start()

    def _copy(self):
        while not self.closing.is_set():
            if not self.reading.is_set() or not select.select([self.read_end], [], [], 0.02)[0]:
                time.sleep(0.01)
                continue
            chunk = os.read(self.read_end, 65536)
            if not chunk:
                return
            with open(self.path, "ab") as log:
                log.write(chunk)

    def handed_over(self):
        """Closes this process's write end once the server holds its own."""
        os.close(self.write_end)

    def stall(self):
        self.reading.clear()

    def resume(self):
        self.reading.set()

    def close(self):
        self.closing.set()
        self.thread.join()
        os.close(self.read_end)


def start(binary, tmp_path, *arguments):
    pipe = LogPipe(tmp_path / "server.log")
    server = Server(binary, ["--config", str(DEFAULT_CONFIG), *arguments], pipe.path, output=pipe.write_end)
    pipe.handed_over()
    return server, pipe


def answered(port, count, target):
    """Sends `count` GETs for `target` one after another on one keep-alive connection; how many got a 200."""
    ok = 0
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        for _ in range(count):
            connection.sendall(f"GET {target} HTTP/1.1\r\nHost: links.example.com\r\n\r\n".encode())
            reply = read_reply(connection)
            ok += reply.status == 200
            if reply.outcome != "complete":
                break
    return ok


def get(port, target):
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(f"GET {target} HTTP/1.1\r\nHost: links.example.com\r\nConnection: close\r\n\r\n".encode())
        return read_reply(connection)


def test_a_log_reader_that_has_gone_costs_nothing_requests_are_answered_and_sigterm_exits_0(binary, tmp_path):
    server, pipe = start(binary, tmp_path)
    try:
        pipe.close()
        assert answered(server.port, 300, "/c/CH-42") == 300
        # The log's writer meets the closed pipe at each flush (every 100 ms or so): several by now.
        time.sleep(0.5)
        assert server.is_alive(), f"deeplinkd died: {server.process.returncode}"
        assert answered(server.port, 300, "/healthz") == 300
    finally:
        status = server.stop()
    assert status == 0


def test_a_log_reader_that_never_reads_slows_nothing_and_dropped_lines_are_counted_and_reported(binary, tmp_path):
    server, pipe = start(binary, tmp_path, "--drain-seconds", str(DRAIN_SECONDS))
    try:
        pipe.stall()
        # The pipe holds 64 KiB and a worker's queue 1 MiB: 8,000 lines of about 250 bytes overflow both.
        assert answered(server.port, 8000, "/c/CH-42") == 8000
        assert answered(server.port, 1, "/healthz") == 1
        metrics = get(server.port, "/metrics").body.decode()
        dropped = re.search(r"^deeplinkd_log_lines_dropped_total (\d+)$", metrics, re.MULTILINE)
        assert dropped and int(dropped[1]) > 0, metrics
        # Once the reader reads again, one line says how many were dropped.
        pipe.resume()
        report = server.wait_for_log('"message":"log lines dropped: ')
        assert report is not None
        assert int(re.search(r'"dropped":"(\d+)"', report)[1]) >= int(dropped[1])
        # Stalled again, with 400 KB of lines for a 64 KiB pipe: SIGTERM still ends the process in the drain time.
        pipe.stall()
        assert answered(server.port, 2000, "/c/CH-42") == 2000
        status, took = server.terminate(DRAIN_SECONDS + 30)
    finally:
        server.stop()
        pipe.close()
    print(f"\nexit {status} {took:.2f} s after SIGTERM with the log pipe full")
    assert status == 0
    assert took < DRAIN_SECONDS + EXIT_SLACK_SECONDS
