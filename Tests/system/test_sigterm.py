"""SIGTERM with requests in flight: every accepted request is answered in full, idle connections are closed, new
ones refused while draining, and the server exits 0 within DRAIN_LIMIT_SECONDS.

Keep-alive clients over raw sockets (KEEP_ALIVE_CLIENTS sending GETs one at a time, BULK_CLIENTS alternating a GET
with a POST /resolve of 1,000 URLs, each taking tens of milliseconds) run for LOAD_SECONDS; IDLE_CLIENTS keep-alive
connections are answered once and then sit idle as in a client's pool; one more client has sent a POST /resolve but
for the last TRICKLE_BYTES of its body. Then the test sends SIGTERM, the rest of that body TRICKLE_SECONDS later, and
from the signal on tries a new connection every PROBE_INTERVAL.

A request counts as accepted when, before the signal, its last byte was written, on a connection the server had
already answered a request on (so the server, not only the kernel's backlog, held it), and it was the only
unanswered request on its connection (the clients never pipeline: RFC 9112 9.3.2 leaves those to be retried).
"""

import json
import signal
import socket
import subprocess
import threading
import time
import urllib.parse

import pytest

from conftest import DEFAULT_CONFIG
from rawhttp import HOST, Reply, read_reply

KEEP_ALIVE_CLIENTS = 12
BULK_CLIENTS = 2
IDLE_CLIENTS = 2
LOAD_SECONDS = 2.0
TRICKLE_BYTES = 1000
TRICKLE_SECONDS = 1.5
PROBE_INTERVAL = 0.02
DRAIN_LIMIT_SECONDS = 10.0  # SIGTERM to exit, at most; also deeplinkd's default --drain-seconds
MIN_IN_FLIGHT = 3
PATHS = ["/.well-known/apple-app-site-association", "/resolve?url=" + urllib.parse.quote(f"https://{HOST}/c/CH-42",
                                                                                          safe=""),
         "/c/CH-42", "/healthz", "/u/abcd1234"]


def get_request(path):
    return f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode()


def post_request(count):
    body = json.dumps({"urls": [f"https://{HOST}/c/CH-{number}" for number in range(count)]}).encode()
    return (f"POST /resolve HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body


class Attempt:
    """One request: when its last byte was written, whether its connection had been answered before, its reply."""

    def __init__(self, client, label, first):
        self.client, self.label, self.first = client, label, first
        self.sent_at = self.done_at = self.reply = None


class Traffic:
    """What the clients share: the events, the signal time and everything they recorded."""

    def __init__(self, port):
        self.port = port
        self.signalled, self.stop, self.trickle_ready = threading.Event(), threading.Event(), threading.Event()
        self.idle_ready = threading.Semaphore(0)
        self.signal_at = None
        self.attempts, self.connects, self.idle = [], [], []  # list.append is atomic: no lock
        self.trickle = None
        self.deadline = time.monotonic() + LOAD_SECONDS + DRAIN_LIMIT_SECONDS + 10

    def connect(self, who):
        """A new connection, or None when refused (a self-connect to the freed port counts as refused)."""
        started = time.monotonic()
        connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        connection.settimeout(5)
        try:
            connection.connect(("127.0.0.1", self.port))
            outcome = "refused" if connection.getsockname() == connection.getpeername() else "accepted"
        except ConnectionRefusedError:
            outcome = "refused"
        except OSError as error:
            outcome = f"error: {error}"
        self.connects.append((started, time.monotonic(), outcome, who))
        if outcome != "accepted":
            connection.close()
            return None
        return connection

    def ask(self, connection, name, label, request, first):
        attempt = Attempt(name, label, first)
        try:
            connection.sendall(request)
            attempt.sent_at = time.monotonic()
            attempt.reply = read_reply(connection)
        except OSError:
            attempt.reply = Reply("reset")  # the write failed: a close the client saw before its request went
        attempt.done_at = time.monotonic()
        self.attempts.append(attempt)
        return attempt.reply


def client(traffic, name, requests):
    """Sends `requests` in turn, one at a time, reconnecting whenever the server closes; stops once a reconnect
    after the signal is refused."""
    connection, answered, index = None, 0, 0
    while not traffic.stop.is_set() and time.monotonic() < traffic.deadline:
        if connection is None:
            connection, answered = traffic.connect(name), 0
            if connection is None:
                if traffic.signalled.is_set():
                    return
                time.sleep(0.01)
                continue
        label, request = requests[index % len(requests)]
        index += 1
        reply = traffic.ask(connection, name, label, request, answered == 0)
        if reply.outcome != "complete" or reply.headers.get("connection", "").lower() == "close":
            connection.close()
            connection = None
        else:
            answered += 1
    if connection is not None:
        connection.close()


def trickle_client(traffic):
    """A POST /resolve on an answered connection: all but TRICKLE_BYTES before the signal, those after it."""
    if (connection := traffic.connect("trickle")) is None:
        return
    with connection:
        try:
            connection.sendall(get_request("/healthz"))
            if read_reply(connection).outcome != "complete":
                return
            request = post_request(100)
            connection.sendall(request[:-TRICKLE_BYTES])
            traffic.trickle_ready.set()
            if traffic.signalled.wait(timeout=LOAD_SECONDS + 10):
                time.sleep(TRICKLE_SECONDS)
                connection.sendall(request[-TRICKLE_BYTES:])
                traffic.trickle = (read_reply(connection), time.monotonic())
        except OSError as error:
            traffic.trickle = (Reply(f"error: {error}"), time.monotonic())


def idle_client(traffic):
    """A keep-alive connection answered once and then quiet: how and when the server ends it."""
    if (connection := traffic.connect("idle")) is None:
        return
    with connection:
        connection.sendall(get_request("/healthz"))
        if read_reply(connection).outcome != "complete":
            return
        traffic.idle_ready.release()
        if not traffic.signalled.wait(timeout=LOAD_SECONDS + 10):
            return
        connection.settimeout(DRAIN_LIMIT_SECONDS + 2)
        try:
            ending = "closed" if connection.recv(1) == b"" else "sent bytes unasked"
        except socket.timeout:
            ending = "still open"
        except OSError:
            ending = "reset"
        traffic.idle.append((ending, time.monotonic()))


def prober(traffic):
    """From the signal on, a new connection every PROBE_INTERVAL; an accepted one asks for /healthz."""
    if not traffic.signalled.wait(timeout=LOAD_SECONDS + 10):
        return
    for _ in range(int((DRAIN_LIMIT_SECONDS + 2) / PROBE_INTERVAL)):
        if traffic.stop.is_set():
            return
        if (connection := traffic.connect("prober")) is not None:
            with connection:
                traffic.ask(connection, "prober", "/healthz", get_request("/healthz"), True)
        time.sleep(PROBE_INTERVAL)


@pytest.fixture(scope="module")
def drain(serve):
    server = serve("--config", DEFAULT_CONFIG, "--per-ip-limit", 0, name="sigterm")
    traffic = Traffic(server.port)
    gets = [(path, get_request(path)) for path in PATHS]
    bulk = [("/healthz", get_request("/healthz")), ("POST /resolve (1,000 URLs)", post_request(1000))]
    threads = [threading.Thread(target=client, args=(traffic, f"keep-alive-{n}", gets[n % 5:] + gets[:n % 5]))
               for n in range(KEEP_ALIVE_CLIENTS)]
    threads += [threading.Thread(target=client, args=(traffic, f"bulk-{n}", bulk)) for n in range(BULK_CLIENTS)]
    threads += [threading.Thread(target=idle_client, args=(traffic,)) for _ in range(IDLE_CLIENTS)]
    threads += [threading.Thread(target=trickle_client, args=(traffic,)), threading.Thread(target=prober,
                                                                                          args=(traffic,))]
    status = None
    try:
        for thread in threads:
            thread.daemon = True
            thread.start()
        time.sleep(LOAD_SECONDS)
        assert traffic.trickle_ready.wait(timeout=5), "the uploading request was not under way before the signal"
        assert all(traffic.idle_ready.acquire(timeout=5) for _ in range(IDLE_CLIENTS)), "idle clients not answered"
        traffic.signal_at = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        traffic.signalled.set()
        try:
            status = server.process.wait(timeout=DRAIN_LIMIT_SECONDS + 5)
        except subprocess.TimeoutExpired:
            pass
        exit_seconds = time.monotonic() - traffic.signal_at
    finally:
        traffic.signalled.set()
        traffic.stop.set()
        for thread in threads:
            thread.join(timeout=DRAIN_LIMIT_SECONDS + 3)
    return traffic, server, status, exit_seconds


def in_flight(traffic):
    """Accepted requests not yet completely answered when the signal was sent."""
    return [a for a in traffic.attempts if a.sent_at is not None and a.sent_at < traffic.signal_at and not a.first
            and a.done_at > traffic.signal_at]


def test_requests_answered_before_the_signal_are_complete_and_2xx(drain):
    traffic = drain[0]
    before = [a for a in traffic.attempts if a.sent_at is not None and a.done_at <= traffic.signal_at]
    bad = [(a.label, a.reply) for a in before if a.reply.outcome != "complete" or not 200 <= a.reply.status < 300]
    assert before and bad == []


def test_enough_accepted_requests_are_in_flight_at_the_signal(drain):
    assert len(in_flight(drain[0])) >= MIN_IN_FLIGHT, "fewer: the test proved nothing"


def test_every_accepted_request_in_flight_completes_with_a_2xx_and_its_whole_body(drain):
    failed = [(a.client, a.label, a.reply) for a in in_flight(drain[0])
              if a.reply.outcome != "complete" or not 200 <= a.reply.status < 300]
    assert failed == []


def test_no_response_is_cut_short(drain):
    assert [(a.client, a.label, a.reply) for a in drain[0].attempts if a.reply.outcome in ("truncated", "timeout")] == []


def test_the_request_uploading_at_the_signal_completes_with_connection_close(drain):
    reply, _ = drain[0].trickle or (Reply("never answered"), None)
    assert reply.outcome == "complete" and reply.status == 200 and b'"results"' in reply.body, reply
    assert reply.headers.get("connection") == "close"


def test_idle_keep_alive_connections_are_closed_while_draining(drain):
    traffic = drain[0]
    trickle_at = traffic.trickle[1] if traffic.trickle else None
    assert len(traffic.idle) == IDLE_CLIENTS and trickle_at is not None, traffic.idle
    assert all(ending == "closed" and at < trickle_at for ending, at in traffic.idle), traffic.idle


def test_new_connections_are_refused_while_draining_and_none_accepted_after(drain):
    traffic = drain[0]
    connects = sorted((c for c in traffic.connects if c[0] >= traffic.signal_at), key=lambda c: c[0])
    refused = [c for c in connects if c[2] == "refused"]
    assert refused, f"none of {len(connects)} attempts was refused"
    first_refused_at = refused[0][1]
    assert traffic.trickle is not None and first_refused_at < traffic.trickle[1], "not refused while draining"
    assert [c for c in connects if c[0] >= first_refused_at and c[2] != "refused"] == []


def test_exit_status_is_0(drain):
    assert drain[2] == 0


def test_exits_within_the_drain_limit(drain):
    assert drain[2] is not None and drain[3] <= DRAIN_LIMIT_SECONDS


def test_the_log_says_the_drain_left_nothing_open(drain):
    messages = [entry.get("message", "") for entry in drain[1].log_entries() if entry.get("message") != "request"]
    drained = [message for message in messages if message.startswith("stopped;")]
    assert drained == ["stopped; 0 connection(s) were still open at the end of the drain"]
    assert messages[-1:] == ["stopped"]
