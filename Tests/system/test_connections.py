"""Connection abuse: slowloris from another address while a normal client is served, incomplete requests left open
until the request head deadline closes them, and a flood of idle connections against a small --connection-limit.

Slowloris: ATTACKERS connections from 127.0.0.2 trickle one header line a second (closed ones reconnect) while a
normal client on 127.0.0.1 makes requests; it must see only successes with p99 under P99_BOUND_MS (its p99 alone,
measured first, is in the failure message, to tell a busy machine from a hurting attack). The server may hold no
more attacker connections than the per-IP limit, counted from /proc: its sockets whose peer is 127.0.0.2, present in
two snapshots HOLD_SECONDS apart (libmicrohttpd accepts a connection over a limit and closes it at once).
"""

import multiprocessing
import queue
import socket
import threading
import time

import pytest

from hostile_cases import INCOMPLETE
from rawhttp import HOST, exchange, fetch
from slowloris import connection_peers, raise_descriptor_limit

ATTACKER_ADDRESS = "127.0.0.2"
ATTACKERS = 500
ATTACK_SECONDS = 14.0
TRICKLE_INTERVAL = 1.0
NORMAL_DELAY = 1.0  # the normal client starts once the attack is established
NORMAL_SECONDS = 12.0
NORMAL_PACE = 0.02  # seconds between the normal client's requests
BASELINE_SECONDS = 4.0  # the normal client alone first
P99_BOUND_MS = 100.0
HOLD_SECONDS = 0.1
PER_IP_LIMIT = 64  # deeplinkd's default --per-ip-limit
CONNECTION_LIMIT = 1000  # deeplinkd's default --connection-limit
HEAD_TIMEOUT = 10  # deeplinkd's default --header-timeout: an incomplete request is closed this long after it connected
RSS_BOUND_MIB = 64
FLOOD_LIMIT = 20
FLOOD_CONNECTIONS = 200
NORMAL_TARGETS = [("/healthz", b'"status":"ok"'), ("/.well-known/apple-app-site-association", b'"applinks"'),
                  ("/resolve?url=https%3A%2F%2Flinks.example.com%2Fc%2FCH-42", b'"matched":true'),
                  ("/c/CH-42", b"CH-42")]


def held_connections(server, peer=None):
    """(held from `peer`, seen from `peer` in one snapshot, held in all): held means in two snapshots."""
    first = connection_peers(server.pid, server.port)
    time.sleep(HOLD_SECONDS)
    second = connection_peers(server.pid, server.port)
    held = [inode for inode in first if inode in second]
    from_peer = [inode for inode in held if peer is None or second[inode] == peer]
    return len(from_peer), sum(1 for address in first.values() if peer is None or address == peer), len(held)


def server_closed(connection):
    try:
        return connection.recv(4096, socket.MSG_PEEK) == b""
    except BlockingIOError:
        return False


def attack(port, stop, report):
    """ATTACKERS sockets from ATTACKER_ADDRESS, one header line each every TRICKLE_INTERVAL; closed ones reconnect.
    Runs in its own process, so it competes with the normal client for CPU only, not for the GIL."""
    counts = {"connects": 0, "closed_by_server": 0, "lines": 0, "errors": []}

    def connect(delay):
        connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        connection.setblocking(False)
        connection.bind((ATTACKER_ADDRESS, 0))
        connection.connect_ex(("127.0.0.1", port))
        counts["connects"] += 1
        return {"socket": connection, "next": time.monotonic() + delay, "lines": 0}

    slots = []
    try:
        slots = [connect(0.2 + index * TRICKLE_INTERVAL / ATTACKERS) for index in range(ATTACKERS)]
        deadline = time.monotonic() + ATTACK_SECONDS
        while not stop.is_set() and time.monotonic() < deadline:
            now = time.monotonic()
            for index, slot in enumerate(slots):
                if now < slot["next"]:
                    continue
                line = (b"GET /healthz HTTP/1.1\r\nHost: " + HOST.encode() + b"\r\n" if slot["lines"] == 0
                        else b"X-Trickle-%d: %d\r\n" % (slot["lines"], index))
                try:
                    if slot["lines"] > 0 and server_closed(slot["socket"]):
                        raise ConnectionResetError
                    slot["socket"].send(line)
                    slot["lines"] += 1
                    counts["lines"] += 1
                    slot["next"] = now + TRICKLE_INTERVAL
                except BlockingIOError:
                    slot["next"] = now + 0.1  # still connecting (waiting in the backlog)
                except OSError:
                    counts["closed_by_server"] += 1
                    slot["socket"].close()
                    slots[index] = connect(TRICKLE_INTERVAL)
            stop.wait(0.05)
    except OSError as error:
        counts["errors"].append(f"attacker: {error}")
    finally:
        for slot in slots:
            slot["socket"].close()
        report.put(counts)


def normal_client(port, seconds, latencies, failures):
    """A request every NORMAL_PACE seconds, each on a new connection: its latency in ms, or the failure."""
    stop_at, index = time.monotonic() + seconds, 0
    while time.monotonic() < stop_at:
        target, marker = NORMAL_TARGETS[index % len(NORMAL_TARGETS)]
        index += 1
        started = time.monotonic()
        response, result = fetch(port, target)
        elapsed = (time.monotonic() - started) * 1000.0
        if response is not None and response.status == 200 and marker in response.body:
            latencies.append(elapsed)
        else:
            failures.append(f"{target}: {result.describe()} after {elapsed:.0f} ms")
        time.sleep(max(0.0, NORMAL_PACE - (time.monotonic() - started)))


def p99(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))] if ordered else float("nan")


@pytest.fixture(scope="module", autouse=True)
def descriptor_limit():
    raise_descriptor_limit(4096)


@pytest.fixture(scope="module")
def idle_probes(server):
    """One connection per INCOMPLETE request, left open: the server must close each at its request head deadline."""
    server.warm_up()
    baseline = server.stable_descriptor_count()
    opened_at, connections = time.monotonic(), {}
    for name, data in INCOMPLETE.items():
        connections[name] = socket.create_connection(("127.0.0.1", server.port), timeout=2)
        connections[name].sendall(data)
        connections[name].setblocking(False)
    yield opened_at, connections, baseline
    for connection in connections.values():
        connection.close()


@pytest.fixture(scope="module")
def slowloris(server, idle_probes):
    baseline = idle_probes[2]
    quiet, quiet_failures = [], []
    normal_client(server.port, BASELINE_SECONDS, quiet, quiet_failures)
    context = multiprocessing.get_context("fork")
    stop, report = context.Event(), context.Queue()
    attacker = context.Process(target=attack, args=(server.port, stop, report), daemon=True)
    attacker.start()
    time.sleep(NORMAL_DELAY)
    run = {"baseline": baseline, "quiet_p99": p99(quiet), "latencies": [], "failures": [], "held": [], "total": [],
           "rss": [], "log_start": len(server.log_text())}
    client = threading.Thread(target=normal_client, args=(server.port, NORMAL_SECONDS, run["latencies"],
                                                          run["failures"]), daemon=True)
    client.start()
    while client.is_alive():
        held, _, total = held_connections(server, ATTACKER_ADDRESS)
        run["held"].append(held)
        run["total"].append(total)
        run["rss"].append(server.rss_mib())
        client.join(0.5)
    stop.set()
    attacker.join(10)
    if attacker.is_alive():
        attacker.kill()
    try:
        run["attacker"] = report.get(timeout=5)
    except queue.Empty:
        run["attacker"] = {"errors": ["the attacker process reported nothing"]}
    return run


def test_slowloris_attacker_ran(slowloris):
    assert not slowloris["attacker"]["errors"]


def test_slowloris_normal_client_sees_only_successes(slowloris):
    assert slowloris["latencies"] and not slowloris["failures"], slowloris["failures"][:10]


def test_slowloris_normal_client_p99_stays_low(slowloris):
    assert p99(slowloris["latencies"]) < P99_BOUND_MS, f"p99 without the attack: {slowloris['quiet_p99']:.1f} ms"


def test_slowloris_attacker_holds_at_most_the_per_ip_limit(slowloris):
    assert 0 < max(slowloris["held"]) <= PER_IP_LIMIT, slowloris["held"]


def test_slowloris_server_holds_at_most_the_connection_limit(slowloris):
    assert max(slowloris["total"]) <= CONNECTION_LIMIT


def test_slowloris_server_still_runs(server, slowloris):
    assert server.is_alive()


def test_slowloris_healthz_answers_200_afterwards(server, slowloris):
    response, result = fetch(server.port, "/healthz")
    assert response is not None and response.status == 200 and b'"status":"ok"' in response.body, result.describe()


def test_slowloris_descriptors_go_back_to_the_baseline(server, slowloris, idle_probes):
    test_idle_probes_are_closed_by_the_head_deadline(idle_probes)  # they hold descriptors until then
    assert server.settled_descriptor_count(slowloris["baseline"]) <= slowloris["baseline"]


def test_slowloris_memory_stays_bounded(server, slowloris):
    assert max(slowloris["rss"] + [server.rss_mib()]) < RSS_BOUND_MIB


def test_idle_probes_are_closed_by_the_head_deadline(idle_probes):
    opened_at, connections, _ = idle_probes
    closed_after, deadline = {}, opened_at + HEAD_TIMEOUT + 3.0
    while True:  # polled at least once: the slowloris phase may have outlasted the deadline
        for name, connection in connections.items():
            try:
                if name not in closed_after and connection.recv(65536) == b"":
                    closed_after[name] = time.monotonic() - opened_at
            except BlockingIOError:
                pass
            except OSError:
                closed_after[name] = time.monotonic() - opened_at
        if len(closed_after) == len(connections) or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert sorted(closed_after) == sorted(connections), f"still open: {sorted(set(connections) - set(closed_after))}"


def test_slowloris_log_shows_no_5xx_and_no_error(server, slowloris):
    assert server.problems(slowloris["log_start"]) == []


@pytest.fixture(scope="module")
def flood(serve):
    """A server with --connection-limit FLOOD_LIMIT gets FLOOD_CONNECTIONS idle connections; a new client waits."""
    server = serve("--connection-limit", FLOOD_LIMIT, "--per-ip-limit", 0, name="flood")
    before, _ = fetch(server.port, "/healthz")
    baseline = server.stable_descriptor_count()
    idle = []
    for _ in range(FLOOD_CONNECTIONS):
        connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        connection.setblocking(False)
        connection.connect_ex(("127.0.0.1", server.port))
        idle.append(connection)
    time.sleep(1.0)
    held = held_connections(server)[0]
    waiting = {}
    waiter = threading.Thread(target=lambda: waiting.update(result=exchange(server.port, [
        b"GET /healthz HTTP/1.1\r\nHost: " + HOST.encode() + b"\r\nConnection: close\r\n\r\n"], timeout=20.0)))
    waiter.start()
    waiter.join(1.5)
    answered_while_full = not waiter.is_alive()
    for connection in idle:
        connection.close()
    waiter.join(20)
    result = waiting.get("result")
    return {"server": server, "before": before, "baseline": baseline, "held": held, "result": result,
            "served": result is not None and result.statuses == [200], "answered_while_full": answered_while_full}


def test_flood_server_answers_healthz_before(flood):
    assert flood["before"] is not None and flood["before"].status == 200


def test_flood_server_holds_at_most_the_connection_limit(flood):
    assert flood["held"] <= FLOOD_LIMIT


def test_flood_new_client_is_not_refused_with_an_error_while_full(flood):
    assert flood["served"] or not flood["answered_while_full"], flood["result"].describe()


def test_flood_waiting_client_is_answered_once_the_idle_connections_close(flood):
    assert flood["served"], flood["result"].describe() if flood["result"] else "no result"


def test_flood_server_answers_healthz_after(flood):
    response, result = fetch(flood["server"].port, "/healthz")
    assert response is not None and response.status == 200, result.describe()


def test_flood_descriptors_go_back_to_the_baseline(flood):
    assert flood["server"].settled_descriptor_count(flood["baseline"]) <= flood["baseline"]


def test_flood_server_still_runs(flood):
    assert flood["server"].is_alive()


def test_flood_log_shows_no_5xx_and_no_error(flood):
    assert flood["server"].problems() == []
