"""HTTPS keep-alive: a small answer leaves as one TLS record (libmicrohttpd hands GnuTLS its header and body in two
calls; deeplinkd corks the session between them), the answers to a pipelined batch leave the server together (its
poll() and setsockopt(): batched_answers.c), a request costs one read and its answer one write (GnuTLS's pull reads a
record ahead), and whatever the size, pipelined, cut in pieces or read slowly, every answer arrives whole and the
server does not spin while a client does not read."""

import re
import signal
import socket
import ssl
import subprocess
import threading
import time

import pytest

from conftest import DEFAULT_CONFIG
from rawhttp import segments_received

SMALL = ["/.well-known/apple-app-site-association", "/c/CH-42", "/static/deeplinkd.css",
         "/resolve?url=https%3A%2F%2Flinks.example.com%2Fc%2FCH-42", "/nope"]


@pytest.fixture(scope="module")
def tls_server(serve, tmp_path_factory):
    directory = tmp_path_factory.mktemp("tls")
    certificate, key = directory / "certificate.pem", directory / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                    "-keyout", str(key), "-out", str(certificate), "-days", "1", "-subj", "/CN=localhost"],
                   check=True, capture_output=True)
    return serve("--config", DEFAULT_CONFIG, "--tls-cert", certificate, "--tls-key", key, name="tls")


def client_context():
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def request(target, method="GET", close=False):
    return (f"{method} {target} HTTP/1.1\r\nHost: links.example.com\r\n"
            + ("Connection: close\r\n" if close else "") + "\r\n").encode()


def split_answer(buffer, method="GET"):
    """(status, body, rest) of the first whole answer in `buffer`, or None while it is incomplete."""
    head, separator, rest = buffer.partition(b"\r\n\r\n")
    if not separator:
        return None
    lines = head.decode("latin-1").split("\r\n")
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value)
    length = 0 if method == "HEAD" else length
    if len(rest) < length:
        return None
    return int(lines[0].split()[1]), rest[:length], rest[length:]


class RecordCountingClient:
    """A TLS client over memory buffers, so it sees the records on the wire: `records` counts the application-data
    records (type 23, every record after a TLS 1.3 handshake) received so far."""

    def __init__(self, port, receive_buffer=None):
        self.socket = socket.socket()
        if receive_buffer:
            self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.socket.settimeout(20)
        self.socket.connect(("127.0.0.1", port))
        self.incoming, self.outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
        self.tls = client_context().wrap_bio(self.incoming, self.outgoing, server_hostname="localhost")
        self.raw, self.records, self.plain = b"", 0, b""
        while True:
            try:
                self.tls.do_handshake()
                break
            except ssl.SSLWantReadError:
                self._flush()
                self._receive()
        self._flush()

    def _flush(self):
        data = self.outgoing.read()
        if data:
            self.socket.sendall(data)

    def _receive(self):
        chunk = self.socket.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        self.raw += chunk
        while len(self.raw) >= 5 and len(self.raw) >= 5 + int.from_bytes(self.raw[3:5], "big"):
            if self.raw[0] == 23:
                self.records += 1
            self.raw = self.raw[5 + int.from_bytes(self.raw[3:5], "big"):]
        self.incoming.write(chunk)

    def ask(self, target, method="GET"):
        """(status, body, records the answer came in)."""
        self.tls.write(request(target, method))
        self._flush()
        before = self.records
        status, body = self.answer(method)
        return status, body, self.records - before

    def answer(self, method="GET"):
        """(status, body) of the next answer."""
        while True:
            answer = split_answer(self.plain, method)
            if answer:
                self.plain = answer[2]
                return answer[:2]
            try:
                chunk = self.tls.read(65536)
            except ssl.SSLWantReadError:
                self._receive()
                continue
            if not chunk:
                raise ConnectionError("the server closed TLS before the answer was whole")
            self.plain += chunk

    def close(self):
        self.socket.close()


def alone(port, target):
    """(status, body) of `target` asked on a connection of its own."""
    with client_context().wrap_socket(socket.create_connection(("127.0.0.1", port), timeout=10)) as connection:
        connection.sendall(request(target, close=True))
        buffer = b""
        while not split_answer(buffer):
            chunk = connection.recv(65536)
            assert chunk, f"{target}: the connection closed before the answer was whole"
            buffer += chunk
        status, body, _ = split_answer(buffer)
        return status, body


def test_a_small_answer_is_one_record(tls_server):
    client = RecordCountingClient(tls_server.port)
    try:
        client.ask("/healthz")  # the session tickets arrive around the first answer
        for target in SMALL:
            for method in ("GET", "HEAD"):
                status, body, records = client.ask(target, method)
                assert records == 1, f"{method} {target}: {records} records"
                assert (status, body) == (alone(tls_server.port, target)[0], b"" if method == "HEAD"
                                          else alone(tls_server.port, target)[1])
        # Each leaves at once: not held by the socket's TCP_CORK until the kernel's 200 ms timer.
        started = time.monotonic()
        for _ in range(20):
            client.ask(SMALL[0])
        elapsed = time.monotonic() - started
        assert elapsed < 1.0, f"20 keep-alive answers took {elapsed:.2f} s"
    finally:
        client.close()


def test_pipelined_small_answers_leave_in_a_few_records(tls_server):
    """The answers to a pipelined batch are kept corked in GnuTLS until the batch is answered, and leave as one
    record each 16 KiB (a record each before, and two each, header and body, before that), while the send buffer has
    room for them."""
    client = RecordCountingClient(tls_server.port)
    try:
        client.ask("/healthz")  # the session tickets arrive around the first answer
        targets = SMALL * 8
        client.tls.write(b"".join(request(target) for target in targets))
        client._flush()
        before, segments_before = client.records, segments_received(client.socket)
        answers = [client.answer() for _ in targets]
        segments = segments_received(client.socket) - segments_before
        assert answers == [alone(tls_server.port, target) for target in targets]
        records = client.records - before
        assert records <= len(targets) // 4, f"{len(targets)} answers came in {records} records"
        # Not a segment each: one for the first answer (written in the turn that read the batch), about one for the
        # rest, maybe an acknowledgement, or more if the server was held up past the kernel's 200 ms cork.
        assert segments < len(targets) // 2, f"{len(targets)} answers came in {segments} segments"
    finally:
        client.close()


def test_one_request_at_a_time_after_a_batch_gets_each_answer_in_one_segment(tls_server):
    client = RecordCountingClient(tls_server.port)
    try:
        client.ask("/healthz")  # the session tickets arrive around the first answer
        client.tls.write(b"".join(request(target) for target in SMALL * 2))
        client._flush()
        for target in SMALL * 2:
            assert client.answer() == alone(tls_server.port, target)
        for target in SMALL:
            before = segments_received(client.socket)
            status, body, records = client.ask(target)
            assert (status, body, records) == alone(tls_server.port, target) + (1,)
            # The answer, and at most an acknowledgement of the request sent on its own while the server was slow.
            assert segments_received(client.socket) - before <= 2, f"{target}: the answer was split"
    finally:
        client.close()


def read_answers(tls, count=None):
    """(answers as (status, body), what follows them) of `count` answers read from `tls`, or of every answer until the
    server closes when `count` is None."""
    buffer, answers = b"", []
    while count is None or len(answers) < count:
        answer = split_answer(buffer)
        if answer:
            answers.append(answer[:2])
            buffer = answer[2]
            continue
        chunk = tls.recv(65536)
        if not chunk and count is None:
            break
        assert chunk, f"closed after {len(answers)} answers"
        buffer += chunk
    return answers, buffer


def test_a_batch_that_ends_with_connection_close_gets_every_answer_then_the_close(tls_server):
    targets = SMALL * 3 + [SMALL[0]]
    with client_context().wrap_socket(socket.create_connection(("127.0.0.1", tls_server.port), timeout=20)) as tls:
        tls.sendall(b"".join(request(target) for target in SMALL * 3) + request(SMALL[0], close=True))
        answers, buffer = read_answers(tls)
        assert answers == [alone(tls_server.port, target) for target in targets]
        assert buffer == b""


def test_a_pipelined_batch_ending_in_close_gets_its_answers_then_the_tls_close(tls_server):
    """libmicrohttpd ends a connection with gnutls_bye right after it reports the last request complete: the answers
    kept corked for the batch leave before the close_notify (batched_answers.c's gnutls_bye), or the client would
    stop reading at the close and never see them."""
    client = RecordCountingClient(tls_server.port)
    try:
        client.ask("/healthz")
        targets = SMALL * 3 + [SMALL[0]]
        client.tls.write(b"".join(request(target) for target in SMALL * 3) + request(SMALL[0], close=True))
        client._flush()
        assert [client.answer() for _ in targets] == [alone(tls_server.port, target) for target in targets]
        # Then TLS's own end: an empty read once the close_notify is in (a socket closed without it is _receive's
        # ConnectionError, since the memory BIO never sees the end of the socket).
        while True:
            try:
                rest = client.tls.read(65536)
                break
            except ssl.SSLWantReadError:
                client._receive()
        assert rest == b"", "bytes after the last answer"
    finally:
        client.close()


def test_pipelined_and_large_answers_arrive_whole(tls_server):
    urls = [f"https://links.example.com/c/CH-{number:04d}" + "x" * 40 for number in range(1000)]
    body = ('{"urls": [' + ",".join(f'"{url}"' for url in urls) + "]}").encode()
    batch = (b"POST /resolve HTTP/1.1\r\nHost: links.example.com\r\nContent-Type: application/json\r\n"
             + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    with client_context().wrap_socket(socket.create_connection(("127.0.0.1", tls_server.port), timeout=20)) as tls:
        tls.sendall(b"".join(request(target) for target in SMALL * 20))
        answers, buffer = read_answers(tls, len(SMALL) * 20)
        expected = [alone(tls_server.port, target) for target in SMALL]
        assert answers == expected * 20
        tls.sendall(batch)
        while not split_answer(buffer):
            chunk = tls.recv(1 << 20)
            assert chunk, "closed before the batch answer was whole"
            buffer += chunk
        status, answer, _ = split_answer(buffer)
        assert status == 200 and len(answer) > 100_000 and answer.count(b"https://links.example.com/c/CH-") >= 1000


def test_a_pipelined_batch_mixing_small_and_large_answers_gets_them_whole_and_in_order(tls_server):
    """Small answers kept back in the session leave before a large one that is not corked (microhttp_batching_
    send_record: the API description, 31 KB), and those after it are kept again. The large ones, 6.4 MB, are more
    than the server's socket takes while the client does not read: kept back in GnuTLS with the small ones, they
    would meet a full socket when sent, and the connection would be given up after a second."""
    large = "/openapi.yaml"
    targets = SMALL * 2 + [large] + SMALL * 2 + [large] * 200 + SMALL
    connection = socket.socket()
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    connection.settimeout(20)
    connection.connect(("127.0.0.1", tls_server.port))
    with client_context().wrap_socket(connection) as tls:
        tls.sendall(b"".join(request(target) for target in targets))
        time.sleep(1.5)  # a client slow to read
        answers, _ = read_answers(tls, len(targets))
        expected = {target: alone(tls_server.port, target) for target in set(targets)}
        assert len(expected[large][1]) > 16 * 1024
        for number, (target, answer) in enumerate(zip(targets, answers)):
            assert answer == expected[target], f"answer {number}, to {target}"


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100


def test_a_client_that_does_not_read_leaves_the_server_idle_and_gets_every_answer(tls_server):
    target = "/static/deeplinkd.css"
    count = 3000  # about 8 MB of answers: far more than the socket buffers hold
    client = RecordCountingClient(tls_server.port, receive_buffer=4096)
    try:
        client.tls.write(b"".join(request(target) for _ in range(count)))
        # Sent from a thread: the server reads requests only as it answers, and this client does not read yet.
        sender = threading.Thread(target=client.socket.sendall, args=(client.outgoing.read(),))
        sender.start()
        time.sleep(0.5)
        before = cpu_seconds(tls_server.pid)
        time.sleep(1.5)
        spent = cpu_seconds(tls_server.pid) - before
        assert spent < 0.3, f"the server spent {spent:.2f} s of CPU in 1.5 s while its client read nothing"
        expected = alone(tls_server.port, target)
        for number in range(count):
            assert client.answer() == expected, f"answer {number}"
        sender.join(timeout=20)
    finally:
        client.close()


def test_requests_whose_records_arrive_in_pieces_are_answered(tls_server):
    """The server reads a record ahead of what GnuTLS asks for (batched_answers.c): a record cut anywhere, or two in
    one segment with the second cut, is answered as a whole one is."""
    client = RecordCountingClient(tls_server.port)
    client.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        client.ask("/healthz")  # the session tickets arrive around the first answer
        for target in SMALL:
            for cut in (1, 3, 5, 6, -1):
                client.tls.write(request(target))
                record = client.outgoing.read()
                for piece in (record[:cut], record[cut:]):
                    client.socket.sendall(piece)
                    time.sleep(0.01)  # each piece a segment of its own
                assert client.answer() == alone(tls_server.port, target), f"{target}: cut at {cut}"
            # Two records in one segment and nothing after: the second is read with the first, and answered.
            client.tls.write(request(target))
            client.tls.write(request(SMALL[0]))
            client.socket.sendall(client.outgoing.read())
            assert [client.answer(), client.answer()] == [alone(tls_server.port, target), alone(tls_server.port, SMALL[0])]
            client.tls.write(request(target))
            client.tls.write(request(SMALL[0]))
            records = client.outgoing.read()
            client.socket.sendall(records[:len(records) - 7])
            time.sleep(0.01)
            client.socket.sendall(records[len(records) - 7:])
            assert [client.answer(), client.answer()] == [alone(tls_server.port, target), alone(tls_server.port, SMALL[0])]
    finally:
        client.close()


def traced_calls(pid, names, action, output):
    """{name: count} of the system calls `names` that the threads of process `pid` make while `action` runs, as strace
    writes them to `output`; None when strace cannot trace here."""
    tracer = subprocess.Popen(["strace", "-f", "-e", "trace=" + ",".join(names), "-o", str(output), "-p", str(pid)],
                              stderr=subprocess.PIPE, text=True)
    # strace says so on its standard error once it traces every thread of the process.
    line = tracer.stderr.readline()
    if "attached" not in line:
        tracer.kill()
        tracer.wait()
        return None
    try:
        action()
    finally:
        tracer.send_signal(signal.SIGINT)
        tracer.communicate(timeout=60)
    counts = dict.fromkeys(names, 0)
    for line in output.read_text().splitlines():
        # "PID name(arguments) = result", or "PID name(arguments <unfinished ...>" and later "<... name resumed>".
        match = re.match(r"\d+\s+(\w+)\(", line)
        if match and match.group(1) in counts:
            counts[match.group(1)] += 1
    return counts


def test_a_request_over_tls_costs_one_read_and_its_answer_one_write(tls_server, tmp_path):
    """GnuTLS reads a record in two calls (its header, then the rest) and libmicrohttpd pushes every TLS answer with a
    setsockopt(TCP_NODELAY): the server reads each record ahead in one call and leaves out a push already made."""
    client = RecordCountingClient(tls_server.port)
    count = 40
    try:
        client.ask("/healthz")  # the handshake, the session tickets and the first answer's cork
        expected = alone(tls_server.port, SMALL[0])

        def ask():
            for _ in range(count):
                status, body, records = client.ask(SMALL[0])
                assert ((status, body), records) == (expected, 1)

        counts = traced_calls(tls_server.pid, ["recvfrom", "read", "setsockopt", "sendmsg", "sendto", "write"], ask,
                              tmp_path / "strace.txt")
        if counts is None:
            pytest.skip("strace cannot trace a process on this machine")
    finally:
        client.close()
    # A request's record may arrive in two segments now and then (a second read); a read of the record alone, each.
    assert count <= counts["recvfrom"] + counts["read"] <= count + count // 8, counts
    assert counts["setsockopt"] == 0, counts
    assert counts["sendmsg"] + counts["sendto"] == count, counts
