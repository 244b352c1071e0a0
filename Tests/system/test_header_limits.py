"""How many header fields and bytes a request head may have with the default --connection-memory (16,384 bytes), as
docs/serving.md states them ("Limits"): the request line and the header lines share that memory with libmicrohttpd's bookkeeping,
about 64 bytes a field, so the limit is in fields as much as in bytes. Each limit is found by bisection on the
AASA, a landing page and /healthz; past it, until the head is larger by about the size of the answer's header (a few
fields, or a few hundred bytes of one field), libmicrohttpd has no room left to write that header and closes the
connection unanswered; every larger head gets 431. Never a 5xx, never a hang."""

import pytest

from rawhttp import HOST, exchange

TARGETS = ["/.well-known/apple-app-site-association", "/c/CH-42", "/healthz"]
# (value width, so that each field line is 12, 40 or 100 bytes with its CRLF; the fields docs/serving.md says pass at
# least; how many more may pass)
FIELD_SHAPES = [(1, 205, 10), (29, 150, 10), (89, 95, 6)]
ONE_FIELD_BYTES = (15600, 400)  # docs/serving.md's figure, and how much longer a field may be


def head(target, fields=(), big=0):
    lines = [f"GET {target} HTTP/1.1", f"Host: {HOST}", "Connection: close"]
    lines += [f"X-F{index:04d}: {'v' * width}" for index, width in fields]
    if big:
        lines.append("X-Big: " + "a" * big)
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def outcome(server, request):
    result = exchange(server.port, request, timeout=5.0)
    assert not result.hung, result.describe()
    assert all(status < 500 for status in result.statuses), result.describe()
    return result.statuses[0] if result.statuses else "closed"


def most_passing(server, make, high):
    """The largest n in 1..high for which `make(n)` is answered 200 (bisection: answered below, refused above)."""
    low = 1
    while low < high:
        middle = (low + high + 1) // 2
        if outcome(server, make(middle)) == 200:
            low = middle
        else:
            high = middle - 1
    return low


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("width, stated, tolerance", FIELD_SHAPES)
def test_the_number_of_header_fields_that_pass_is_as_the_readme_says(server, target, width, stated, tolerance):
    passing = most_passing(server, lambda n: head(target, [(index, width) for index in range(n)]), 400)
    print(f"\n{target}: {passing} fields of {width + 11} bytes pass")
    assert stated <= passing <= stated + tolerance, f"{passing} fields of {width + 11} bytes pass; docs/serving.md says {stated}"
    past = outcome(server, head(target, [(index, width) for index in range(passing + 1)]))
    assert past in (431, "closed"), past
    assert outcome(server, head(target, [(index, width) for index in range(passing + 8)])) == 431


@pytest.mark.parametrize("target", TARGETS)
def test_one_header_field_may_take_nearly_all_the_memory(server, target):
    stated, tolerance = ONE_FIELD_BYTES
    passing = most_passing(server, lambda n: head(target, big=n), 20000)
    print(f"\n{target}: one field of {passing} bytes passes")
    assert stated <= passing <= stated + tolerance, f"one field of {passing} bytes passes; docs/serving.md says {stated}"
    assert outcome(server, head(target, big=passing + 1)) in (431, "closed")
    assert outcome(server, head(target, big=passing + 1000)) == 431
