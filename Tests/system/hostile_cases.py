"""The hostile requests of test_abuse.py, in families: bad request lines, methods, versions, huge and many headers,
NUL and control bytes, over-long targets, absolute and asterisk forms, Content-Length / Transfer-Encoding conflicts
that hide a second request, invalid chunking, pipelining, Host variations, and percent-encoding edge cases on every
endpoint.

Each case has a name and an expectation: `reject` (a 4xx or a close without a response), `tolerate` (any answer but
a 5xx, or a close), `smuggle` (refused, and the hidden request never answered), `not smuggled` (the visible request
may be answered, the hidden one never) or an exact list of statuses (pipelining). No case may get a 5xx (a 505 is
allowed only for an unsupported HTTP major version, the one answer RFC 9110 defines for it) or hang, and no
response may carry an injected header or a body that does not match its Content-Length.
"""

from rawhttp import CASE_TIMEOUT, HOST, SHUT_WRITE, get, request

GRACE_SECONDS = 0.3  # how long to listen for an extra (smuggled) response after the expected ones
SHORT_GRACE_SECONDS = 0.05  # the same for single requests, where an extra response is only a bonus finding
TOKEN = "Mq7Zt2vXk9Lw4Rb8Hn3Pd6Ys"
HIDDEN = b"GET /healthz HTTP/1.1\r\nHost: " + HOST.encode() + b"\r\n\r\n"


class Case:
    """One hostile request: its family, name, bytes, and what the server may answer."""

    def __init__(self, family, name, pieces, expect="reject", methods=None, allow_505=False, check=None, lenient=None):
        self.family = family
        self.name = name
        self.pieces = pieces if isinstance(pieces, list) else [pieces]
        self.expect = expect
        first = next((piece for piece in self.pieces if isinstance(piece, bytes)), b"")
        self.methods = methods or [first.split(b" ", 1)[0].decode("latin-1")]
        self.allow_505 = allow_505
        self.check = check  # extra check: (Exchange, the canonical AASA body) -> error text or None
        self.lenient = lenient  # for a tolerated case: the rule a 2xx answer bends, reported as a note

    @property
    def expected_count(self):
        return len(self.expect) if isinstance(self.expect, list) else 1

    @property
    def grace(self):
        smuggling = self.expect in ("smuggle", "not smuggled") or len(self.methods) > 1
        return GRACE_SECONDS if smuggling else SHORT_GRACE_SECONDS

    def wire(self):
        data = b"".join(piece for piece in self.pieces if isinstance(piece, bytes))
        return repr(data[:300]) + (f"... ({len(data)} bytes)" if len(data) > 300 else "")

    def judge(self, result, aasa):
        """The list of reasons this case failed; empty when it passed."""
        errors = []
        statuses = result.statuses
        for status in statuses:
            if status >= 500 and not (status == 505 and self.allow_505):
                errors.append(f"server error {status}")
        if any(response.header("x-injected") is not None for response in result.responses):
            errors.append("a header was injected through the request")
        if result.hung and not statuses:
            errors.append(f"no answer and no close within {CASE_TIMEOUT:.0f} s")
        if any(problem.startswith(("bytes that", "unreadable", "socket error")) for problem in result.problems):
            errors += result.problems
        if self.expect == "reject" or self.expect == "smuggle":
            if statuses and not 400 <= statuses[0] < 600:
                errors.append(f"accepted with {statuses[0]} instead of a 4xx or a close")
        if self.expect in ("smuggle", "not smuggled"):
            hidden = [r for r in result.responses if b'"status":"ok"' in r.body]
            if len(statuses) > 1 or hidden:
                errors.append(f"SMUGGLED: the hidden request was answered as a separate response ({len(statuses)} "
                              "responses on one connection)")
        elif isinstance(self.expect, list):
            if statuses[:len(self.expect)] != self.expect or len(statuses) > len(self.expect):
                errors.append(f"expected statuses {self.expect} in order, got {statuses}")
        if self.check and not errors:
            error = self.check(result, aasa)
            if error:
                errors.append(error)
        return errors


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
                      check=lambda r, _: "TRACE echoed the request" if any(b"trace-me" in x.body
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
                      check=lambda r, _: None if r.closed else "not closed after the request with a body"))
    cases.append(Case(family, "mixed endpoints and methods without bodies", b"".join(m[0] for m in mixed if m[1] != "POST"),
                      expect=[m[2] for m in mixed if m[1] != "POST"], methods=[m[1] for m in mixed if m[1] != "POST"]))
    cases.append(Case(family, "mixed, sent one byte at a time",
                      [x for byte in b"".join(m[0] for m in mixed[:3]) for x in (bytes([byte]), 0.0005)],
                      expect=[m[2] for m in mixed[:3]], methods=[m[1] for m in mixed[:3]]))
    cases.append(Case(family, "Connection: close in the middle", healthz + close + healthz, expect=[200, 200],
                      methods=["GET"] * 3,
                      check=lambda r, _: None if r.closed else "not closed after Connection: close"))
    cases.append(Case(family, "malformed request in the middle", healthz + b"BAD\r\n\r\n" + healthz,
                      expect="tolerate", methods=["GET"] * 3,
                      check=lambda r, _: None if [x.status for x in r.responses][:1] == [200]
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
                      expect=[200], check=lambda r, _: None if r.closed else "HTTP/1.0 connection not closed"))
    cases.append(Case(family, "HTTP/1.0 without Host AASA", get(aasa, version=b"HTTP/1.0", host=None),
                      expect=[200], check=same_aasa))
    cases.append(Case(family, "HTTP/1.0 without Host landing page", get("/c/CH-42", version=b"HTTP/1.0", host=None),
                      expect=[200]))
    return cases


def same_aasa(result, aasa):
    """The AASA is the same bytes (or a 404) whatever the Host, and never a redirect."""
    for response in result.responses:
        if 300 <= response.status < 400:
            return f"AASA answered with a redirect {response.status}"
        if response.status == 200 and response.body != aasa:
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


def no_file_outside_static(result, _):
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

