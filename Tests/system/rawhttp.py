"""A raw-socket HTTP/1.1 client for the system tests: requests built byte by byte (malformed on purpose if need be),
sent in pieces, and every response read back with its framing checked, so a test sees exactly what went on the wire.
"""

import socket
import struct
import time

HOST = "links.example.com"
SHUT_WRITE = "shut"  # a piece of an exchange: the client half-closes (sends no more bytes)
CASE_TIMEOUT = 3.0  # a complete request must be answered or its connection closed within this


def request(method, target, headers=None, version=b"HTTP/1.1", body=b"", host=HOST.encode()):
    """The bytes of one request; `host=None` leaves the Host header out."""
    lines = [method + b" " + target + b" " + version]
    if host is not None:
        lines.append(b"Host: " + host)
    lines += headers or []
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


def get(target, headers=None, **keywords):
    if isinstance(target, str):
        target = target.encode("latin-1")
    return request(b"GET", target, headers, **keywords)


class Response:
    def __init__(self, status, headers, body, anomalies=()):
        self.status = status
        self.headers = headers  # list of (lower-case name, value)
        self.body = body
        self.anomalies = list(anomalies)

    def header(self, name):
        return next((value for key, value in self.headers if key == name), None)

    def __repr__(self):
        return f"{self.status}" + (f" ({'; '.join(self.anomalies)})" if self.anomalies else "")


def parse_responses(data, methods, closed):
    """The complete responses at the start of `data`, the rest, and framing problems. `methods` says which answer
    a HEAD (no body); `closed` means the server closed, so a body without Content-Length runs to the end."""
    responses, position, problems = [], 0, []
    while position < len(data):
        if not data.startswith(b"HTTP/", position):
            problems.append(f"bytes that are not a response at offset {position}: {data[position:position + 40]!r}")
            break
        end = data.find(b"\r\n\r\n", position)
        if end < 0:
            break
        lines = data[position:end].split(b"\r\n")
        try:
            status = int(lines[0].split(b" ", 2)[1])
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
        responses.append(Response(status, headers, data[start:start + length], anomalies))
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

    @property
    def statuses(self):
        return [response.status for response in self.responses]

    def describe(self):
        parts = [repr(response) for response in self.responses] or ["no response"]
        if self.reset:
            parts.append("reset")
        elif self.closed:
            parts.append("closed")
        if self.hung:
            parts.append("HUNG")
        return ", ".join(parts + self.problems)


def exchange(port, pieces, methods=("GET",), expected=1, grace=0.0, timeout=CASE_TIMEOUT, source=None):
    """Sends `pieces` (bytes, a float meaning a pause, or SHUT_WRITE) on a new connection and reads until the server
    closes, or `expected` responses and then `grace` seconds of silence, or `timeout`."""
    result = Exchange()
    connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        if source:
            connection.bind((source, 0))
        connection.settimeout(timeout)
        connection.connect(("127.0.0.1", port))
        for piece in [pieces] if isinstance(pieces, bytes) else pieces:
            if isinstance(piece, float):
                time.sleep(piece)
            elif piece == SHUT_WRITE:
                connection.shutdown(socket.SHUT_WR)
            else:
                try:
                    connection.sendall(piece)
                except (BrokenPipeError, ConnectionResetError):
                    break  # the server may refuse before reading everything; what it answered is read below
        data, deadline, quiet_until = b"", time.monotonic() + timeout, None
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
            if quiet_until is None and len(parse_responses(data, methods, False)[0]) >= expected:
                quiet_until = time.monotonic() + grace
        result.responses, rest, result.problems = parse_responses(data, methods, result.closed)
        if rest and not result.problems:
            result.problems.append(f"incomplete response: {rest[:60]!r}")
    except OSError as error:
        result.problems.append(f"socket error: {error}")
    finally:
        connection.close()
    return result


def fetch(port, target, headers=(), host=HOST.encode(), timeout=5.0):
    """One GET on a new connection with `Connection: close`: the Response, or None (the Exchange says why)."""
    result = exchange(port, get(target, [b"Connection: close", *headers], host=host), timeout=timeout)
    return (result.responses[0] if len(result.responses) == 1 else None), result


class Reply:
    """One response read off a keep-alive connection: `outcome` is complete, closed, reset, truncated or timeout."""

    def __init__(self, outcome, status=None, headers=None, body=b""):
        self.outcome = outcome
        self.status = status
        self.headers = headers or {}
        self.body = body

    def __repr__(self):
        return f"{self.outcome} {self.status or ''}".strip()


def read_reply(connection):
    """Reads one response (status line, headers, Content-Length bytes of body) from a blocking socket."""
    data, head_end, length, status, headers = bytearray(), -1, 0, None, {}
    try:
        while True:
            if head_end < 0 and (head_end := data.find(b"\r\n\r\n")) >= 0:
                lines = bytes(data[:head_end]).decode("latin-1").split("\r\n")
                for line in lines[1:]:
                    name, _, value = line.partition(":")
                    headers[name.strip().lower()] = value.strip()
                status = int(lines[0].split(" ")[1])
                length = int(headers.get("content-length", "0"))
            if head_end >= 0 and len(data) >= head_end + 4 + length:
                return Reply("complete", status, headers, bytes(data[head_end + 4:head_end + 4 + length]))
            chunk = connection.recv(65536)
            if not chunk:
                return Reply("truncated" if data else "closed")
            data += chunk
    except socket.timeout:
        return Reply("timeout")
    except (ValueError, IndexError):
        return Reply("truncated")  # an unreadable head is as bad as a cut one
    except OSError:
        return Reply("truncated" if data else "reset")


def segments_received(connection):
    """The segments the kernel has received on the socket `connection`: tcpi_segs_in, at byte 140 of Linux's struct
    tcp_info (linux/tcp.h; the kernel only ever appends to it)."""
    info = connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 256)
    return struct.unpack_from("=I", info, 140)[0]
