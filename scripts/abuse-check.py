#!/usr/bin/env python3
"""Attacks a running deeplinkd over raw sockets and checks that it stays correct, bounded and healthy.

Usage: scripts/abuse-check.py [DEEPLINKD_BINARY] [--report FILE]   (default .build/debug/deeplinkd; run from the
repository root)

The script starts the already-built server itself (port 0, the default config, the default limits), reads the port
from the "serving" log line, and runs three phases against it:

1. Hostile requests, generated from families (bad request lines, methods, versions, huge and many headers, NUL and
   control bytes, 100 KB targets, absolute and asterisk forms, Content-Length / Transfer-Encoding conflicts that
   hide a second request, invalid chunking, pipelining, HTTP/1.0 without Host, Host variations, percent-encoding
   edge cases on every endpoint). Each case has a name and an expectation: `reject` (a 4xx or a close without a
   response), `tolerate` (any answer but a 5xx, or a close), `smuggle` (refused, and the hidden request is never
   answered) or an exact list of statuses (pipelining). No case may get a 5xx (a 505 is allowed only for an
   unsupported HTTP major version, the one answer RFC 9110 defines for it), hang past CASE_TIMEOUT or crash the
   server. Every response is also checked for injected headers and a Content-Length that matches its body.
2. Slowloris: 500 connections from 127.0.0.2 trickle one header line a second (closed ones reconnect) while a
   normal client on 127.0.0.1 makes requests; the normal client must see only successes with p99 under
   P99_BOUND_MS. The normal client first runs alone for BASELINE_SECONDS, and that p99 is reported beside the one
   under attack, so a failure shows whether the attack or a busy machine cost the time. The server may hold no more attacker connections than the per-IP limit (counted from /proc: server-side
   sockets whose peer is 127.0.0.2).
3. Connection flood: a second server with `--connection-limit 20 --per-ip-limit 0` gets 200 idle connections; it
   may hold at most 20, a new client waits in the backlog, and once the idle ones close the waiting client is
   answered and the server is healthy again.

After phases 1 and 2 the first server must answer /healthz with 200, its open descriptors (/proc/PID/fd) must be
back to the baseline taken after warm-up, its RSS must stay under RSS_BOUND_MB, and its log may show no 5xx and no
error. Everything has a time limit; both servers are stopped at the end, also on failure, SIGTERM or SIGHUP.
Prints one line per family and every failing case in full, a summary block (also written as JSON with --report),
and ends with `N passed, M failed`; exits 1 when anything failed.
"""

import argparse
import concurrent.futures
import json
import multiprocessing
import os
import queue
import re
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

from checklib import stop_process

STARTUP_TIMEOUT = 15.0
CASE_TIMEOUT = 3.0  # a complete request must be answered or closed within this
GRACE_SECONDS = 0.3  # how long to listen for an extra (smuggled) response after the expected ones
SHORT_GRACE_SECONDS = 0.05  # the same for single requests, where an extra response is only a bonus finding
CASE_WORKERS = 8
SETTLE_SECONDS = 5.0  # for descriptors to go back to baseline once clients have closed
RSS_BOUND_MB = 64
OVERALL_TIMEOUT = 150

ATTACKER_ADDRESS = "127.0.0.2"
ATTACKERS = 500
ATTACK_SECONDS = 14.0
TRICKLE_INTERVAL = 1.0
NORMAL_DELAY = 1.0  # the normal client starts once the attack is established
NORMAL_SECONDS = 12.0
NORMAL_PACE = 0.02  # seconds between the normal client's requests
BASELINE_SECONDS = 4.0  # the normal client alone first, to tell a busy machine from a hurting attack
P99_BOUND_MS = 100.0
SERVER_TIMEOUT = 15  # deeplinkd's default --timeout
HOLD_SECONDS = 0.1  # a connection in two /proc snapshots this far apart is held, not just being refused
PER_IP_LIMIT = 64  # deeplinkd's default --per-ip-limit
CONNECTION_LIMIT = 1000  # deeplinkd's default --connection-limit

FLOOD_LIMIT = 20
FLOOD_CONNECTIONS = 200

HOST = "links.example.com"
TOKEN = "Mq7Zt2vXk9Lw4Rb8Hn3Pd6Ys"
SHUT_WRITE = "shut"  # a piece of a case: the client half-closes (no more bytes from it)
HIDDEN = b"GET /healthz HTTP/1.1\r\nHost: " + HOST.encode() + b"\r\n\r\n"


# ---------------------------------------------------------------------------------------------------------------
# Server processes


class Server:
    """One deeplinkd process on 127.0.0.1 port 0, its log in a temporary file."""

    def __init__(self, binary, extra_arguments=()):
        self.log = tempfile.NamedTemporaryFile(prefix="deeplinkd-abuse-", suffix=".log", delete=False)
        arguments = [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--config", "config/deeplinkd.yaml"]
        arguments += ["--public", "Public", *extra_arguments]
        self.process = subprocess.Popen(arguments, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self.log)
        self.pid = self.process.pid
        self.port = None
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while time.monotonic() < deadline and self.port is None:
            match = re.search(r'"url":"http://127\.0\.0\.1:(\d+)"', self.log_text())
            if match:
                self.port = int(match.group(1))
            elif self.process.poll() is not None:
                break
            else:
                time.sleep(0.05)
        if self.port is None:
            raise RuntimeError(f"{binary} did not log 'serving' within {STARTUP_TIMEOUT:.0f} s:\n{self.log_text()}")

    def log_text(self):
        with open(self.log.name, "r", encoding="utf-8", errors="replace") as handle:
            return handle.read()

    def is_alive(self):
        return self.process.poll() is None

    def descriptor_count(self):
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def rss_mb(self):
        with open(f"/proc/{self.pid}/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
        return 0.0

    def socket_inodes(self):
        inodes = set()
        for name in os.listdir(f"/proc/{self.pid}/fd"):
            try:
                target = os.readlink(f"/proc/{self.pid}/fd/{name}")
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
        return inodes

    def connection_inodes(self):
        """Socket inode -> peer address of every accepted TCP connection in the server's descriptor table."""
        inodes = self.socket_inodes()
        found = {}
        with open("/proc/net/tcp", encoding="ascii") as handle:
            next(handle)
            for line in handle:
                fields = line.split()
                local, remote, inode = fields[1], fields[2], fields[9]
                if int(local.split(":")[1], 16) != self.port or inode not in inodes or remote.endswith(":0000"):
                    continue
                found[inode] = hex_address(remote)
        return found

    def held_connections(self, peer=None):
        """Connections the server holds: present in two snapshots HOLD_SECONDS apart.

        libmicrohttpd accepts a connection over the per-IP or total limit and closes it at once; a single
        snapshot can catch such a socket in the descriptor table for the instant between the two, which is
        not holding it."""
        first = self.connection_inodes()
        time.sleep(HOLD_SECONDS)
        second = self.connection_inodes()
        held = [inode for inode in first if inode in second]
        from_peer = [inode for inode in held if peer is None or second[inode] == peer]
        return len(from_peer), sum(1 for address in first.values() if peer is None or address == peer), len(held)

    def stop(self):
        stop_process(self.process)
        self.log.close()

    def remove_log(self):
        try:
            os.unlink(self.log.name)
        except OSError:
            pass


def hex_address(field):
    """`0200007F:1F90` from /proc/net/tcp to `127.0.0.2`."""
    packed = bytes.fromhex(field.split(":")[0])
    return ".".join(str(byte) for byte in reversed(packed))


def stable_descriptor_count(server):
    """The descriptor count once two readings 0.2 s apart agree (a client's close may still be in flight)."""
    previous = server.descriptor_count()
    for _ in range(20):
        time.sleep(0.2)
        current = server.descriptor_count()
        if current == previous:
            return current
        previous = current
    return previous


def settle_descriptors(server, baseline):
    deadline = time.monotonic() + SETTLE_SECONDS
    count = server.descriptor_count()
    while count > baseline and time.monotonic() < deadline:
        time.sleep(0.1)
        count = server.descriptor_count()
    return count


# ---------------------------------------------------------------------------------------------------------------
# Responses


class Response:
    def __init__(self, status, headers, body, anomalies):
        self.status = status
        self.headers = headers  # list of (lower-case name, value)
        self.body = body
        self.anomalies = anomalies

    def header(self, name):
        for key, value in self.headers:
            if key == name:
                return value
        return None

    def __repr__(self):
        return f"{self.status}" + (f" ({'; '.join(self.anomalies)})" if self.anomalies else "")


def parse_responses(data, methods, closed):
    """Complete responses at the start of `data`; the rest is incomplete. `methods` says which answer a HEAD."""
    responses, position, problems = [], 0, []
    while position < len(data):
        if not data.startswith(b"HTTP/", position):
            problems.append(f"bytes that are not a response at offset {position}: {data[position:position + 40]!r}")
            break
        end = data.find(b"\r\n\r\n", position)
        if end < 0:
            break
        lines = data[position:end].split(b"\r\n")
        status_line = lines[0].split(b" ", 2)
        try:
            status = int(status_line[1])
        except (IndexError, ValueError):
            problems.append(f"unreadable status line {lines[0]!r}")
            break
        headers = []
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            headers.append((name.strip().lower().decode("latin-1"), value.strip().decode("latin-1")))
        start = end + 4
        if 100 <= status < 200:
            position = start
            continue
        method = methods[len(responses)] if len(responses) < len(methods) else "GET"
        length_value = dict(headers).get("content-length")
        if method == "HEAD" or status in (204, 304):
            length = 0
        elif length_value is not None and length_value.isdigit():
            length = int(length_value)
        elif closed:
            length = len(data) - start
        else:
            break
        if len(data) - start < length:
            if closed:
                problems.append(f"{status}: body shorter than its Content-Length {length}")
            break
        anomalies = []
        header_block = data[position:start]
        if data.startswith(header_block, start):
            # libmicrohttpd 0.9.75 sends the header block of some of its own error responses twice, then the
            # whole body: a client reading by Content-Length takes the copy as the body and desynchronises.
            anomalies.append("header block sent twice")
            start += len(header_block)
        body = data[start:start + length]
        responses.append(Response(status, headers, body, anomalies))
        position = start + length
    return responses, data[position:], problems


class Exchange:
    """What one connection got back: responses, whether and how it was closed, and whether it hung."""

    def __init__(self):
        self.responses = []
        self.closed = False
        self.reset = False
        self.hung = False
        self.problems = []
        self.elapsed = 0.0

    def describe(self):
        parts = [repr(response) for response in self.responses] or ["no response"]
        if self.reset:
            parts.append("reset")
        elif self.closed:
            parts.append("closed")
        if self.hung:
            parts.append(f"HUNG {CASE_TIMEOUT:.0f} s")
        parts += self.problems
        return ", ".join(parts)


def exchange(port, pieces, methods, expected_count, grace=GRACE_SECONDS, timeout=CASE_TIMEOUT, source=None):
    """Sends `pieces` (bytes, a float meaning a pause, or SHUT_WRITE) and reads until closed, or `expected_count` responses
    plus `grace` seconds of silence, or `timeout`."""
    result = Exchange()
    started = time.monotonic()
    connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        if source:
            connection.bind((source, 0))
        connection.settimeout(timeout)
        connection.connect(("127.0.0.1", port))
        for piece in pieces:
            if isinstance(piece, float):
                time.sleep(piece)
            elif piece == SHUT_WRITE:
                connection.shutdown(socket.SHUT_WR)
            else:
                try:
                    connection.sendall(piece)
                except (BrokenPipeError, ConnectionResetError):
                    break  # the server may refuse before reading everything; what it answered is read below
        data = b""
        deadline = time.monotonic() + timeout
        quiet_until = None
        while True:
            now = time.monotonic()
            limit = deadline if quiet_until is None else min(deadline, quiet_until)
            if now >= limit:
                result.hung = quiet_until is None
                break
            connection.settimeout(limit - now)
            try:
                chunk = connection.recv(65536)
            except socket.timeout:
                continue
            except ConnectionResetError:
                result.closed = result.reset = True
                break
            if not chunk:
                result.closed = True
                break
            data += chunk
            responses, _, _ = parse_responses(data, methods, False)
            if len(responses) >= expected_count and quiet_until is None:
                quiet_until = time.monotonic() + grace
        result.responses, rest, result.problems = parse_responses(data, methods, result.closed)
        if rest and not result.problems:
            result.problems.append(f"incomplete response: {rest[:60]!r}")
    except OSError as error:
        result.problems.append(f"socket error: {error}")
    finally:
        connection.close()
    result.elapsed = time.monotonic() - started
    return result


# ---------------------------------------------------------------------------------------------------------------
# Cases


class Case:
    """One hostile request: its family, name, bytes, and what the server may answer."""

    def __init__(self, family, name, pieces, expect="reject", methods=None, allow_505=False, check=None, lenient=None):
        self.family = family
        self.name = name
        self.pieces = pieces if isinstance(pieces, list) else [pieces]
        # "reject", "tolerate", "smuggle" (refused, the hidden request never answered), "not smuggled" (the visible
        # request may be answered, the hidden one never), or a list of statuses in order
        self.expect = expect
        first = next((piece for piece in self.pieces if isinstance(piece, bytes)), b"")
        self.methods = methods or [first.split(b" ", 1)[0].decode("latin-1")]
        self.allow_505 = allow_505
        self.check = check  # extra check: Exchange -> error text or None
        self.lenient = lenient  # for a tolerated case: the rule a 2xx answer bends, reported as a note

    def wire(self):
        data = b"".join(piece for piece in self.pieces if isinstance(piece, bytes))
        shown = repr(data[:300]) + (f"... ({len(data)} bytes)" if len(data) > 300 else "")
        return shown

    def judge(self, result):
        """The list of reasons this case failed; empty when it passed."""
        errors = []
        statuses = [response.status for response in result.responses]
        for status in statuses:
            if status >= 500 and not (status == 505 and self.allow_505):
                errors.append(f"server error {status}")
        for response in result.responses:
            if response.header("x-injected") is not None:
                errors.append("a header was injected through the request")
        if result.hung and not statuses:
            errors.append(f"no answer and no close within {CASE_TIMEOUT:.0f} s")
        if any(problem.startswith(("bytes that", "unreadable", "socket error")) for problem in result.problems):
            errors += result.problems
        if self.expect == "reject":
            if statuses and not 400 <= statuses[0] < 600:
                errors.append(f"accepted with {statuses[0]} instead of a 4xx or a close")
        elif self.expect in ("smuggle", "not smuggled"):
            if self.expect == "smuggle" and statuses and not 400 <= statuses[0] < 600:
                errors.append(f"accepted with {statuses[0]} instead of a 4xx or a close")
            hidden = [r for r in result.responses if b'"status":"ok"' in r.body]
            if len(statuses) > 1 or hidden:
                errors.append(f"SMUGGLED: the hidden request was answered as a separate response ({len(statuses)} "
                              "responses on one connection)")
        elif isinstance(self.expect, list):
            if statuses[:len(self.expect)] != self.expect or len(statuses) > len(self.expect):
                errors.append(f"expected statuses {self.expect} in order, got {statuses}")
        if self.check and not errors:
            error = self.check(result)
            if error:
                errors.append(error)
        return errors


def request(method, target, headers=None, version=b"HTTP/1.1", body=b"", host=HOST.encode()):
    lines = [method + b" " + target + b" " + version]
    if host is not None:
        lines.append(b"Host: " + host)
    lines += headers or []
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


def get(target, headers=None, **keywords):
    if isinstance(target, str):
        target = target.encode("latin-1")
    return request(b"GET", target, headers, **keywords)


def request_line_cases():
    family = "request line"
    lines = {
        "garbage": b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"A" * 40 + b"\r\n\r\n",
        "method only": b"GET\r\n\r\n",
        "no version (HTTP/0.9)": b"GET /healthz\r\n\r\n",
        "no target": b"GET  HTTP/1.1\r\nHost: x\r\n\r\n",
        "three spaces": b"GET   /healthz   HTTP/1.1\r\nHost: x\r\n\r\n",
        "tab separators": b"GET\t/healthz\tHTTP/1.1\r\nHost: x\r\n\r\n",
        "version first": b"HTTP/1.1 GET /healthz\r\nHost: x\r\n\r\n",
        "response line as request": b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n",
        "four parts": b"GET /healthz HTTP/1.1 extra\r\nHost: x\r\n\r\n",
        "leading space": b" GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n",
        "target without slash": b"GET healthz HTTP/1.1\r\nHost: x\r\n\r\n",
        "space inside target": b"GET /heal thz HTTP/1.1\r\nHost: x\r\n\r\n",
        "CR inside request line": b"GET /heal\rthz HTTP/1.1\r\nHost: x\r\n\r\n",
        "h2c preface": b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
        "long method 10 KB": b"G" * 10000 + b" /healthz HTTP/1.1\r\nHost: x\r\n\r\n",
        "line of 40 KB spaces": b" " * 40000 + b"\r\n\r\n",
        "only LFs then junk": b"\n" * 100 + b"junk\r\n\r\n",
        "header before request line": b"Host: x\r\nGET /healthz HTTP/1.1\r\n\r\n",
    }
    allow_505 = {"h2c preface"}
    cases = [Case(family, name, data, allow_505=name in allow_505, methods=["GET"]) for name, data in lines.items()]
    # No complete request line: the server may wait (until --timeout, see IDLE_PROBES) but must close cleanly
    # as soon as the client stops sending.
    cases += [Case(family, f"{name}, then half-close", [data, SHUT_WRITE]) for name, data in INCOMPLETE.items()]
    return cases


# Bytes that hold no complete request; sent once with a half-close (a case) and once left open (an idle probe
# the server must close by its inactivity timeout).
INCOMPLETE = {
    "empty lines only": b"\r\n\r\n\r\n",
    "TLS client hello": b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03" + bytes(range(32)),
    "only CRs": b"\r" * 5000,
    "line of NULs": b"\x00" * 64 + b"\r\n\r\n",
    "bare CR line endings": b"GET /healthz HTTP/1.1\rHost: x\r\r",
    "request line without end": b"GET /healthz HTTP/1.1",
    "headers without end": b"GET /healthz HTTP/1.1\r\nHost: x\r\n",
    "body shorter than Content-Length": request(b"POST", b"/resolve", [b"Content-Length: 10"], body=b"{}"),
    "nothing at all": b"",
}


def method_cases():
    family = "methods"
    cases = []
    odd = {
        "lowercase get": b"get", "mixed case": b"GeT", "at sign": b"G@T", "angle brackets": b"<script>",
        "NUL in method": b"GE\x00T", "DEL in method": b"GE\x7fT", "high bytes": b"\xc3\x89GET", "comma": b"GET,POST",
        "slash": b"GET/", "quote": b'"GET"', "TRACE": b"TRACE", "TRACK": b"TRACK", "CONNECT": b"CONNECT",
        "PUT": b"PUT", "DELETE": b"DELETE", "PATCH": b"PATCH", "PROPFIND": b"PROPFIND", "BREW": b"BREW",
        "OPTIONS": b"OPTIONS", "1 KB method": b"X" * 1000,
    }
    for name, method in odd.items():
        for target in (b"/healthz", b"/.well-known/apple-app-site-association"):
            short = "healthz" if target == b"/healthz" else "aasa"
            cases.append(Case(family, f"{name} {short}", request(method, target), methods=["GET"]))
    cases.append(Case(family, "CONNECT authority-form", request(b"CONNECT", b"links.example.com:443")))
    cases.append(Case(family, "TRACE does not echo", request(b"TRACE", b"/", [b"X-Secret: trace-me"]),
                      check=lambda r: "TRACE echoed the request" if any(b"trace-me" in x.body
                                                                             for x in r.responses) else None))
    return cases


def version_cases():
    family = "versions"
    versions = {
        "HTTP/2.0": (b"HTTP/2.0", True), "HTTP/3": (b"HTTP/3", True), "HTTP/9.9": (b"HTTP/9.9", True),
        "HTTP/0.9": (b"HTTP/0.9", True), "lowercase http/1.1": (b"http/1.1", False), "HTTPS/1.1": (b"HTTPS/1.1", False),
        "HTTP/1": (b"HTTP/1", False), "HTTP/": (b"HTTP/", False), "HTTP/1.1x": (b"HTTP/1.1x", False),
        "HTTP/-1.1": (b"HTTP/-1.1", False), "HTTP/1.1 with NUL": (b"HTTP/1.1\x00", False),
        "HTTP/01.1": (b"HTTP/01.1", True), "HTTP/1.01": (b"HTTP/1.01", True), "HTTP/1.10": (b"HTTP/1.10", True),
        "HTTP/1.1.1": (b"HTTP/1.1.1", True), "FTP/1.0": (b"FTP/1.0", False), "HTTP/1.1 trailing space": (b"HTTP/1.1 ", False),
        "HTTP/99999999999999999999.1": (b"HTTP/99999999999999999999.1", True),
    }
    cases = [Case(family, name, get("/healthz", version=version), allow_505=allow) for name, (version, allow)
             in versions.items()]
    # A higher minor version of 1.x is HTTP/1.1 to a server (RFC 9110 2.5); answering it is right.
    cases.append(Case(family, "HTTP/1.2 served as 1.1", get("/healthz", version=b"HTTP/1.2"), expect="tolerate"))
    return cases


def header_cases():
    family = "huge and many headers"
    many = lambda count, size: [b"X-H%d: %s" % (i, b"v" * size) for i in range(count)]
    cases = [
        Case(family, "one 40 KB header", get("/healthz", [b"X-Big: " + b"a" * 40000])),
        Case(family, "one 100 KB header", get("/healthz", [b"X-Big: " + b"a" * 100000])),
        Case(family, "40 KB header name", get("/healthz", [b"X" * 40000 + b": v"])),
        Case(family, "2000 small headers", get("/healthz", many(2000, 2))),
        Case(family, "10000 tiny headers", get("/healthz", [b"a:" for _ in range(10000)])),
        Case(family, "300 headers of 200 bytes", get("/healthz", many(300, 200))),
        Case(family, "40 KB cookie", get("/c/CH-42", [b"Cookie: " + b"k=v; " * 8000])),
        Case(family, "100 KB Host", get("/healthz", host=b"h" * 100000)),
        Case(family, "40 KB of folded continuation lines", get("/healthz", [b"X-F: a"] + [b" b" * 10] * 2000)),
        Case(family, "header line without colon", get("/healthz", [b"X-No-Colon"])),
        # A field name is a token (RFC 9110 5.1); RFC 9112 5.1 says 400 for whitespace before the colon.
        Case(family, "header name with space", get("/healthz", [b"X Bad: v"])),
        Case(family, "space before colon", get("/healthz", [b"X-Bad : v"])),
        Case(family, "empty header name", get("/healthz", [b": v"]), expect="tolerate",
             lenient="libmicrohttpd drops a line with an empty name before the handler sees the headers"),
        Case(family, "obs-fold continuation", get("/healthz", [b"X-Fold: a", b" b"]), expect="tolerate",
             lenient="RFC 9112 5.2 says 400 (or replace by SP) for obs-fold"),
        Case(family, "header with 20 KB value", get("/healthz", [b"X-Mid: " + b"m" * 20000]), expect="tolerate"),
        Case(family, "100 Expect: 100-continue", get("/healthz", [b"Expect: 100-continue"]), expect="tolerate"),
        Case(family, "unknown Expect", get("/healthz", [b"Expect: 999-nonsense"]), expect="tolerate"),
    ]
    return cases


def control_cases():
    family = "NUL and control bytes"
    cases = []
    for byte, label in ((b"\x00", "NUL"), (b"\x01", "SOH"), (b"\x08", "BS"), (b"\x0b", "VT"), (b"\x0c", "FF"),
                        (b"\x1b", "ESC"), (b"\x7f", "DEL"), (b"\xff", "0xFF"), (b"\r", "bare CR")):
        cases.append(Case(family, f"{label} in path", get(b"/heal" + byte + b"thz"), expect="tolerate"))
        cases.append(Case(family, f"{label} in query", get(b"/resolve?url=a" + byte + b"b"), expect="tolerate"))
        # Control characters other than tab are refused in a value (RFC 9110 5.5), and any of these in a name (a
        # token). 0xFF is obs-text, allowed in a value; libmicrohttpd ends a value at a NUL, so what follows it is
        # never seen; a bare CR ends the header line for libmicrohttpd.
        value_expect = "tolerate" if byte in (b"\xff", b"\x00", b"\r") else "reject"
        cases.append(Case(family, f"{label} in header value", get("/healthz", [b"X-C: a" + byte + b"b"]),
                          expect=value_expect, lenient="RFC 9110 5.5 says CR, LF and NUL in a field value are invalid"
                          if byte in b"\x00\r" else None))
        cases.append(Case(family, f"{label} in header name", get("/healthz", [b"X-" + byte + b"C: v"])))
    cases.append(Case(family, "bare LF line endings", b"GET /healthz HTTP/1.1\nHost: x\n\n", expect="tolerate"))
    cases.append(Case(family, "UTF-8 in path", get("/c/CH-42".encode() + "é☃".encode()), expect="tolerate"))
    cases.append(Case(family, "UTF-8 in Host", get("/healthz", host="bücher.example".encode())))
    cases.append(Case(family, "NUL in Content-Length", request(b"POST", b"/resolve", [b"Content-Length: 2\x00"],
                                                                body=b"{}"), expect="tolerate"))
    return cases


def long_target_cases():
    family = "over-long targets"
    cases = []
    for path in ENDPOINT_PATHS:
        cases.append(Case(family, f"100 KB {path}", get(path + ("a" * 100000 if "?" in path else "/" + "a" * 100000))))
    cases.append(Case(family, "33 KB /resolve", get("/resolve?url=" + "a" * 33000)))
    cases.append(Case(family, "1 MB /healthz", get("/healthz?" + "q" * 1000000)))
    cases.append(Case(family, "30 KB /resolve", get("/resolve?url=" + "a" * 30000), expect="tolerate"))
    cases.append(Case(family, "10 KB of %41 in /c", get("/c/" + "%41" * 3400), expect="tolerate"))
    return cases


def target_form_cases():
    family = "absolute and asterisk forms"
    aasa = "/.well-known/apple-app-site-association"
    forms = {
        "absolute http healthz": b"http://links.example.com/healthz",
        "absolute https aasa": b"https://links.example.com" + aasa.encode(),
        "absolute other host": b"http://evil.example/c/CH-42",
        "absolute with userinfo": b"http://user:pass@links.example.com/healthz",
        "absolute no path": b"http://links.example.com",
        "absolute with port": b"http://links.example.com:8080/healthz",
        "scheme-relative": b"//evil.example/healthz",
        "asterisk GET": b"*",
        "asterisk with path": b"*/healthz",
        "authority-form GET": b"links.example.com:443",
        "javascript scheme": b"javascript:alert(1)",
        "file scheme": b"file:///etc/passwd",
    }
    cases = [Case(family, name, get(target), expect="tolerate") for name, target in forms.items()]
    cases.append(Case(family, "OPTIONS *", request(b"OPTIONS", b"*"), expect="tolerate"))
    cases.append(Case(family, "OPTIONS * HTTP/1.0", request(b"OPTIONS", b"*", version=b"HTTP/1.0", host=None),
                      expect="tolerate"))
    return cases


def smuggling_cases():
    family = "CL/TE conflicts (smuggling)"
    cases = []
    post = [b"Content-Type: application/json"]
    # Bodies that end a chunked body right away, then carry a complete second request.
    chunked_end = b"0\r\n\r\n" + HIDDEN
    variants = {
        "CL 5 + TE chunked": ([b"Content-Length: 5", b"Transfer-Encoding: chunked"], chunked_end),
        "TE chunked + CL 5": ([b"Transfer-Encoding: chunked", b"Content-Length: 5"], chunked_end),
        "CL covering all + TE chunked": ([b"Content-Length: %d" % len(chunked_end), b"Transfer-Encoding: chunked"],
                                         chunked_end),
        "CL 0 + TE chunked": ([b"Content-Length: 0", b"Transfer-Encoding: chunked"], chunked_end),
        "CL + TE Chunked (case)": ([b"Content-Length: 5", b"Transfer-Encoding: Chunked"], chunked_end),
        "CL + TE with tab": ([b"Content-Length: 5", b"Transfer-Encoding:\tchunked"], chunked_end),
        "CL + TE twice": ([b"Content-Length: 5", b"Transfer-Encoding: chunked", b"Transfer-Encoding: chunked"],
                          chunked_end),
        "CL + TE identity, chunked": ([b"Content-Length: 5", b"Transfer-Encoding: identity, chunked"], chunked_end),
        "CL + TE chunked then identity header": ([b"Content-Length: 5", b"Transfer-Encoding: chunked",
                                                 b"Transfer-Encoding: identity"], chunked_end),
        "CL 5 and CL 50": ([b"Content-Length: 5", b"Content-Length: %d" % (5 + len(HIDDEN))], b"hello" + HIDDEN),
        "CL 50 and CL 5": ([b"Content-Length: %d" % (5 + len(HIDDEN)), b"Content-Length: 5"], b"hello" + HIDDEN),
        "CL 5, 50 in one field": ([b"Content-Length: 5, %d" % (5 + len(HIDDEN))], b"hello" + HIDDEN),
        "TE chunked twice in one field": ([b"Transfer-Encoding: chunked, chunked"], chunked_end),
        "TE chunked, identity (chunked not last)": ([b"Transfer-Encoding: chunked, identity"], chunked_end),
        "TE identity": ([b"Transfer-Encoding: identity"], chunked_end),
        "TE xchunked": ([b"Transfer-Encoding: xchunked"], chunked_end),
        "TE chunked with trailing space": ([b"Transfer-Encoding: chunked "], chunked_end),
        "TE gzip": ([b"Transfer-Encoding: gzip"], chunked_end),
        "TE chunked NUL": ([b"Transfer-Encoding: chunked\x00"], chunked_end),
        "CL with NUL": ([b"Content-Length: 5\x00" + b"0" * 2], b"hello" + HIDDEN),
        "CL +5": ([b"Content-Length: +5"], b"hello" + HIDDEN),
        "CL 0x5": ([b"Content-Length: 0x5"], b"hello" + HIDDEN),
        "CL -5": ([b"Content-Length: -5"], b"hello" + HIDDEN),
        "CL 5 5": ([b"Content-Length: 5 5"], b"hello" + HIDDEN),
        "CL empty": ([b"Content-Length: "], b"hello" + HIDDEN),
        "CL 2^64+5": ([b"Content-Length: 18446744073709551621"], b"hello" + HIDDEN),
    }
    # libmicrohttpd 0.9.75 cuts a header value at a NUL byte, so it reads "Content-Length: 5\x0000" as 5 and cannot
    # refuse it; the server instead ends every connection whose request carried a body, so the visible request may
    # be answered (a GET with 200) but what follows its 5 bytes is never read as a request.
    cut_at_nul = {"CL with NUL"}
    for name, (headers, body) in variants.items():
        for method, target, extra in ((b"POST", b"/resolve", post), (b"GET", b"/c/CH-42", [])):
            cases.append(Case(family, f"{name} on {method.decode()}", request(method, target, extra + headers, body=body),
                              expect="not smuggled" if name in cut_at_nul else "smuggle", methods=[method.decode(), "GET"]))
    return cases


def chunking_cases():
    family = "invalid chunking"
    head = request(b"POST", b"/resolve", [b"Content-Type: application/json", b"Transfer-Encoding: chunked"])
    bodies = {
        "non-hex size": b"zz\r\n{}\r\n0\r\n\r\n",
        "negative size": b"-2\r\n{}\r\n0\r\n\r\n",
        "size overflows 64 bits": b"1" + b"0" * 20 + b"\r\n{}\r\n0\r\n\r\n",
        "size 0x prefix": b"0x2\r\n{}\r\n0\r\n\r\n",
        "size larger than data then junk": b"ff\r\n{}\r\n0\r\n\r\n" + b"x" * 300,
        "missing CRLF after data": b"2\r\n{}XX0\r\n\r\n",
        "size with space": b"2 \r\n{}\r\n0\r\n\r\n",
        "empty size line": b"\r\n{}\r\n0\r\n\r\n",
        "size line 40 KB of zeros": b"0" * 40000 + b"2\r\n{}\r\n0\r\n\r\n",
        "extension 40 KB": b"2;" + b"e" * 40000 + b"\r\n{}\r\n0\r\n\r\n",
        "over the 1 MiB limit": b"100001\r\n" + b" " * 0x100001 + b"\r\n0\r\n\r\n",
        "NUL in size": b"2\x00\r\n{}\r\n0\r\n\r\n",
        "bare LF chunk lines": b"2\n{}\n0\n\n",
    }
    cases = [Case(family, name, head + body) for name, body in bodies.items()]
    # Incomplete on purpose: the server may wait for the rest, but must close cleanly once the client stops.
    cases.append(Case(family, "declared 2 GiB, 2 bytes, then half-close", [head + b"80000000\r\n{}", SHUT_WRITE]))
    cases.append(Case(family, "size line without end, then half-close", [head + b"2", SHUT_WRITE]))
    valid = {
        "valid chunks": b"2\r\n{}\r\n0\r\n\r\n",
        "valid with extension": b"2;name=value\r\n{}\r\n0\r\n\r\n",
        "valid with trailer": b"2\r\n{}\r\n0\r\nX-Trailer: t\r\n\r\n",
        "upper-case hex": b"000002\r\n{}\r\n0\r\n\r\n",
        "one byte per chunk": b"1\r\n{\r\n1\r\n}\r\n0\r\n\r\n",
    }
    # A body of {} is valid JSON but not a batch: the handler answers 400; the framing itself must be accepted.
    cases += [Case(family, name, head + body, expect="tolerate") for name, body in valid.items()]
    return cases


def pipelining_cases():
    family = "pipelining"
    healthz, missing = get("/healthz"), get("/nope")
    head = request(b"HEAD", b"/healthz")
    post = request(b"POST", b"/healthz", [b"Content-Length: 3"], body=b"abc")
    resolve = request(b"POST", b"/resolve", [b"Content-Type: application/json", b"Content-Length: 2"], body=b"{}")
    aasa = get("/.well-known/apple-app-site-association")
    close = get("/healthz", [b"Connection: close"])
    cases = []
    for count in (2, 3, 10, 50):
        cases.append(Case(family, f"{count} x /healthz in one write", healthz * count, expect=[200] * count,
                          methods=["GET"] * count))
    mixed = [(healthz, "GET", 200), (missing, "GET", 404), (head, "HEAD", 200), (post, "POST", 405),
             (aasa, "GET", 200), (resolve, "POST", 400), (healthz, "GET", 200)]
    # A request that carries a body is the last on its connection (the server answers it with Connection: close,
    # so bytes after its Content-Length can never be read as another request): the pipeline ends with the POST.
    answered = mixed[:4]
    cases.append(Case(family, "mixed endpoints and methods, ending at the first request with a body",
                      b"".join(m[0] for m in mixed), expect=[m[2] for m in answered], methods=[m[1] for m in answered],
                      check=lambda r: None if r.closed else "not closed after the request with a body"))
    cases.append(Case(family, "mixed endpoints and methods without bodies", b"".join(m[0] for m in mixed if m[1] != "POST"),
                      expect=[m[2] for m in mixed if m[1] != "POST"], methods=[m[1] for m in mixed if m[1] != "POST"]))
    cases.append(Case(family, "mixed, sent one byte at a time",
                      [x for byte in b"".join(m[0] for m in mixed[:3]) for x in (bytes([byte]), 0.0005)],
                      expect=[m[2] for m in mixed[:3]], methods=[m[1] for m in mixed[:3]]))
    cases.append(Case(family, "Connection: close in the middle", healthz + close + healthz, expect=[200, 200],
                      methods=["GET"] * 3,
                      check=lambda r: None if r.closed else "not closed after Connection: close"))
    cases.append(Case(family, "malformed request in the middle", healthz + b"BAD\r\n\r\n" + healthz,
                      expect="tolerate", methods=["GET"] * 3,
                      check=lambda r: None if [x.status for x in r.responses][:1] == [200]
                      and len(r.responses) <= 2 and all(x.status >= 400 for x in r.responses[1:])
                      else "answers after the malformed request, or the first request not answered"))
    cases.append(Case(family, "split across writes", [healthz[:7], 0.05, healthz[7:] + healthz[:20], 0.05,
                                                       healthz[20:]], expect=[200, 200], methods=["GET"] * 2))
    cases.append(Case(family, "HTTP/1.0 keep-alive pipelined",
                      get("/healthz", [b"Connection: keep-alive"], version=b"HTTP/1.0") * 2, expect=[200, 200],
                      methods=["GET"] * 2))
    return cases


def host_cases():
    family = "Host variations"
    aasa = "/.well-known/apple-app-site-association"
    hosts = {
        "configured": HOST.encode(), "upper case": HOST.upper().encode(), "with port": HOST.encode() + b":443",
        "trailing dot": HOST.encode() + b".", "unknown": b"evil.example", "IPv4": b"127.0.0.1", "IPv6": b"[::1]:8080",
        "empty": b"", "userinfo": b"user@" + HOST.encode(), "port only": b":80", "bad port": HOST.encode() + b":99999",
        "spaces": b"links example com", "percent-encoded": b"links%2eexample.com", "comma list": HOST.encode() + b", evil.example",
        "4 KB": b"h" * 4096,
    }
    # A Host that is not `host[:port]` (RFC 9110 7.2: no user info, no path, no space) is refused.
    invalid = {"userinfo", "spaces", "comma list"}
    cases = []
    for name, host in hosts.items():
        if name in invalid:
            cases.append(Case(family, f"AASA with Host {name}", get(aasa, host=host)))
            cases.append(Case(family, f"/c/CH-42 with Host {name}", get("/c/CH-42", host=host)))
            continue
        cases.append(Case(family, f"AASA with Host {name}", get(aasa, host=host), expect="tolerate", check=same_aasa))
        cases.append(Case(family, f"/c/CH-42 with Host {name}", get("/c/CH-42", host=host), expect="tolerate"))
    # RFC 9112 3.2: 400 for HTTP/1.1 without Host, and for more than one Host.
    cases.append(Case(family, "HTTP/1.1 without Host", get(aasa, host=None)))
    cases.append(Case(family, "two Host headers", get(aasa, [b"Host: evil.example"])))
    cases.append(Case(family, "HTTP/1.0 without Host /healthz", get("/healthz", version=b"HTTP/1.0", host=None),
                      expect=[200], check=lambda r: None if r.closed else "HTTP/1.0 connection not closed"))
    cases.append(Case(family, "HTTP/1.0 without Host AASA", get(aasa, version=b"HTTP/1.0", host=None),
                      expect=[200], check=same_aasa))
    cases.append(Case(family, "HTTP/1.0 without Host landing page", get("/c/CH-42", version=b"HTTP/1.0", host=None),
                      expect=[200]))
    return cases


AASA_BODY = None  # filled in at warm-up


def same_aasa(result):
    """The AASA is the same bytes (or a 404) whatever the Host, and never a redirect."""
    for response in result.responses:
        if 300 <= response.status < 400:
            return f"AASA answered with a redirect {response.status}"
        if response.status == 200 and response.body != AASA_BODY:
            return "AASA body differs from the canonical one"
    return None


ENDPOINT_PATHS = [
    "/.well-known/apple-app-site-association", "/apple-app-site-association", "/.well-known/assetlinks.json",
    "/resolve?url=", "/resolve?url=https://links.example.com/c/", "/resolve?state=ready&url=expchg://c/",
    "/link?route=charger&id=", "/healthz", "/metrics", "/openapi.yaml", "/static/", "/c/", "/u/", "/m/",
    "/auth/callback?code=", "/",
]

ENCODINGS = {
    "%00": "%00", "%2F": "%2F", "%2f%2e%2e": "%2f%2e%2e", "%25": "%25", "%ZZ": "%ZZ", "lone %": "%",
    "trailing %4": "%4", "%E2%82 (truncated UTF-8)": "%E2%82", "%C0%AE (overlong)": "%C0%AE", "%FF": "%FF",
    "%u002e": "%u002e", "..%2F..%2F": "..%2F..%2F", "%252e (double)": "%252e%252e", "+ and %20": "a+b%20c",
    "%0D%0A header injection": "%0D%0AX-Injected:%201", "%3Cscript%3E": "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "%EF%BB%BF BOM": "%EF%BB%BF", "%F4%90%80%80 (beyond U+10FFFF)": "%F4%90%80%80", "%ED%A0%80 (surrogate)": "%ED%A0%80",
}


def percent_cases():
    family = "percent-encoding"
    cases = []
    for path in ENDPOINT_PATHS:
        for name, encoded in ENCODINGS.items():
            target = path + encoded if path.endswith(("=", "/")) else path + "/" + encoded
            if path.startswith("/static/"):
                check = no_file_outside_static
            else:
                check = None
            cases.append(Case(family, f"{path} {name}", get(target), expect="tolerate", check=check))
    for traversal in ("/static/../Package.swift", "/static/%2e%2e/templates/layout.mustache",
                      "/static/..%2F..%2FPackage.swift", "/static/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
                      "/static/deeplinkd.css/..", "/static//etc/passwd", "/static/templates/../../README.md"):
        cases.append(Case(family, f"traversal {traversal}", get(traversal), expect="tolerate",
                          check=no_file_outside_static))
    return cases


def no_file_outside_static(result):
    for response in result.responses:
        if response.status == 200 and (b"{{" in response.body or b"root:" in response.body
                                       or b"swift-tools-version" in response.body or b"# deeplinkd" in response.body):
            return "a file outside Public/static was served"
    return None


def all_cases():
    cases = []
    for family in (request_line_cases, method_cases, version_cases, header_cases, control_cases, long_target_cases,
                   target_form_cases, smuggling_cases, chunking_cases, pipelining_cases, host_cases, percent_cases):
        cases += family()
    return cases


def run_cases(server, cases, outcome):
    """Runs every case, a few at a time; prints one line per family and every failure in full."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=CASE_WORKERS) as pool:
        futures = [pool.submit(exchange, server.port, case.pieces, case.methods,
                               len(case.expect) if isinstance(case.expect, list) else 1,
                               GRACE_SECONDS if case.expect in ("smuggle", "not smuggled") or len(case.methods) > 1
                               else SHORT_GRACE_SECONDS) for case in cases]
        results = [future.result() for future in futures]
    families = {}
    for case, result in zip(cases, results):
        errors = case.judge(result)
        family = families.setdefault(case.family, {"passed": 0, "failed": 0, "answers": {}})
        for response in result.responses[:1] or [None]:
            key = str(response.status) if response else ("reset" if result.reset else "close" if result.closed
                                                         else "hang")
            family["answers"][key] = family["answers"].get(key, 0) + 1
        for response in result.responses:
            for anomaly in response.anomalies:
                outcome.note(anomaly + " (libmicrohttpd's own error responses)", case.name)
        if case.lenient and result.responses and result.responses[0].status < 400:
            outcome.note(f"accepted although {case.lenient}", case.name)
        if errors:
            family["failed"] += 1
            outcome.fail(f"{case.family} / {case.name}: {'; '.join(errors)}\n      sent: {case.wire()}\n"
                         f"      got:  {result.describe()}")
        else:
            family["passed"] += 1
            outcome.passed += 1
    for name, family in families.items():
        answers = " ".join(f"{key}x{count}" for key, count in sorted(family["answers"].items()))
        print(f"  {name:<32} {family['passed']:>3} passed {family['failed']:>2} failed   first answers: {answers}")
    return families


class IdleProbes:
    """One connection per INCOMPLETE entry, left open: the server must close each by its inactivity timeout."""

    def __init__(self, port):
        self.opened_at = time.monotonic()
        self.connections = {}
        for name, data in INCOMPLETE.items():
            connection = socket.create_connection(("127.0.0.1", port), timeout=2)
            connection.sendall(data)
            connection.setblocking(False)
            self.connections[name] = connection
        self.closed_after = {}  # name -> seconds from opening to the server's close (to within a poll)
        self.stop = threading.Event()
        self.poller = threading.Thread(target=self.watch, daemon=True)
        self.poller.start()

    def watch(self):
        while not self.stop.is_set() and len(self.closed_after) < len(self.connections):
            self.poll()
            self.stop.wait(0.2)

    def poll(self):
        for name, connection in self.connections.items():
            if name in self.closed_after:
                continue
            try:
                if connection.recv(65536) == b"":
                    self.closed_after[name] = time.monotonic() - self.opened_at
            except BlockingIOError:
                pass
            except OSError:
                self.closed_after[name] = time.monotonic() - self.opened_at

    def check(self, outcome, timeout):
        self.poller.join(max(0.0, self.opened_at + timeout + 3.0 - time.monotonic()))
        self.stop.set()
        self.poller.join()
        for connection in self.connections.values():
            connection.close()
        still_open = sorted(set(self.connections) - set(self.closed_after))
        latest = max(self.closed_after.values() or [0.0])
        outcome.check(not still_open and latest <= timeout + 3.0,
                      f"idle probes: the server closed all {len(self.connections)} incomplete requests, the last "
                      f"{latest:.1f} s after it was opened (--timeout {timeout} s)",
                      "; ".join([f"{name}: {seconds:.1f} s" for name, seconds in sorted(self.closed_after.items(),
                                                                                    key=lambda item: item[1])]
                                + [f"{name}: still open" for name in still_open]))
        return latest


# ---------------------------------------------------------------------------------------------------------------
# Slowloris


class Attacker:
    """ATTACKERS sockets from 127.0.0.2, each sending one header line every TRICKLE_INTERVAL; closed ones reconnect."""

    def __init__(self, port):
        self.port = port
        self.stop = multiprocessing.get_context("fork").Event()
        self.results = multiprocessing.get_context("fork").Queue()
        self.connects = 0
        self.closed_by_server = 0
        self.lines_sent = 0
        self.open_now = 0
        self.errors = []

    def connect(self):
        connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        connection.setblocking(False)
        connection.bind((ATTACKER_ADDRESS, 0))
        connection.connect_ex(("127.0.0.1", self.port))
        self.connects += 1
        return {"socket": connection, "next": time.monotonic() + 0.2, "lines": 0}

    def run(self):
        slots = []
        try:
            for index in range(ATTACKERS):
                slots.append(self.connect())
                slots[-1]["next"] += index * TRICKLE_INTERVAL / ATTACKERS
            deadline = time.monotonic() + ATTACK_SECONDS
            while not self.stop.is_set() and time.monotonic() < deadline:
                now = time.monotonic()
                open_count = 0
                for index, slot in enumerate(slots):
                    if now < slot["next"]:
                        open_count += 1
                        continue
                    line = (b"GET /healthz HTTP/1.1\r\nHost: " + HOST.encode() + b"\r\n" if slot["lines"] == 0
                            else b"X-Trickle-%d: %d\r\n" % (slot["lines"], index))
                    try:
                        if slot["lines"] > 0 and self.server_closed(slot["socket"]):
                            raise ConnectionResetError
                        slot["socket"].send(line)
                        slot["lines"] += 1
                        self.lines_sent += 1
                        slot["next"] = now + TRICKLE_INTERVAL
                        open_count += 1
                    except BlockingIOError:
                        slot["next"] = now + 0.1  # still connecting (waiting in the backlog)
                        open_count += 1
                    except OSError:
                        self.closed_by_server += 1
                        slot["socket"].close()
                        slots[index] = self.connect()
                        slots[index]["next"] = now + TRICKLE_INTERVAL
                self.open_now = open_count
                self.stop.wait(0.05)
        except OSError as error:
            self.errors.append(f"attacker: {error}")
        finally:
            for slot in slots:
                slot["socket"].close()
            self.results.put({"connects": self.connects, "closed_by_server": self.closed_by_server,
                              "lines_sent": self.lines_sent, "open_now": self.open_now, "errors": self.errors})

    @staticmethod
    def server_closed(connection):
        try:
            return connection.recv(4096, socket.MSG_PEEK) == b""
        except BlockingIOError:
            return False


def normal_client(port, stop_at, latencies, failures):
    """Requests every NORMAL_PACE seconds, each on a new connection; records latency in ms or the failure."""
    targets = [("/healthz", b'"status":"ok"'), ("/.well-known/apple-app-site-association", b'"applinks"'),
               ("/resolve?url=https%3A%2F%2Flinks.example.com%2Fc%2FCH-42", b'"matched":true'),
               ("/c/CH-42", b"CH-42")]
    index = 0
    while time.monotonic() < stop_at:
        target, marker = targets[index % len(targets)]
        index += 1
        started = time.monotonic()
        result = exchange(port, [get(target, [b"Connection: close"])], ["GET"], 1, grace=0.0, timeout=5.0)
        elapsed = (time.monotonic() - started) * 1000.0
        statuses = [response.status for response in result.responses]
        if statuses == [200] and marker in result.responses[0].body:
            latencies.append(elapsed)
        else:
            failures.append(f"{target}: {result.describe()} after {elapsed:.0f} ms")
        time.sleep(max(0.0, NORMAL_PACE - (time.monotonic() - started)))


def percentile(values, fraction):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def run_slowloris(server, outcome, summary):
    quiet, quiet_failures = [], []
    normal_client(server.port, time.monotonic() + BASELINE_SECONDS, quiet, quiet_failures)
    quiet_p99 = percentile(quiet, 0.99)
    bound = P99_BOUND_MS
    print(f"  normal client alone: {len(quiet)}/{len(quiet) + len(quiet_failures)} ok, p99 {quiet_p99:.1f} ms "
          f"(load average {os.getloadavg()[0]:.1f}); p99 bound under attack {bound:.0f} ms")
    # The attacker runs in its own process, so it competes with the normal client for CPU only, not for the GIL.
    attacker = Attacker(server.port)
    attack = multiprocessing.get_context("fork").Process(target=attacker.run, daemon=True)
    attack.start()
    time.sleep(NORMAL_DELAY)
    latencies, failures = [], []
    client = threading.Thread(target=normal_client,
                              args=(server.port, time.monotonic() + NORMAL_SECONDS, latencies, failures), daemon=True)
    client.start()
    held_samples, snapshot_samples, total_samples, rss_samples = [], [], [], []
    while client.is_alive():
        held, snapshot, total = server.held_connections(ATTACKER_ADDRESS)
        held_samples.append(held)
        snapshot_samples.append(snapshot)
        total_samples.append(total)
        rss_samples.append(server.rss_mb())
        client.join(0.5)
    attacker.stop.set()
    attack.join(10)
    if attack.is_alive():
        attack.kill()
    try:
        attacker.__dict__.update(attacker.results.get(timeout=5))
    except queue.Empty:
        attacker.errors.append("the attacker process reported nothing")
    attacker_open_at_end = attacker.open_now
    total = len(latencies) + len(failures)
    p50, p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
    held_max = max(held_samples or [0])
    summary["slowloris"] = {
        "attacker_connections": ATTACKERS, "attacker_connects_including_reconnects": attacker.connects,
        "attacker_connections_closed_by_server": attacker.closed_by_server, "attacker_header_lines": attacker.lines_sent,
        "server_held_attacker_connections_max": held_max,
        "server_held_attacker_connections_median": sorted(held_samples)[len(held_samples) // 2] if held_samples else 0,
        "server_attacker_sockets_single_snapshot_max": max(snapshot_samples or [0]),
        "server_held_connections_max": max(total_samples or [0]), "attacker_sockets_open_at_end": attacker_open_at_end,
        "normal_requests": total, "normal_successes": len(latencies), "normal_p50_ms": round(p50, 1),
        "normal_p99_ms": round(p99, 1), "normal_max_ms": round(max(latencies or [0]), 1),
        "normal_p99_without_attack_ms": round(quiet_p99, 1), "p99_bound_ms": round(bound),
        "load_average_1m": round(os.getloadavg()[0], 1),
        "rss_peak_mb": round(max(rss_samples or [0]), 1),
    }
    print(f"  attacker: {ATTACKERS} sockets from {ATTACKER_ADDRESS}, {attacker.connects} connects, "
          f"{attacker.closed_by_server} closed by the server, {attacker.lines_sent} header lines")
    print(f"  server held attacker connections: max {held_max}, samples {held_samples}; a single snapshot, which also "
          f"sees connections being refused, showed at most {max(snapshot_samples or [0])}")
    print(f"  normal client: {len(latencies)}/{total} ok, p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
          f"max {max(latencies or [0]):.1f} ms")
    outcome.check(not attacker.errors, "slowloris: the attacker ran", "; ".join(attacker.errors))
    outcome.check(total > 0 and not failures, f"slowloris: the normal client saw 100% success ({len(latencies)}/{total})",
                  "\n      ".join(failures[:10]))
    outcome.check(p99 < bound, f"slowloris: normal client p99 {p99:.1f} ms < {bound:.0f} ms")
    outcome.check(0 < held_max <= PER_IP_LIMIT,
                  f"slowloris: server held at most {held_max} attacker connections (per-IP limit {PER_IP_LIMIT})")
    outcome.check(max(total_samples or [0]) <= CONNECTION_LIMIT,
                  f"slowloris: server held at most {max(total_samples or [0])} connections in all "
                  f"(limit {CONNECTION_LIMIT})")
    outcome.check(server.is_alive(), "slowloris: the server is still running")


# ---------------------------------------------------------------------------------------------------------------
# Connection flood


def run_flood(binary, outcome, summary, servers):
    server = Server(binary, ["--connection-limit", str(FLOOD_LIMIT), "--per-ip-limit", "0"])
    servers.append(server)
    healthy(server, outcome, "flood server: /healthz 200 before")
    baseline = stable_descriptor_count(server)
    idle = []
    for _ in range(FLOOD_CONNECTIONS):
        connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        connection.setblocking(False)
        connection.connect_ex(("127.0.0.1", server.port))
        idle.append(connection)
    time.sleep(1.0)
    held = server.held_connections()[0]
    closed = sum(1 for connection in idle if Attacker.server_closed(connection) or connection.fileno() < 0)
    waiting = {}
    waiter = threading.Thread(target=lambda: waiting.update(
        result=exchange(server.port, [get("/healthz", [b"Connection: close"])], ["GET"], 1, grace=0.0, timeout=20.0),
        answered_at=time.monotonic()), daemon=True)
    waiter_started = time.monotonic()
    waiter.start()
    waiter.join(1.5)
    answered_while_full = not waiter.is_alive()
    released_at = time.monotonic()
    for connection in idle:
        connection.close()
    waiter.join(20)
    result = waiting.get("result")
    served = result is not None and [r.status for r in result.responses] == [200]
    waited = waiting.get("answered_at", released_at) - waiter_started
    after_release = waiting.get("answered_at", released_at) - released_at
    descriptors = settle_descriptors(server, baseline)
    summary["flood"] = {
        "connection_limit": FLOOD_LIMIT, "idle_connections_opened": FLOOD_CONNECTIONS, "server_held": held,
        "closed_by_server_at_once": closed, "new_client_answered_while_full": answered_while_full,
        "new_client_waited_s": round(waited, 2), "new_client_answered_after_release_s": round(after_release, 2),
        "descriptors_before": baseline, "descriptors_after": descriptors,
    }
    print(f"  {FLOOD_CONNECTIONS} idle connections: server held {held} (limit {FLOOD_LIMIT}), {closed} closed by the "
          f"server at once; a new client {'was answered' if answered_while_full else 'waited'} while full, "
          f"answered {after_release:.2f} s after the idle ones closed (waited {waited:.2f} s in all)")
    outcome.check(held <= FLOOD_LIMIT, f"flood: server held {held} connections, at most the limit {FLOOD_LIMIT}")
    outcome.check(not answered_while_full or served, "flood: a new client is not refused with an error while full",
                  result.describe() if result else "")
    outcome.check(served, "flood: the waiting client was answered 200 once the idle connections closed",
                  result.describe() if result else "no result")
    healthy(server, outcome, "flood server: /healthz 200 after")
    outcome.check(descriptors <= baseline, f"flood server: descriptors back to baseline ({baseline} -> {descriptors})")
    outcome.check(server.is_alive(), "flood server: still running")
    check_log(server, outcome, "flood server")


# ---------------------------------------------------------------------------------------------------------------
# Checks and the run


class Outcome:
    def __init__(self):
        self.passed = 0
        self.failures = []
        self.notes = {}  # kind -> case names

    def fail(self, text):
        self.failures.append(text)
        print(f"FAIL {text}")

    def check(self, condition, text, detail=""):
        if condition:
            self.passed += 1
            print(f"  ok   {text}")
        else:
            self.fail(text + (f"\n      {detail}" if detail else ""))

    def note(self, kind, example):
        self.notes.setdefault(kind, []).append(example)


def healthy(server, outcome, label):
    result = exchange(server.port, [get("/healthz", [b"Connection: close"])], ["GET"], 1, grace=0.0, timeout=5.0)
    outcome.check([r.status for r in result.responses] == [200] and b'"status":"ok"' in result.responses[0].body,
                  label, result.describe())


def check_log(server, outcome, label):
    bad = [line for line in server.log_text().splitlines()
           if re.search(r'"status":5\d\d\b', line) and '"status":505' not in line
           or re.search(r'"level":"(error|critical)"', line)]
    outcome.check(not bad, f"{label}: no 5xx and no error in the log", "\n      ".join(bad[:5]))


def warm_up(server):
    """Touches every endpoint once, so lazily opened resources are in the descriptor baseline."""
    global AASA_BODY
    for target in ["/healthz", "/metrics", "/openapi.yaml", "/static/deeplinkd.css", "/.well-known/assetlinks.json",
                   "/resolve?url=https%3A%2F%2Flinks.example.com%2Fc%2FCH-42", "/link?route=charger&id=CH-42",
                   "/c/CH-42", "/u/abcd", "/m/" + TOKEN, "/nope", "/apple-app-site-association",
                   "/.well-known/apple-app-site-association"]:
        result = exchange(server.port, [get(target, [b"Connection: close"])], ["GET"], 1, grace=0.0, timeout=5.0)
        if target.endswith("apple-app-site-association") and result.responses:
            AASA_BODY = result.responses[0].body
    time.sleep(0.3)


def raise_descriptor_limit():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, 4096) if hard != resource.RLIM_INFINITY else 4096
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def summary_block(summary, outcome):
    hostile, slow, flood = summary.get("hostile", {}), summary.get("slowloris", {}), summary.get("flood", {})
    lines = [
        f"abuse-check ({time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, {summary.get('runtime_s', 0):.0f} s): "
        f"{outcome.passed} passed, {len(outcome.failures)} failed",
        f"- hostile requests: {hostile.get('cases', 0)} cases in {hostile.get('families', 0)} families, "
        f"{hostile.get('failed', 0)} failed; fds {hostile.get('descriptors_before')} -> "
        f"{hostile.get('descriptors_after')} (with {hostile.get('idle_probes_open')} idle probes open), RSS {hostile.get('rss_before_mb')} -> {hostile.get('rss_after_mb')} MB",
    ]
    if slow:
        lines.append(
            f"- slowloris: {slow['attacker_connections']} trickling connections from {ATTACKER_ADDRESS} "
            f"({slow['attacker_connects_including_reconnects']} connects with reconnects); server held at most "
            f"{slow['server_held_attacker_connections_max']} (per-IP limit {PER_IP_LIMIT}); normal client "
            f"{slow['normal_successes']}/{slow['normal_requests']} ok, p50 {slow['normal_p50_ms']} ms, "
            f"p99 {slow['normal_p99_ms']} ms (without attack {slow['normal_p99_without_attack_ms']} ms, load average "
            f"{slow['load_average_1m']}); RSS peak {slow['rss_peak_mb']} MB")
    if flood:
        lines.append(
            f"- flood: {flood['idle_connections_opened']} idle connections against --connection-limit "
            f"{flood['connection_limit']}: server held {flood['server_held']}, the rest waited in the backlog; a new "
            f"client was answered {flood['new_client_answered_after_release_s']} s after they closed; fds "
            f"{flood['descriptors_before']} -> {flood['descriptors_after']}")
    if "descriptors_end" in summary:
        lines.append(f"- incomplete requests left open were closed by the {SERVER_TIMEOUT} s timeout (the last after "
                     f"{summary.get('idle_probes_closed_after_s')} s)")
        lines.append(f"- main server at the end: fds {summary['descriptors_baseline']} -> {summary['descriptors_end']}, "
                     f"RSS {summary['rss_baseline_mb']} -> {summary['rss_end_mb']} MB (bound {RSS_BOUND_MB} MB)")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", nargs="?", default=".build/debug/deeplinkd")
    parser.add_argument("--report", help="also write the summary as JSON to this file")
    arguments = parser.parse_args()
    if not os.access(arguments.binary, os.X_OK):
        print(f"abuse-check: {arguments.binary} is not an executable; build it first", file=sys.stderr)
        return 2
    raise_descriptor_limit()
    servers, outcome, summary = [], Outcome(), {}
    started = time.monotonic()

    def stop_everything(*_):
        for server in servers:
            server.stop()

    def on_signal(number, _frame):
        raise SystemExit(128 + number)

    for number in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(number, on_signal)
    watchdog = threading.Timer(OVERALL_TIMEOUT, lambda: (print(f"FAIL abuse-check: over {OVERALL_TIMEOUT} s, "
                                                              "stopping", flush=True), stop_everything(), os._exit(1)))
    watchdog.daemon = True
    watchdog.start()
    try:
        server = Server(arguments.binary)
        servers.append(server)
        warm_up(server)
        baseline, rss_before = stable_descriptor_count(server), server.rss_mb()
        summary.update(descriptors_baseline=baseline, rss_baseline_mb=round(rss_before, 1))

        cases = all_cases()
        idle_probes = IdleProbes(server.port)
        phase_started = time.monotonic()
        print(f"hostile requests: {len(cases)} cases (server pid {server.pid}, port {server.port})")
        failed_before = len(outcome.failures)
        families = run_cases(server, cases, outcome)
        print(f"  ({time.monotonic() - phase_started:.1f} s)")
        outcome.check(server.is_alive(), "hostile requests: the server is still running")
        healthy(server, outcome, "hostile requests: /healthz 200 afterwards")
        # The idle probes stay open on purpose until the server's timeout closes them; they are allowed for.
        probes_open = len(idle_probes.connections) - len(idle_probes.closed_after)
        descriptors = settle_descriptors(server, baseline + probes_open)
        probes_open = len(idle_probes.connections) - len(idle_probes.closed_after)
        rss_after = server.rss_mb()
        outcome.check(descriptors <= baseline + probes_open,
                      f"hostile requests: descriptors back to baseline ({baseline} -> {descriptors}, with "
                      f"{probes_open} idle probes still open)")
        outcome.check(rss_after < RSS_BOUND_MB, f"hostile requests: RSS {rss_before:.1f} -> {rss_after:.1f} MB "
                                                f"(bound {RSS_BOUND_MB} MB)")
        summary["hostile"] = {
            "seconds": round(time.monotonic() - phase_started, 1), "cases": len(cases), "families": len(families), "failed": len(outcome.failures) - failed_before,
            "descriptors_before": baseline, "descriptors_after": descriptors, "idle_probes_open": probes_open,
            "rss_before_mb": round(rss_before, 1),
            "rss_after_mb": round(rss_after, 1),
            "per_family": {name: {"passed": f["passed"], "failed": f["failed"], "first_answers": f["answers"]}
                           for name, f in families.items()},
        }

        print(f"slowloris: {ATTACKERS} connections from {ATTACKER_ADDRESS} for {ATTACK_SECONDS:.0f} s, normal client "
              f"for {NORMAL_SECONDS:.0f} s")
        run_slowloris(server, outcome, summary)
        healthy(server, outcome, "slowloris: /healthz 200 afterwards")
        descriptors = settle_descriptors(server, baseline)
        rss_end = server.rss_mb()
        outcome.check(descriptors <= baseline, f"slowloris: descriptors back to baseline ({baseline} -> {descriptors})")
        outcome.check(max(rss_end, summary["slowloris"]["rss_peak_mb"]) < RSS_BOUND_MB,
                      f"slowloris: RSS peak {summary['slowloris']['rss_peak_mb']} MB, end {rss_end:.1f} MB "
                      f"(bound {RSS_BOUND_MB} MB)")
        summary.update(descriptors_end=descriptors, rss_end_mb=round(rss_end, 1))
        summary["idle_probes_closed_after_s"] = round(idle_probes.check(outcome, SERVER_TIMEOUT), 1)
        check_log(server, outcome, "main server")

        print(f"connection flood: {FLOOD_CONNECTIONS} idle connections against --connection-limit {FLOOD_LIMIT}")
        run_flood(arguments.binary, outcome, summary, servers)
    except Exception as error:  # report and fail rather than leave a traceback without the summary
        outcome.fail(f"abuse-check stopped early: {type(error).__name__}: {error}")
    finally:
        stop_everything()
        watchdog.cancel()
    summary["runtime_s"] = round(time.monotonic() - started, 1)
    summary.update(passed=outcome.passed, failed=len(outcome.failures), notes=outcome.notes,
                   failures=outcome.failures)
    if outcome.notes:
        print("notes (allowed, but worth knowing):")
        for kind, names in outcome.notes.items():
            print(f"  - {kind}: {len(names)} case(s): {', '.join(names[:6])}{', ...' if len(names) > 6 else ''}")
    print("summary for docs/reliability.md:")
    print(summary_block(summary, outcome))
    if arguments.report:
        with open(arguments.report, "w", encoding="utf-8") as handle:
            json.dump(summary, handle, indent=2)
            handle.write("\n")
    for server in servers:
        if not outcome.failures:
            server.remove_log()
        else:
            print(f"server log kept: {server.log.name}")
    print(f"{outcome.passed} passed, {len(outcome.failures)} failed")
    return 1 if outcome.failures else 0


if __name__ == "__main__":
    sys.exit(main())
