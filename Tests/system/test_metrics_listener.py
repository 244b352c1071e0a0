"""The metrics listener (`serve --metrics-address`) under idle connections: it has limits of its own (32 connections,
4 from one address) and the request head deadline, so sockets that connect and send nothing cannot keep Prometheus
out. Before, 16 idle sockets from anywhere filled it, and every scrape waited for as long as they stayed.

The idle sockets come from other addresses than the scraper's (127.0.0.1): IDLE_FROM_ONE from 127.0.0.2, as the
outside test did, and one from each of SPREAD addresses; then a flood from FLOOD addresses, one each, past the
listener's connection limit, which only the deadline bounds.
"""

import json
import socket
import time
import urllib.parse

import pytest

from conftest import DEFAULT_CONFIG
from rawhttp import exchange
from slowloris import connections_by_peer

HEAD_TIMEOUT = 2
IDLE_FROM_ONE = 16
SPREAD = 16
FLOOD = 48
METRICS_CONNECTION_LIMIT = 32
METRICS_PER_IP_LIMIT = 4
SCRAPE = b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"


def idle_sockets(port, sources):
    sockets = []
    for source in sources:
        connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        connection.bind((source, 0))
        connection.setblocking(False)
        connection.connect_ex(("127.0.0.1", port))
        sockets.append(connection)
    return sockets


def closed_within(connections, seconds):
    """How many of `connections` the server closed within `seconds` (from now)."""
    open_ones, deadline = list(connections), time.monotonic() + seconds
    while open_ones and time.monotonic() < deadline:
        for connection in list(open_ones):
            try:
                if connection.recv(1) == b"":
                    open_ones.remove(connection)
            except BlockingIOError:
                pass
            except OSError:
                open_ones.remove(connection)
        time.sleep(0.05)
    return len(connections) - len(open_ones)


def scrape(port):
    """(seconds, exchange) of one scrape from 127.0.0.1 on a new connection."""
    started = time.monotonic()
    result = exchange(port, SCRAPE, timeout=30.0)
    return time.monotonic() - started, result


@pytest.fixture(scope="module")
def metrics(serve):
    server = serve("--config", DEFAULT_CONFIG, "--metrics-address", "127.0.0.1:0", "--header-timeout", HEAD_TIMEOUT,
                   name="metrics")
    line = server.wait_for_log('"message":"serving metrics"')
    if line is None:
        pytest.fail(f"no 'serving metrics' line:\n{server.log_text()}")
    return server, urllib.parse.urlsplit(json.loads(line)["url"]).port


@pytest.fixture(scope="module")
def idle_attack(metrics):
    server, port = metrics
    connections = idle_sockets(port, ["127.0.0.2"] * IDLE_FROM_ONE + [f"127.0.0.{3 + n}" for n in range(SPREAD)])
    time.sleep(0.3)
    held = connections_by_peer(server.pid, port)
    seconds, result = scrape(port)
    closed = closed_within(connections, HEAD_TIMEOUT + 3.0)
    for connection in connections:
        connection.close()
    print(f"\nmetrics listener: {len(connections)} idle sockets, held {held}; a scrape answered in "
          f"{seconds * 1000:.1f} ms; {closed} closed by the {HEAD_TIMEOUT} s head deadline")
    return {"held": held, "scrape_seconds": seconds, "scrape": result, "closed": closed, "opened": len(connections)}


def test_a_scrape_is_answered_at_once_while_idle_sockets_are_open(idle_attack):
    assert idle_attack["scrape"].statuses == [200], idle_attack["scrape"].describe()
    assert idle_attack["scrape_seconds"] < 1.0, f"the scrape took {idle_attack['scrape_seconds']:.2f} s"


def test_one_address_holds_at_most_the_listeners_per_address_limit(idle_attack):
    assert idle_attack["held"].get("127.0.0.2", 0) <= METRICS_PER_IP_LIMIT, idle_attack["held"]
    assert sum(idle_attack["held"].values()) <= METRICS_CONNECTION_LIMIT, idle_attack["held"]


def test_idle_sockets_are_closed_by_the_head_deadline(idle_attack):
    assert idle_attack["closed"] == idle_attack["opened"]


def test_a_scrape_during_a_flood_past_the_limit_waits_at_most_about_the_head_deadline(metrics):
    server, port = metrics
    connections = idle_sockets(port, [f"127.0.{1 + n // 200}.{2 + n % 200}" for n in range(FLOOD)])
    time.sleep(0.3)
    held = sum(connections_by_peer(server.pid, port).values())
    seconds, result = scrape(port)
    for connection in connections:
        connection.close()
    print(f"\nmetrics listener flooded by {FLOOD} addresses: {held} held, a scrape answered after {seconds:.2f} s")
    assert held <= METRICS_CONNECTION_LIMIT
    assert result.statuses == [200], result.describe()
    assert seconds < HEAD_TIMEOUT + 2.0, f"the scrape waited {seconds:.2f} s"


def test_the_metrics_listener_still_serves_afterwards(metrics):
    _, port = metrics
    seconds, result = scrape(port)
    assert result.statuses == [200] and b"deeplinkd_requests_total" in result.responses[0].body, result.describe()
