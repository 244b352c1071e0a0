"""The request-smuggling and malformed-request vectors of Http11Probe and http-desync-guardian (desync_vectors.py and
the two corpus modules), against deeplinkd alone and behind nginx and haproxy (proxies.py).

Alone: each vector and its follow-up go on one connection, eight connections at a time; the answer must be what
desync_vectors.py allows, and deeplinkd's access log must never show the smuggled target.

Behind a proxy: the vectors go one at a time (so each proxy log line and each deeplinkd log line belongs to one
vector), each followed on a new connection by a marker request, whose answer must be right (a desynchronised
upstream connection would give it another request's answer) and whose log lines in both logs delimit the vector's.
For each vector, the requests deeplinkd logged must be the ones the proxy says it forwarded: none more (a smuggled
request), none fewer than the proxy read answers to, those answers in the order deeplinkd gave them, none to the
smuggled target; and the client gets the answers the proxy logged, the follow-up its own.
"""

import concurrent.futures
import itertools
import time

import pytest

import desync_guardian_vectors
import http11probe_vectors
from conftest import DEFAULT_CONFIG
from desync_vectors import (ACCEPT, FOLLOW_UP, FOLLOW_UP_MARK, NORMAL_REFUSALS, REFUSE, SMUGGLED_MARK,
                            SMUGGLED_TARGET)
from proxies import PROXIES, ProxyEntry
from rawhttp import CASE_TIMEOUT, HOST, Exchange, Response, exchange, get

VECTORS = http11probe_vectors.vectors() + desync_guardian_vectors.vectors()
WORKERS = 8
MARKER_TARGET = "/.well-known/apple-app-site-association"  # never requested by a vector; logged as it is
MARKER = get(MARKER_TARGET, [b"Connection: close"])
LOG_TIMEOUT = 15.0  # for the last log lines to be written (deeplinkd's log is flushed every 100 ms)

# libmicrohttpd 0.9.75 parses the head before deeplinkd sees the request. deeplinkd's engine (Sources/MicroHTTP,
# HeadLayout) checks that the fields it was handed are the whole head, which refuses a NUL in a value and a line
# without a name; what it cannot see from outside the library fails alone until the library changes, and is refused
# by both proxies (docs/reliability.md).
CONTENT_LENGTH_OWS = ("libmicrohttpd 0.9.75 parses Content-Length itself, between reading the head and calling "
                      "deeplinkd, and answers its own 400 (HTML body) to trailing whitespace, which RFC 9110 §5.5 "
                      "says to strip; no option or callback comes in between. Behind haproxy the value arrives "
                      "stripped and is served; nginx strips spaces and refuses a tab itself")
NUL_BEFORE_BARE_LF = ("libmicrohttpd 0.9.75 writes a NUL over every CR and LF of the head and over each field's colon "
                      "before deeplinkd sees it, so a NUL byte or a line of only ':' right before a bare LF leaves the "
                      "same bytes as a CRLF: the NUL is dropped, the line taken for the end of the head. nginx and "
                      "haproxy refuse both")
KNOWN_ALONE = {
    "http-desync-guardian more-compliant-tests.yaml: Has a CL in PUT OK": CONTENT_LENGTH_OWS,
    "http-desync-guardian more-compliant-tests.yaml: Very many headers": CONTENT_LENGTH_OWS,
}


def parameters(known):
    return [pytest.param(index, id=vector.name, marks=[pytest.mark.xfail(reason=known[vector.name], strict=True)]
                         if vector.name in known else []) for index, vector in enumerate(VECTORS)]


def send(port, vector):
    """The vector and its follow-up on one connection, read until the server closes (the follow-up asks it to)."""
    return exchange(port, vector.pieces, methods=[vector.method, "GET"], expected=3, timeout=CASE_TIMEOUT)


def exchange_errors(vector, result):
    """What is wrong with the answers to a vector and its follow-up, whoever gave them."""
    errors = []
    for response in result.responses:
        if response.status >= 500 and not (response.status == 505 and vector.allows_505):
            errors.append(f"server error {response.status}")
        if SMUGGLED_MARK in response.body:
            errors.append(f"SMUGGLED: the request hidden in the vector ({SMUGGLED_TARGET}) was answered")
    errors += [problem for problem in result.problems if problem.startswith(("bytes that", "unreadable", "socket"))]
    if result.hung:
        errors.append(f"neither answered nor closed within {CASE_TIMEOUT:.0f} s")
    if len(result.responses) > 2:
        errors.append(f"{len(result.responses)} answers to a vector and one follow-up")
    if len(result.responses) == 2:
        first, second = result.responses
        if vector.closes and not vector.refuses(first):
            errors.append(f"answered {first.status} and kept the connection open after a framing a proxy may read "
                          "otherwise")
        if FOLLOW_UP_MARK not in second.body and not vector.poisons_follow_up:
            errors.append(f"the follow-up got {second.status} {second.body[:60]!r}, not its own answer")
    elif vector.keeps_alive and not vector.incomplete:
        errors.append("the follow-up on the same connection was not answered")
    return errors


def alone_errors(vector, result):
    """`exchange_errors`, and whether deeplinkd's answer is one `vector.expect` allows."""
    errors = exchange_errors(vector, result)
    first = result.responses[0] if result.responses else None
    if vector.expect == REFUSE and not vector.refuses(first):
        errors.append(f"accepted with {first.status} instead of a refusal or a close")
    if vector.expect == ACCEPT and (vector.refuses(first) and (first is None or first.status not in NORMAL_REFUSALS)):
        errors.append(f"a valid request refused ({first.status if first else 'closed without an answer'})")
    return errors


def describe(vector, result):
    shown = vector.wire[:300]
    return f"sent: {shown!r}{'...' if len(vector.wire) > 300 else ''}\n  got:  {result.describe()}"


@pytest.fixture(scope="module")
def alone(server):
    """Every vector against the module's deeplinkd, eight connections at a time."""
    start = len(server.log_text())
    with concurrent.futures.ThreadPoolExecutor(max_workers=WORKERS) as pool:
        results = list(pool.map(lambda vector: send(server.port, vector), VECTORS))
    return {"results": results, "log_start": start}


@pytest.mark.parametrize("index", parameters(KNOWN_ALONE))
def test_vector_alone(index, alone):
    vector, result = VECTORS[index], alone["results"][index]
    errors = alone_errors(vector, result)
    assert not errors, f"{'; '.join(errors)}\n  {describe(vector, result)}"


def test_the_vectors_alone_never_reach_the_smuggled_target_nor_a_5xx(server, alone):
    log = server.log_text()[alone["log_start"]:]
    assert f'"path":"{SMUGGLED_TARGET}"' not in log
    assert server.problems(alone["log_start"]) == []
    assert server.is_alive()


class BehindRecord:
    """What one vector did behind a proxy: the client's exchanges and both logs' lines for it."""

    def __init__(self, result, marker):
        self.result = result  # the vector and its follow-up
        self.marker = marker  # the marker request on a new connection after it
        self.deeplinkd = []  # deeplinkd's access-log entries (dicts)
        self.proxy = []  # the proxy's (proxies.ProxyEntry)


def segments(entries, path_of):
    """`entries` cut at each marker request: the entries after the n-th marker and before the next, for n = 0..."""
    cut, current = [], None
    for entry in entries:
        if path_of(entry) == MARKER_TARGET:
            if current is not None:
                cut.append(current)
            current = []
        elif current is not None:
            current.append(entry)
    return cut


def wait_for_markers(count, read):
    """The entries `read` returns once `count` marker lines are among them (or after LOG_TIMEOUT)."""
    deadline = time.monotonic() + LOG_TIMEOUT
    while True:
        entries = read()
        if sum(1 for path in entries[1] if path == MARKER_TARGET) >= count or time.monotonic() > deadline:
            return entries[0]
        time.sleep(0.05)


def run_behind(proxy, server):
    """Every vector through `proxy`, one at a time, each followed by the marker; both logs cut per vector."""
    reference = exchange(proxy.port, MARKER, timeout=CASE_TIMEOUT)
    records = [BehindRecord(send(proxy.port, vector), exchange(proxy.port, MARKER, expected=2, timeout=CASE_TIMEOUT))
               for vector in VECTORS]

    def deeplinkd_entries():
        entries = [entry for entry in server.log_entries() if entry.get("message") == "request"]
        return entries, [entry.get("path") for entry in entries]

    def proxy_entries():
        entries = proxy.entries()
        return entries, [entry.path for entry in entries]

    markers = len(VECTORS) + 1
    deeplinkd_lines = segments(wait_for_markers(markers, deeplinkd_entries), lambda entry: entry.get("path"))
    proxy_lines = segments(wait_for_markers(markers, proxy_entries), lambda entry: entry.path)
    if len(deeplinkd_lines) != len(VECTORS) or len(proxy_lines) != len(VECTORS):
        pytest.fail(f"{len(VECTORS)} vectors, but {len(deeplinkd_lines)} segments of deeplinkd's log and "
                    f"{len(proxy_lines)} of {proxy.name}'s between marker requests within {LOG_TIMEOUT:.0f} s")
    for record, deeplinkd_segment, proxy_segment in zip(records, deeplinkd_lines, proxy_lines):
        record.deeplinkd, record.proxy = deeplinkd_segment, proxy_segment
    return {"reference": reference, "records": records, "proxy": proxy}


def behind_errors(vector, record, reference, proxy_name):
    """What shows the proxy and deeplinkd framing a vector differently, or a connection left out of step.

    The proxy's own reading of the vector is the reference: it may refuse it, or read more requests in it than HTTP/1.1
    strictly does (RFC 9112 §3 lets a parser split a request line on tabs). What it forwarded must be what deeplinkd
    saw: no request more (a smuggled one), none fewer among those it got an answer to, the answers it read back in the
    order deeplinkd gave them, and the client's answers those the proxy logged.
    """
    errors, result = [], record.result
    if any(SMUGGLED_MARK in response.body for response in result.responses):
        errors.append(f"SMUGGLED: the request hidden in the vector ({SMUGGLED_TARGET}) was answered")
    if vector.is_http1:
        errors += [problem for problem in result.problems if problem.startswith(("bytes that", "unreadable"))]
        logged = [entry.status for entry in record.proxy][:len(result.responses)]
        if result.statuses != logged:
            errors.append(f"the client got {result.statuses}, {proxy_name} logged {logged}")
    if result.hung:
        errors.append(f"neither answered nor closed within {CASE_TIMEOUT:.0f} s")
    if len(result.responses) > 1 and FOLLOW_UP_MARK not in result.responses[-1].body and not vector.poisons_follow_up:
        last = result.responses[-1]
        errors.append(f"the follow-up got {last.status} {last.body[:60]!r}, not its own answer")
    forwarded = [entry for entry in record.proxy if entry.forwarded]
    errors += [f"{entry.status} to the client for a request {proxy_name} forwarded" for entry in forwarded
               if (entry.status or 0) >= 500 and not (entry.upstream_status == 505 and vector.allows_505)]
    marker = record.marker.responses
    if len(marker) != 1 or marker[0].status != 200 or marker[0].body != reference.responses[0].body:
        errors.append(f"the next request, on a new connection, got {record.marker.describe()} instead of its own "
                      "answer")

    seen = [(entry.get("method"), entry.get("path"), entry.get("status")) for entry in record.deeplinkd]
    answered = [entry.upstream_status for entry in forwarded if entry.upstream_status is not None]
    if any(path == SMUGGLED_TARGET for _, path, _ in seen):
        errors.append(f"SMUGGLED: deeplinkd served {SMUGGLED_TARGET}, which only the hidden request asks for")
    if any(status >= 500 and status != 505 for _, _, status in seen):
        errors.append("deeplinkd answered a 5xx")
    if not len(answered) <= len(seen) <= len(forwarded):
        errors.append(f"deeplinkd logged {len(seen)} requests, {proxy_name} forwarded {len(forwarded)} and read "
                      f"{len(answered)} answers")
    elif not is_subsequence(answered, [status for _, _, status in seen]):
        errors.append(f"{proxy_name} read the answers {answered}, deeplinkd gave {seen}")
    return errors


def is_subsequence(items, sequence):
    remaining = iter(sequence)
    return all(any(item == candidate for candidate in remaining) for item in items)


@pytest.fixture(scope="module", params=sorted(PROXIES))
def behind(request, serve, front_proxy):
    """Every vector through one front proxy to a deeplinkd of its own (one worker thread, so that its log lines are
    in the order the requests came; no per-address limit, as behind any proxy)."""
    server = serve("--config", DEFAULT_CONFIG, "--threads", 1, "--per-ip-limit", 0, name=f"behind-{request.param}")
    proxy = front_proxy(request.param, server.port)
    run = run_behind(proxy, server)
    run["server"] = server
    return run


@pytest.mark.parametrize("index", parameters({}))
def test_vector_behind_a_proxy(index, behind):
    vector, record = VECTORS[index], behind["records"][index]
    errors = behind_errors(vector, record, behind["reference"], behind["proxy"].name)
    assert not errors, (f"{'; '.join(errors)}\n  {describe(vector, record.result)}\n  deeplinkd logged: "
                        f"{record.deeplinkd}\n  {behind['proxy'].name} logged: {record.proxy}")


def test_the_proxy_answered_the_marker_before_the_vectors(behind):
    assert behind["reference"].statuses == [200] and behind["reference"].responses[0].body.startswith(b"{")


EMPTY_NAME_LINES = {
    "colon first": b": x\r\n", "a lone colon": b":\r\n", "NUL first": b"\x00X-Bad: v\r\n", "colons only": b":a:b: c\r\n",
    "a lone NUL": b"\x00\r\n", "colon then NUL": b":\x00x\r\n", "colon first, bare LF": b": x\n",
    "NUL first, bare LF": b"\x00X-Bad: v\n",
}
# The lines HeadLayout cannot tell from a line end (NUL_BEFORE_BARE_LF): refused by both proxies.
INVISIBLE_LINES = {"a lone colon, bare LF": b":\n", "a lone NUL, bare LF": b"\x00\n"}
AFTER_THE_LINE = {
    "a request line": f"GET {SMUGGLED_TARGET} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode(),
    "the body's length": f"Content-Length: 2\r\n\r\n{{}}".encode(),
}


EMPTY_NAME_CASES = [pytest.param(line, id=name) for name, line in EMPTY_NAME_LINES.items()] + [
    pytest.param(line, id=name, marks=pytest.mark.xfail(reason=NUL_BEFORE_BARE_LF, strict=True))
    for name, line in INVISIBLE_LINES.items()]
NUL_VALUES = {"at the start": b"\x00value", "inside": b"va\x00lue", "at the end": b"value\x00", "alone": b"\x00",
              "hiding a Content-Length": b"v\x00Content-Length: 9"}
LINE_ENDS = {"CRLF": b"\r\n", "LF": b"\n"}


def nul_value_cases():
    """Each NUL position, in the last field or before another, with either line end; the NUL right before a bare LF
    is NUL_BEFORE_BARE_LF."""
    cases = []
    for (value_name, value), (end_name, end), is_last in itertools.product(NUL_VALUES.items(), LINE_ENDS.items(),
                                                                          (True, False)):
        fields = b"X-Value: " + value + end + (b"" if is_last else b"X-Next: 1" + end)
        wire = b"POST /resolve HTTP/1.1" + end + f"Host: {HOST}".encode() + end + fields + end + b"{}"
        invisible = value.endswith(b"\x00") and end == b"\n"
        marks = [pytest.mark.xfail(reason=NUL_BEFORE_BARE_LF, strict=True)] if invisible else []
        cases.append(pytest.param(wire, id=f"{value_name}, {end_name}, {'last' if is_last else 'before another'}",
                                  marks=marks))
    return cases


def refused_alone(server, wire):
    """Sends `wire` and a follow-up on one connection; asserts deeplinkd's own 400 with a close, and nothing hidden or
    following served."""
    result = exchange(server.port, [wire, FOLLOW_UP], methods=["POST", "GET", "GET"], expected=3, timeout=CASE_TIMEOUT)
    statuses = result.describe()
    assert not any(SMUGGLED_MARK in response.body for response in result.responses), f"SMUGGLED: {statuses}"
    assert result.statuses == [400], f"not refused once: {statuses}"
    assert result.responses[0].body == b"400 Bad Request\n", f"not deeplinkd's refusal: {statuses}"
    assert result.responses[0].header("connection") == "close" and result.closed, statuses


@pytest.mark.parametrize("after", AFTER_THE_LINE.values(), ids=AFTER_THE_LINE.keys())
@pytest.mark.parametrize("line", EMPTY_NAME_CASES)
def test_a_field_line_without_a_name_is_refused_and_ends_nothing(server, line, after):
    """The class of the corpora's empty-name vectors: a field line with no name is malformed (RFC 9112 §5), so the
    request is refused, and whatever follows it in the head is never read as another request. A proxy that passed
    such a line on would otherwise forward one request while deeplinkd served two."""
    refused_alone(server, f"POST /resolve HTTP/1.1\r\nHost: {HOST}\r\n".encode() + line + after)


@pytest.mark.parametrize("wire", nul_value_cases())
def test_a_nul_byte_in_a_field_value_is_refused(server, wire):
    """The class of the corpora's NUL-in-value vectors (RFC 9110 §5.5): refused, never served with the value cut at
    the NUL (`X-Value: v<NUL>Content-Length: 9` would otherwise reach the handler as `X-Value: v`)."""
    refused_alone(server, wire)


INVISIBLE_WIRES = {
    **{name: f"POST /resolve HTTP/1.1\r\nHost: {HOST}\r\n".encode() + line + AFTER_THE_LINE["a request line"]
       for name, line in INVISIBLE_LINES.items()},
    "a NUL at the end of a value, bare LF": f"POST /resolve HTTP/1.1\r\nHost: {HOST}\r\n".encode()
    + b"Content-Length: 2\x00\n\r\n{}",
}


@pytest.mark.parametrize("wire", INVISIBLE_WIRES.values(), ids=INVISIBLE_WIRES.keys())
def test_the_proxy_refuses_what_deeplinkd_alone_cannot_see(behind, wire):
    """What HeadLayout cannot tell from a line end (NUL_BEFORE_BARE_LF) never reaches deeplinkd behind a proxy: the
    proxy answers 400 itself and forwards nothing."""
    proxy = behind["proxy"]
    before = len(proxy.entries())
    result = exchange(proxy.port, [wire, FOLLOW_UP], methods=["POST", "GET", "GET"], expected=3, timeout=CASE_TIMEOUT)
    assert result.statuses[:1] == [400], result.describe()
    assert not any(SMUGGLED_MARK in response.body for response in result.responses), result.describe()
    deadline = time.monotonic() + LOG_TIMEOUT
    while len(proxy.entries()) <= before and time.monotonic() < deadline:
        time.sleep(0.05)
    logged = proxy.entries()[before:]
    assert logged and not any(entry.forwarded for entry in logged), logged


RESOLVE_BODY = b'{"urls":["https://links.example.com/c/CH-42"]}'
TRAILING_WHITESPACE = {"a space": b" ", "two spaces": b"  ", "a tab": b"\t", "a space and a tab": b" \t"}


def trailing_whitespace_request(whitespace):
    return (f"POST /resolve HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n".encode()
            + f"Content-Length: {len(RESOLVE_BODY)}".encode() + whitespace + b"\r\n\r\n" + RESOLVE_BODY)


def describe_answer(result):
    return f"{result.describe()}: {result.responses[0].body[:200]!r}" if result.responses else result.describe()


@pytest.mark.xfail(reason=CONTENT_LENGTH_OWS, strict=True)
@pytest.mark.parametrize("whitespace", TRAILING_WHITESPACE.values(), ids=TRAILING_WHITESPACE.keys())
def test_a_content_length_with_trailing_whitespace_is_served_alone(server, whitespace):
    result = exchange(server.port, trailing_whitespace_request(whitespace), methods=["POST"], timeout=CASE_TIMEOUT)
    assert result.statuses == [200] and b'"matched":true' in result.responses[0].body, describe_answer(result)


@pytest.mark.parametrize("whitespace", TRAILING_WHITESPACE.values(), ids=TRAILING_WHITESPACE.keys())
def test_a_content_length_with_trailing_whitespace_is_stripped_or_refused_by_the_proxy(behind, whitespace):
    """What deeplinkd alone cannot take as it should (CONTENT_LENGTH_OWS) never reaches it as sent from either proxy:
    the proxy strips the whitespace and deeplinkd serves the request, or the proxy refuses it itself."""
    proxy = behind["proxy"]
    before = len(proxy.entries())
    result = exchange(proxy.port, trailing_whitespace_request(whitespace), methods=["POST"], timeout=CASE_TIMEOUT)
    deadline = time.monotonic() + LOG_TIMEOUT
    while len(proxy.entries()) <= before and time.monotonic() < deadline:
        time.sleep(0.05)
    logged = proxy.entries()[before:]
    assert len(logged) == 1 and result.statuses == [logged[0].status], (describe_answer(result), logged)
    print(f"\n{proxy.name}, Content-Length and {whitespace!r}: {logged[0].status}, forwarded: {logged[0].forwarded}")
    if logged[0].forwarded:
        assert result.statuses == [200] and b'"matched":true' in result.responses[0].body, describe_answer(result)
    else:
        assert result.statuses == [400], describe_answer(result)


def compared(proxy_entries, deeplinkd_entries, statuses, proxy_name):
    """`behind_errors` for a made-up vector run: what the proxy logged, what deeplinkd logged, what the client got."""
    record = BehindRecord(Exchange(), Exchange())
    record.result.responses = [Response(status, [], b"") for status in statuses]
    record.result.closed = record.marker.closed = True
    record.marker.responses = [Response(200, [], b"{}")]
    record.proxy = [ProxyEntry(path, True, status, status, f"{path} {status}") for path, status in proxy_entries]
    record.deeplinkd = [{"method": "GET", "path": path, "status": status} for path, status in deeplinkd_entries]
    return behind_errors(VECTORS[0], record, record.marker, proxy_name)


def test_the_comparison_sees_a_request_deeplinkd_served_that_the_proxy_never_sent():
    errors = compared([("/", 405)], [("/", 405), (SMUGGLED_TARGET, 200)], [405], "nginx")
    assert f"SMUGGLED: deeplinkd served {SMUGGLED_TARGET}, which only the hidden request asks for" in errors
    assert "deeplinkd logged 2 requests, nginx forwarded 1 and read 1 answers" in errors


def test_the_comparison_sees_answers_read_back_in_another_order():
    errors = compared([("/", 405), ("/healthz", 200)], [("/healthz", 200), ("/", 405)], [405, 200], "haproxy")
    assert "haproxy read the answers [405, 200], deeplinkd gave [('GET', '/healthz', 200), ('GET', '/', 405)]" in errors
