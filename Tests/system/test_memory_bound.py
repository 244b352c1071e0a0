"""What one client can make the server hold: large batches whose answers are read slowly, from several addresses.

An outside tester sent 200 `POST /resolve` batches of 1 MiB (URLs made of `&`, each escaped as `\\u0026` and echoed
twice: a 12.5 MB answer each) from four loopback addresses and never read the answers: the server's RSS went from
142 MB to 2.6 GB, and 340 MB stayed after the connections closed. Now an answer is at most a small multiple of its
request, request bodies and answers share one budget (`--buffer-limit`, 64 MiB by default) past which the server
answers 503, and large blocks are returned to the system when freed.
"""

import json
import socket
import time
from pathlib import Path

import pytest

CONNECTIONS = 200
ADDRESSES = ["127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4"]


def rss_mib(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def batch_body():
    url = "https://links.example.com/c/CH-42?" + "&" * 1000
    return json.dumps({"urls": [url] * 1000}).encode()


def post_without_reading(address, port, body):
    connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a reader that takes nothing
    connection.bind((address, 0))
    connection.settimeout(10)
    connection.connect(("127.0.0.1", port))
    head = (f"POST /resolve HTTP/1.1\r\nHost: links.example.com\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode()
    connection.sendall(head + body)
    return connection


def status_of(connection):
    connection.settimeout(10)
    head = b""
    while b"\r\n" not in head:
        chunk = connection.recv(4096)
        if not chunk:
            break
        head += chunk
    return int(head.split(b" ")[1]) if head.startswith(b"HTTP/1.1 ") else None


@pytest.mark.timeout(180)
def test_slow_readers_of_large_answers_cannot_grow_the_server_without_bound(server):
    pid = server.process.pid
    before = rss_mib(pid)
    body = batch_body()
    assert len(body) > 1_000_000
    connections = []
    try:
        for index in range(CONNECTIONS):
            connections.append(post_without_reading(ADDRESSES[index % len(ADDRESSES)], server.port, body))
        time.sleep(2)
        held = rss_mib(pid)
        print(f"RSS {before:.1f} MiB before, {held:.1f} MiB with {CONNECTIONS} slow readers of 1 MiB batches")
        assert held < before + 160, f"RSS grew from {before:.1f} to {held:.1f} MiB"
        statuses = [status_of(connection) for connection in connections]
        served = statuses.count(200)
        refused = statuses.count(503)
        print(f"{served} answered 200, {refused} refused with 503")
        assert served >= 10, statuses
        assert refused > 0, "the budget never filled: the test no longer reaches the limit"
        assert served + refused == CONNECTIONS, statuses
    finally:
        for connection in connections:
            connection.close()
    time.sleep(2)
    after = rss_mib(pid)
    print(f"RSS {after:.1f} MiB after the connections closed")
    assert after < before + 48, f"RSS stayed at {after:.1f} MiB after the connections closed ({before:.1f} before)"
    status, answer = server.post_json("/resolve", {"urls": ["https://links.example.com/c/1"]})
    assert status == 200 and answer["results"][0]["matched"] is True


def test_a_batch_of_ampersands_answers_about_its_own_size(server):
    body = batch_body()
    status, answer = server.post_json("/resolve", json.loads(body))
    assert status == 200
    size = len(json.dumps(answer, separators=(",", ":")))
    assert size < 2 * len(body), f"a {len(body)}-byte batch got a {size}-byte answer"
    assert "\\u0026" not in json.dumps(answer, ensure_ascii=False)
