"""Shutdown under signals: keep-alive clients during --drain-delay, a second SIGTERM, and a SIGTERM that comes while a
SIGHUP reload is running.

- During the drain delay every answer carries `Connection: close`, so keep-alive clients reconnect for each request
  (a load balancer that has seen /readyz 503 sends those elsewhere) and none is caught sending on a kept connection
  when the listener closes: CLIENTS back-to-back keep-alive clients lose no request (the outside test counted 22 of
  32 losing one).
- A second SIGTERM during the delay is logged and ends the delay; one during the final drain is logged.
- A SIGTERM during a slow reload (a table of thousands of routes, sized so `deeplinkd check` takes about
  SLOW_RELOAD_SECONDS) turns /readyz 503 at once and the drain proceeds, while the reload is still running.
"""

import shutil
import signal
import socket
import subprocess
import threading
import time

import pytest

from conftest import DEFAULT_CONFIG, Server
from rawhttp import HOST, Reply, read_reply

CLIENTS = 32
THINK_SECONDS = 0.01  # between an answer and the next request: the kept connection is idle meanwhile
LOAD_BEFORE_SIGNAL = 1.0
DRAIN_DELAY = 2
LONG_DRAIN_DELAY = 30
SLOW_RELOAD_SECONDS = 4.0
READY_PROBE_BOUND = 0.5  # /readyz must say 503 this soon after the signal
REQUEST = f"GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode()


def status_of(port, path, timeout=5.0):
    """(status, headers) of GET `path` on a new keep-alive connection, or ("refused", {})."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
            connection.sendall(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
            reply = read_reply(connection)
            return (reply.status if reply.outcome == "complete" else reply.outcome), reply.headers
    except (ConnectionRefusedError, ConnectionResetError):
        return "refused", {}


def wait_until_unready(port, seconds=5.0):
    """Seconds until /readyz answered 503 (probing every 10 ms), or None."""
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if status_of(port, "/readyz")[0] == 503:
            return time.monotonic() - started
        time.sleep(0.01)
    return None


class KeepAliveClient(threading.Thread):
    """Sends the AASA request again THINK_SECONDS after each answer, on one connection for as long as the server keeps
    it (reconnecting when an answer says `Connection: close`); stops at the first refused connect after the signal.
    A request is lost when it was written on an open connection and no whole answer came back."""

    def __init__(self, port, signalled):
        super().__init__(daemon=True)
        self.port, self.signalled = port, signalled
        self.answered, self.closing_answers, self.lost, self.refused = 0, 0, [], False

    def run(self):
        connection, deadline = None, time.monotonic() + 60
        while time.monotonic() < deadline:
            if connection is None:
                try:
                    connection = socket.create_connection(("127.0.0.1", self.port), timeout=10)
                except (ConnectionRefusedError, ConnectionResetError):
                    if self.signalled.is_set():
                        self.refused = True
                        return
                    time.sleep(0.01)
                    continue
            try:
                connection.sendall(REQUEST)
                reply = read_reply(connection)
            except OSError as error:
                reply = Reply(f"write failed: {error}")
            if reply.outcome != "complete" or reply.status != 200:
                self.lost.append((time.monotonic(), repr(reply)))
                connection.close()
                connection = None
                continue
            self.answered += 1
            time.sleep(THINK_SECONDS)
            if reply.headers.get("connection", "").lower() == "close":
                self.closing_answers += int(self.signalled.is_set())
                connection.close()
                connection = None
        if connection is not None:
            connection.close()


def test_keep_alive_clients_lose_no_request_when_the_listener_closes_after_the_drain_delay(serve):
    server = serve("--config", DEFAULT_CONFIG, "--per-ip-limit", 0, "--drain-delay", DRAIN_DELAY, name="keep-alive")
    signalled = threading.Event()
    clients = [KeepAliveClient(server.port, signalled) for _ in range(CLIENTS)]
    for client in clients:
        client.start()
    time.sleep(LOAD_BEFORE_SIGNAL)
    before = sum(client.answered for client in clients)
    signalled.set()
    signal_at = time.monotonic()
    server.process.send_signal(signal.SIGTERM)
    assert server.process.wait(timeout=DRAIN_DELAY + 15) == 0, server.log_text()[-2000:]
    for client in clients:
        client.join(15)
    lost = [(index, round(at - signal_at, 3), reply) for index, client in enumerate(clients) for at, reply in client.lost]
    print(f"\n{CLIENTS} keep-alive clients: {before} answers before SIGTERM, "
          f"{sum(client.closing_answers for client in clients)} answers with Connection: close after it, "
          f"{len(lost)} requests lost")
    assert before >= CLIENTS, "the clients made too few requests before the signal"
    assert all(client.refused for client in clients), "a client never saw the listener close"
    assert all(client.closing_answers > 0 for client in clients), "a client had no answer during the drain delay"
    assert lost == [], "(client, seconds after the signal, what it got)"


def test_answers_during_the_drain_delay_carry_connection_close(binary, tmp_path):
    server = Server(binary, ["--config", str(DEFAULT_CONFIG), "--drain-delay", str(DRAIN_DELAY)], tmp_path / "s.log")
    try:
        kept = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        kept.sendall(REQUEST)
        first = read_reply(kept)
        assert first.status == 200 and "connection" not in first.headers, "kept alive before the signal"
        server.process.send_signal(signal.SIGTERM)
        assert wait_until_unready(server.port) is not None
        kept.sendall(REQUEST)
        during = read_reply(kept)
        assert during.status == 200 and during.headers.get("connection") == "close", during.headers
        assert kept.recv(1) == b"", "the connection closes after its answer"
        for path in ("/.well-known/apple-app-site-association", "/c/CH-42", "/healthz", "/readyz"):
            status, headers = status_of(server.port, path)
            assert status in (200, 503) and headers.get("connection") == "close", (path, status, headers)
        assert server.process.wait(timeout=DRAIN_DELAY + 15) == 0
    finally:
        server.stop()


def test_a_second_sigterm_is_logged_and_ends_the_drain_delay(binary, tmp_path):
    server = Server(binary, ["--config", str(DEFAULT_CONFIG), "--drain-delay", str(LONG_DRAIN_DELAY)], tmp_path / "s.log")
    try:
        server.process.send_signal(signal.SIGTERM)
        assert wait_until_unready(server.port) is not None
        assert status_of(server.port, "/healthz")[0] == 200, "still serving during the delay"
        time.sleep(0.3)
        second = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        assert server.process.wait(timeout=15) == 0, server.log_text()[-2000:]
        exited_after = time.monotonic() - second
    finally:
        server.stop()
    print(f"\nexited {exited_after:.2f} s after the second SIGTERM (drain delay {LONG_DRAIN_DELAY} s)")
    assert exited_after < 5, f"exited {exited_after:.1f} s after the second SIGTERM (the delay is {LONG_DRAIN_DELAY} s)"
    notices = [entry for entry in server.log_entries() if entry.get("message") == "SIGTERM again: ending the drain delay early"]
    assert len(notices) == 1 and notices[0]["level"] == "notice" and notices[0]["delay_seconds"] == LONG_DRAIN_DELAY
    messages = [entry.get("message") for entry in server.log_entries()]
    assert messages.index("SIGTERM again: ending the drain delay early") < messages.index(
        "shutting down: finishing requests in flight")


def test_a_sigterm_during_the_final_drain_is_logged(binary, tmp_path):
    server = Server(binary, ["--config", str(DEFAULT_CONFIG), "--drain-seconds", "10"], tmp_path / "s.log")
    try:
        # An upload whose body is still on its way holds the drain open.
        upload = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        body = b'{"urls": ["https://links.example.com/c/CH-42"]}'
        upload.sendall(f"POST /resolve HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
                       f"Content-Length: {len(body)}\r\n\r\n".encode() + body[:10])
        time.sleep(0.3)
        server.process.send_signal(signal.SIGTERM)
        assert server.wait_for_log('"message":"shutting down: finishing requests in flight"')
        server.process.send_signal(signal.SIGTERM)
        assert server.wait_for_log('"message":"SIGTERM ignored: already finishing requests in flight"')
        assert server.process.poll() is None, "the drain was cut short"
        upload.sendall(body[10:])
        reply = read_reply(upload)
        assert reply.status == 200 and reply.headers.get("connection") == "close"
        assert server.process.wait(timeout=15) == 0
    finally:
        server.stop()


def big_table(routes):
    """The default table with `routes` more routes (app-only, so the AASA stays small), each with two aliases."""
    lines = [DEFAULT_CONFIG.read_text(encoding="utf-8")]
    for index in range(routes):
        lines.append(f"  - name: bulk{index}\n    path: b{index}/$(id)\n    aliases: [bb{index}/$(id), bbb{index}/x/$(id)]\n"
                     f"    scopes: [app]\n    params:\n      id: {{charset: \"A-Za-z0-9\", min: 1, max: 8}}\n"
                     f"    notification: bulk{index}Requested\n")
    return "".join(lines)


@pytest.fixture(scope="module")
def slow_table(binary, tmp_path_factory):
    """A table that takes about SLOW_RELOAD_SECONDS to load, sized by timing `deeplinkd check` on a smaller one."""
    directory = tmp_path_factory.mktemp("slow-table")
    sample, routes = directory / "sample.yaml", 1000
    sample.write_text(big_table(routes), encoding="utf-8")
    started = time.monotonic()
    subprocess.run([str(binary), "check", "--config", str(sample)], check=True, capture_output=True)
    per_route = (time.monotonic() - started) / routes
    routes = min(40000, max(2000, int(SLOW_RELOAD_SECONDS / per_route)))
    table = directory / "big.yaml"
    table.write_text(big_table(routes), encoding="utf-8")
    return table


def test_a_sigterm_during_a_slow_reload_turns_readyz_503_at_once_and_the_drain_proceeds(binary, tmp_path, slow_table):
    config = tmp_path / "deeplinkd.yaml"
    shutil.copyfile(DEFAULT_CONFIG, config)
    server = Server(binary, ["--config", str(config), "--drain-delay", "1"], tmp_path / "s.log")
    try:
        assert status_of(server.port, "/readyz")[0] == 200
        shutil.copyfile(slow_table, tmp_path / "next.yaml")
        (tmp_path / "next.yaml").rename(config)
        server.process.send_signal(signal.SIGHUP)
        # The reload thread logs as it starts; the signal is sent a moment later, well inside the reload.
        assert server.wait_for_log('"message":"SIGHUP: reloading"'), server.log_text()[-2000:]
        time.sleep(0.3)
        server.process.send_signal(signal.SIGTERM)
        unready_after = wait_until_unready(server.port)
        reload_done_at_503 = '"message":"reloaded"' in server.log_text() or "reload rejected" in server.log_text()
        assert server.process.wait(timeout=20) == 0, server.log_text()[-2000:]
    finally:
        server.stop()
    print(f"\n/readyz said 503 {unready_after} s after a SIGTERM sent during a slow reload")
    assert unready_after is not None and unready_after < READY_PROBE_BOUND, f"/readyz said 503 after {unready_after} s"
    assert not reload_done_at_503, "the reload had already ended: the table did not make it slow enough to tell"
    messages = [entry.get("message") for entry in server.log_entries()]
    assert "SIGHUP: reloading" in messages and messages.index("draining: /readyz answers 503; still serving") > messages.index(
        "SIGHUP: reloading")
    assert "stopped" in messages
