"""Attackers and probes for the slowloris tests: many connections from several loopback addresses that trickle a
request head or stall a TLS handshake (each in a process of its own, reconnecting when the server closes them), the
server's connections counted by client network from /proc, and probes of the AASA on a new connection each.

Loopback answers on all of 127.0.0.0/8, so a test picks its source addresses: attackers in 127.0.0.0/24, probes from
127.1.0.1 (another /24, as a visitor from elsewhere on the internet would be).
"""

import http.client
import os
import resource
import selectors
import socket
import ssl
import statistics
import time

from rawhttp import HOST

AASA = "/.well-known/apple-app-site-association"
PROBE_ADDRESS = "127.1.0.1"


def attacker_addresses(count):
    """`count` addresses of 127.0.0.0/24, from 127.0.0.2 on (127.0.0.1 is the tests' own)."""
    return [f"127.0.0.{2 + index}" for index in range(count)]


def client_hello():
    """The first flight of a TLS 1.3 client, as Python's ssl module sends it."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    tls = context.wrap_bio(incoming, outgoing, server_hostname="localhost")
    try:
        tls.do_handshake()
    except ssl.SSLWantReadError:
        pass
    return outgoing.read()


class Attack:
    """Connections from `addresses`, `per_address` each, kept up for `seconds`: in "trickle" mode each sends a request
    line, then one header line every `interval` seconds; in "tls" mode every other one sends a TLS ClientHello and
    the rest nothing, and none goes further. A connection the server closes is reconnected (after `interval` when it
    was refused: closed within `refused_within` seconds, which leaves room for a busy machine to notice a close late,
    so the attack does not spin). Reports what it saw to `report` (a multiprocessing queue)."""

    def __init__(self, port, addresses, per_address, mode, interval, seconds, refused_within):
        self.port, self.addresses, self.per_address = port, addresses, per_address
        self.mode, self.interval, self.seconds, self.refused_within = mode, interval, seconds, refused_within
        self.hello = client_hello() if mode == "tls" else b""

    def run(self, stop, report):
        counts = {"connects": 0, "refused": 0, "closed_lifetimes": [], "max_open": 0, "errors": []}
        selector = selectors.DefaultSelector()
        slots = {}  # socket -> slot
        waiting = []  # (when, index) of slots to reconnect

        def connect(index):
            connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            connection.setblocking(False)
            connection.bind((self.addresses[index % len(self.addresses)], 0))
            connection.connect_ex(("127.0.0.1", self.port))
            counts["connects"] += 1
            now = time.monotonic()
            slot = {"index": index, "opened": now, "next": now + 0.05, "lines": 0}
            slots[connection] = slot
            selector.register(connection, selectors.EVENT_READ, slot)

        def closed(connection, now):
            slot = slots.pop(connection)
            selector.unregister(connection)
            connection.close()
            lifetime = now - slot["opened"]
            if lifetime < self.refused_within:
                counts["refused"] += 1
                waiting.append((now + self.interval, slot["index"]))
            else:
                counts["closed_lifetimes"].append(round(lifetime, 3))
                waiting.append((now + 0.05, slot["index"]))

        try:
            total = len(self.addresses) * self.per_address
            for index in range(total):
                connect(index)
                if index % 50 == 49:
                    time.sleep(0.02)  # a burst the listen backlog takes
            end = time.monotonic() + self.seconds
            while not stop.is_set() and time.monotonic() < end:
                for key, _ in selector.select(timeout=0.05):
                    try:
                        data = key.fileobj.recv(4096)
                    except BlockingIOError:
                        continue
                    except OSError:
                        data = b""
                    if not data:
                        closed(key.fileobj, time.monotonic())
                now = time.monotonic()
                for connection, slot in list(slots.items()):
                    if now >= slot["next"]:
                        self.send_next(connection, slot, now, closed)
                ready = [entry for entry in waiting if entry[0] <= now]
                waiting[:] = [entry for entry in waiting if entry[0] > now]
                for _, index in ready:
                    connect(index)
                counts["max_open"] = max(counts["max_open"], len(slots))
        except OSError as error:
            counts["errors"].append(f"attacker: {error}")
        finally:
            for connection in list(slots):
                connection.close()
            report.put(counts)

    def send_next(self, connection, slot, now, closed):
        if self.mode == "tls":
            data = self.hello if slot["index"] % 2 == 0 else b""
            slot["next"] = float("inf")  # then stalls
        elif slot["lines"] == 0:
            data = b"GET " + AASA.encode() + b" HTTP/1.1\r\nHost: " + HOST.encode() + b"\r\n"
            slot["next"] = now + self.interval
        else:
            data = b"X-Trickle-%d: %d\r\n" % (slot["lines"], slot["index"])
            slot["next"] = now + self.interval
        try:
            if data:
                connection.send(data)
            slot["lines"] += 1
        except BlockingIOError:
            slot["next"] = now + 0.05  # still connecting (waiting in the backlog)
        except OSError:
            closed(connection, now)


def socket_count(server_pid):
    """The sockets in the server's descriptor table: its listener, its log and its connections, each once."""
    count = 0
    for name in os.listdir(f"/proc/{server_pid}/fd"):
        try:
            count += os.readlink(f"/proc/{server_pid}/fd/{name}").startswith("socket:[")
        except OSError:
            continue
    return count


def connection_peers(server_pid, port):
    """Socket inode -> peer address of every accepted TCP connection on `port` in the server's descriptor table.

    Keyed by inode, so each socket is counted once: /proc/net/tcp is read in pieces while the kernel's table changes,
    and a connection can be listed twice."""
    inodes = set()
    for name in os.listdir(f"/proc/{server_pid}/fd"):
        try:
            target = os.readlink(f"/proc/{server_pid}/fd/{name}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    peers = {}
    with open("/proc/net/tcp", encoding="ascii") as handle:
        next(handle)
        for line in handle:
            fields = line.split()
            local, remote, inode = fields[1], fields[2], fields[9]
            if int(local.split(":")[1], 16) == port and inode in inodes and not remote.endswith(":0000"):
                peers[inode] = ".".join(str(octet) for octet in reversed(bytes.fromhex(remote.split(":")[0])))
    return peers


def connections_by_peer(server_pid, port):
    """The server's accepted TCP connections on `port`, counted by peer address (such as `127.0.0.2`)."""
    counts = {}
    for peer in connection_peers(server_pid, port).values():
        counts[peer] = counts.get(peer, 0) + 1
    return counts


def raise_descriptor_limit(wanted):
    """Raises this process's descriptor limit to `wanted` (or its hard limit), for the many sockets of an attack."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, wanted) if hard != resource.RLIM_INFINITY else wanted
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def connections_by_network(server_pid, port):
    """The server's accepted TCP connections on `port`, counted by the /24 of their peer (such as `127.0.0.0/24`)."""
    counts = {}
    for peer, count in connections_by_peer(server_pid, port).items():
        network = peer.rsplit(".", 1)[0] + ".0/24"
        counts[network] = counts.get(network, 0) + count
    return counts


def probe(port, context=None, timeout=30.0):
    """GET the AASA from PROBE_ADDRESS on a new connection (over TLS with `context`): (milliseconds, None) when it
    answers 200 with the AASA, else (milliseconds, what went wrong)."""
    started = time.monotonic()
    if context is None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(PROBE_ADDRESS, 0))
    else:
        connection = http.client.HTTPSConnection("127.0.0.1", port, timeout=timeout, context=context,
                                                 source_address=(PROBE_ADDRESS, 0))
    try:
        connection.request("GET", AASA, headers={"Host": HOST})
        answer = connection.getresponse()
        body = answer.read()
        problem = None if answer.status == 200 and b'"applinks"' in body else f"status {answer.status}"
    except (OSError, http.client.HTTPException) as error:
        problem = f"{type(error).__name__}: {error}"
    finally:
        connection.close()
    return (time.monotonic() - started) * 1000.0, problem


def summary(latencies):
    """Median, max and count of `latencies` (ms), rounded, for messages and the docs."""
    if not latencies:
        return {"median": None, "max": None, "count": 0}
    return {"median": round(statistics.median(latencies), 1), "max": round(max(latencies), 1), "count": len(latencies)}
