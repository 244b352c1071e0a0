"""Plain HTTP pipelining: the answers to requests written together all arrive whole and in order, and leave the server
together rather than a segment each (libmicrohttpd answers one request a turn; deeplinkd's poll() corks a connection
while libmicrohttpd has more to write on it and uncorks it when it waits for the client: batched_answers.c). A client
that asks one request at a time is never held."""

import socket

from rawhttp import fetch, get, parse_responses, segments_received

SMALL = ["/.well-known/apple-app-site-association", "/c/CH-42", "/static/deeplinkd.css",
         "/resolve?url=https%3A%2F%2Flinks.example.com%2Fc%2FCH-42", "/nope"]


def request(target, close=False):
    return get(target, [b"Connection: close"] if close else None)


class Client:
    """One keep-alive connection; `answer` reads the answers in order, each framed by rawhttp.parse_responses."""

    def __init__(self, port):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=20)
        self.buffer, self.answers = b"", []

    def answer(self):
        """(status, body) of the next answer."""
        while not self.answers:
            chunk = self.socket.recv(65536)
            assert chunk, "the server closed the connection before the answer was whole"
            responses, self.buffer, problems = parse_responses(self.buffer + chunk, (), False)
            assert not problems, problems
            self.answers += [(response.status, response.body) for response in responses]
        return self.answers.pop(0)

    def close(self):
        self.socket.close()


def alone(port, target):
    """(status, body) of `target` asked on a connection of its own."""
    response, result = fetch(port, target)
    assert response is not None, f"{target}: {result}"
    return response.status, response.body


def test_a_pipelined_batch_arrives_whole_in_order_and_in_fewer_segments_than_answers(server):
    client = Client(server.port)
    try:
        targets = SMALL * 4
        before = segments_received(client.socket)
        client.socket.sendall(b"".join(request(target) for target in targets))
        answers = [client.answer() for _ in targets]
        segments = segments_received(client.socket) - before
        assert answers == [alone(server.port, target) for target in targets]
        # One segment for the first answer (written in the turn that read the batch), about one for the rest, maybe
        # an acknowledgement, or more if the server was held up past the kernel's 200 ms cork: one an answer before.
        assert segments < len(targets) // 2, f"{len(targets)} answers came in {segments} segments"
    finally:
        client.close()


def test_one_request_at_a_time_after_a_batch_gets_each_answer_whole_in_one_segment(server):
    client = Client(server.port)
    try:
        client.socket.sendall(b"".join(request(target) for target in SMALL * 2))
        for target in SMALL * 2:
            assert client.answer() == alone(server.port, target)
        for target in SMALL:
            before = segments_received(client.socket)
            client.socket.sendall(request(target))
            assert client.answer() == alone(server.port, target)
            # The answer, and at most an acknowledgement of the request sent on its own while the server was slow.
            assert segments_received(client.socket) - before <= 2, f"{target}: the answer was split"
    finally:
        client.close()


def test_a_batch_that_ends_with_connection_close_gets_every_answer_then_the_close(server):
    client = Client(server.port)
    try:
        client.socket.sendall(b"".join(request(target) for target in SMALL * 3) + request(SMALL[0], close=True))
        for target in SMALL * 3 + [SMALL[0]]:
            assert client.answer() == alone(server.port, target)
        assert client.socket.recv(65536) == b"", "the server should close after the Connection: close answer"
    finally:
        client.close()


def test_a_batch_larger_than_a_segment_arrives_whole_in_order(server):
    client = Client(server.port)
    try:
        targets = [f"/c/CH-{number}" for number in range(1, 101)] + ["/static/deeplinkd.css"] * 20
        client.socket.sendall(b"".join(request(target) for target in targets))
        answers = [client.answer() for _ in targets]
        assert [status for status, _ in answers] == [200] * len(targets)
        assert answers[41] == alone(server.port, "/c/CH-42")
        assert all(b"CH-%d" % number in body for number, (_, body) in zip(range(1, 101), answers))
    finally:
        client.close()
