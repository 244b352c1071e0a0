"""The request-smuggling and malformed-request cases of Http11Probe, transcribed as data (desync_vectors.py says how
they are run and judged).

Source: https://github.com/MDA2AV/Http11Probe at commit 95bc6a991b2ad2bddd61d58c92c36d543d895ffa (2026-02-17), files
src/Http11Probe/TestCases/Suites/*.cs: every case of SmugglingSuite.cs (63 single requests and 24 sequences),
MalformedInputSuite.cs (26) and NormalizationSuite.cs (5), and the 56 cases of ComplianceSuite.cs that send a
malformed or unusual request (its other 20 check response semantics: Upgrade, Expect, TRACE, Range, Date, Allow,
Content-Type, 1xx and 204 answers, content negotiation). Each entry is the case's id, its verdict as the suite states
it, our expectation, and the bytes it sends, written as the C# string is (`{H}` is the host).

Transcription notes:
- A sequence case's second step, a plain `GET /`, is the follow-up every vector gets (desync_vectors.FOLLOW_UP); a
  second step that does more (SMUG-GET-CL-PREFIX-DESYNC completes a request prefix) keeps its own bytes first.
- A request embedded to be smuggled targets desync_vectors.SMUGGLED_TARGET; lengths that depend on it are computed.
- MAL-BINARY-GARBAGE sends 256 bytes from a generator seeded with 42, as the corpus does; the corpus draws them from
  .NET's generator, these from Python's, so the bytes differ.
- MAL-CONTROL-CHARS-HEADER's value is the bytes the corpus sends, `abc` BEL BS `?f`: its C# string `\\x0Bdef` reads as
  the one character U+0BDE (a C# `\\x` escape takes up to four hex digits), which ASCII encoding sends as `?`.
- A verdict of "400/close/timeout" marks a request left unfinished on purpose: it is sent with a half-close.
"""

import random

from desync_vectors import ACCEPT, EITHER, REFUSE, SMUGGLED_TARGET, Vector
from rawhttp import HOST

SUITES = "src/Http11Probe/TestCases/Suites/"


def wire(text):
    """The bytes of `text`, a corpus string (one character a byte), with the test host for `{H}`."""
    return text.replace("{H}", HOST).encode("latin-1")


def length(text):
    return str(len(wire(text)))


def embedded(method="GET", extra=""):
    """The request a case hides to be smuggled."""
    return f"{method} {SMUGGLED_TARGET} HTTP/1.1\r\nHost: {{H}}\r\n{extra}\r\n"


def smuggling_post(framing, method="GET"):
    """A POST whose chunked body ends at once, followed by a whole request; `framing` holds the CL/TE lines, `{N}`
    the length of everything after the head."""
    body = "0\r\n\r\n" + embedded(method)
    return "POST / HTTP/1.1\r\nHost: {H}\r\n" + framing.replace("{N}", length(body)) + "\r\n" + body


def suite(file, cases):
    """Vectors from (id, verdict, expectation, text or bytes[, flags]) rows of one file."""
    vectors = []
    for case_id, verdict, expect, text, *flags in cases:
        data = wire(text) if isinstance(text, str) else text
        options = flags[0] if flags else {}
        vectors.append(Vector("Http11Probe", SUITES + file, case_id, data, verdict, expect, **options))
    return vectors


# A sequence's first step is sent as the vector; the step after it (a plain GET) is the follow-up.
CLOSES = {"closes": True}
POST_HELLO = "POST / HTTP/1.1\r\nHost: {H}\r\n"


def smuggling_single():
    """SmugglingSuite.cs, GetTestCases: one request each."""
    p = POST_HELLO
    te_cl = "Transfer-Encoding: {}\r\nContent-Length: 5\r\n\r\nhello"
    chunked = p + "Transfer-Encoding: chunked\r\n\r\n"
    bananas = "D\r\nhello-bananas\r\n0\r\n\r\n"
    return suite("SmugglingSuite.cs", [
        ("SMUG-CL-TE-BOTH", "400 or 2xx", EITHER,
         p + f"Content-Length: {length(bananas)}\r\nTransfer-Encoding: chunked\r\n\r\n" + bananas, CLOSES),
        ("SMUG-DUPLICATE-CL", "400 or close", REFUSE, p + "Content-Length: 5\r\nContent-Length: 10\r\n\r\nhelloworld"),
        ("SMUG-CL-LEADING-ZEROS", "400 or 2xx", EITHER, p + "Content-Length: 005\r\n\r\nhello"),
        ("SMUG-TE-XCHUNKED", "400/501 or close", REFUSE, p + te_cl.format("xchunked")),
        ("SMUG-TE-TRAILING-SPACE", "400/501, or 2xx and close", EITHER, p + te_cl.format("chunked "), CLOSES),
        ("SMUG-TE-SP-BEFORE-COLON", "400 or close", REFUSE,
         p + "Transfer-Encoding : chunked\r\nContent-Length: 5\r\n\r\nhello"),
        ("SMUG-CL-NEGATIVE", "400 or close", REFUSE, p + "Content-Length: -1\r\n\r\n"),
        ("SMUG-CLTE-PIPELINE", "400 or close; 2xx acceptable", EITHER,
         p + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", CLOSES),
        ("SMUG-TECL-PIPELINE", "400 or close; 2xx acceptable", EITHER,
         p + "Transfer-Encoding: chunked\r\nContent-Length: 30\r\n\r\n0\r\n\r\n", CLOSES),
        ("SMUG-CL-TRAILING-SPACE", "400 or 2xx", EITHER, p + "Content-Length: 5 \r\n\r\nhello"),
        ("SMUG-TE-DOUBLE-CHUNKED", "400 or 2xx", EITHER, p + te_cl.format("chunked, chunked"), CLOSES),
        ("SMUG-CL-EXTRA-LEADING-SP", "400 or 2xx", EITHER, p + "Content-Length:  5\r\n\r\nhello"),
        ("SMUG-TE-CASE-MISMATCH", "400 or 2xx", EITHER, p + te_cl.format("Chunked"), CLOSES),
        ("SMUG-CL-COMMA-DIFFERENT", "400 or close", REFUSE, p + "Content-Length: 5, 10\r\n\r\nhello"),
        ("SMUG-TE-NOT-FINAL-CHUNKED", "400 or close", REFUSE, p + "Transfer-Encoding: chunked, gzip\r\n\r\n0\r\n\r\n"),
        ("SMUG-TE-HTTP10", "400 or close", REFUSE,
         "POST / HTTP/1.0\r\nHost: {H}\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\nhello"),
        ("SMUG-CHUNK-BARE-SEMICOLON", "400 or close", REFUSE, chunked + "5;\r\nhello\r\n0\r\n\r\n"),
        ("SMUG-CHUNK-EXT-INVALID-TOKEN", "400 or close", REFUSE, chunked + "5;bad[=x\r\nhello\r\n0\r\n\r\n"),
        ("SMUG-BARE-CR-HEADER-VALUE", "400 or close", REFUSE, p + "Content-Length: 5\r\nX-Test: val\rue\r\n\r\nhello"),
        ("SMUG-CL-OCTAL", "400 or close", REFUSE, p + "Content-Length: 0o5\r\n\r\nhello"),
        ("SMUG-CHUNK-UNDERSCORE", "400 or close", REFUSE, chunked + "1_0\r\nhello world!!!!!\r\n0\r\n\r\n"),
        ("SMUG-TE-EMPTY-VALUE", "400 or close", REFUSE, p + te_cl.format("")),
        ("SMUG-TE-LEADING-COMMA", "400 or 2xx", EITHER, p + te_cl.format(", chunked"), CLOSES),
        ("SMUG-TE-DUPLICATE-HEADERS", "400 or close", REFUSE,
         p + "Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\nContent-Length: 5\r\n\r\nhello"),
        ("SMUG-CHUNK-HEX-PREFIX", "400 or close", REFUSE, chunked + "0x5\r\nhello\r\n0\r\n\r\n"),
        ("SMUG-CHUNK-SIZE-PLUS", "400 or close", REFUSE, chunked + "+5\r\nhello\r\n0\r\n\r\n"),
        ("SMUG-CHUNK-SIZE-TRAILING-OWS", "400 or close", REFUSE, chunked + "5 \r\nhello\r\n0\r\n\r\n"),
        ("SMUG-CL-HEX-PREFIX", "400 or close", REFUSE, p + "Content-Length: 0x5\r\n\r\nhello"),
        ("SMUG-CL-INTERNAL-SPACE", "400 or close", REFUSE, p + "Content-Length: 1 0\r\n\r\nhello12345"),
        ("SMUG-CHUNK-LEADING-SP", "400 or close", REFUSE, chunked + " 5\r\nhello\r\n0\r\n\r\n"),
        ("SMUG-CHUNK-MISSING-TRAILING-CRLF", "400 or close", REFUSE, chunked + "5\r\nhello0\r\n\r\n"),
        ("SMUG-CHUNK-EXT-LF", "400 or 2xx", EITHER, chunked + "5;\nhello\r\n0\r\n\r\n"),
        ("SMUG-CHUNK-SPILL", "400 or close", REFUSE, chunked + "5\r\nhello!!\r\n0\r\n\r\n"),
        ("SMUG-CHUNK-LF-TERM", "400 or 2xx", EITHER, chunked + "5\r\nhello\n0\r\n\r\n"),
        ("SMUG-CHUNK-EXT-CTRL", "400 or close", REFUSE, chunked + "5;\x00ext\r\nhello\r\n0\r\n\r\n"),
        ("SMUG-CHUNK-EXT-CR", "400 or close", REFUSE, chunked + "5;a\rX\r\nhello\r\n0\r\n\r\n"),
        ("SMUG-TE-VTAB", "400 or close", REFUSE, p + te_cl.format("\x0bchunked")),
        ("SMUG-TE-FORMFEED", "400 or close", REFUSE, p + te_cl.format("\x0cchunked")),
        ("SMUG-TE-NULL", "400 or close", REFUSE, p + te_cl.format("chunked\x00")),
        ("SMUG-CHUNK-LF-TRAILER", "400 or 2xx", EITHER, chunked + "5\r\nhello\r\n0\r\n\n"),
        ("SMUG-TE-IDENTITY", "400/501 or close", REFUSE, p + te_cl.format("identity")),
        ("SMUG-CHUNK-NEGATIVE", "400 or close", REFUSE, chunked + "-1\r\nhello\r\n0\r\n\r\n"),
        ("SMUG-TRANSFER_ENCODING", "400 or 2xx", EITHER,
         p + "Transfer_Encoding: chunked\r\nContent-Length: 5\r\n\r\nhello"),
        ("SMUG-CL-COMMA-SAME", "400 or 2xx", EITHER, p + "Content-Length: 5, 5\r\n\r\nhello"),
        ("SMUG-CL-COMMA-TRIPLE", "400 or 2xx", EITHER, p + "Content-Length: 5, 5, 5\r\n\r\nhello"),
        ("SMUG-CHUNKED-WITH-PARAMS", "400 or 2xx", EITHER, p + te_cl.format("chunked;ext=val"), CLOSES),
        ("SMUG-EXPECT-100-CL", "400 or 2xx", EITHER, p + "Content-Length: 5\r\nExpect: 100-continue\r\n\r\nhello"),
        ("SMUG-TRAILER-CL", "400 or 2xx", EITHER, chunked + "5\r\nhello\r\n0\r\nContent-Length: 50\r\n\r\n"),
        ("SMUG-TRAILER-TE", "400 or 2xx", EITHER, chunked + "5\r\nhello\r\n0\r\nTransfer-Encoding: chunked\r\n\r\n"),
        ("SMUG-TRAILER-HOST", "400 or 2xx", EITHER, chunked + "5\r\nhello\r\n0\r\nHost: evil.example.com\r\n\r\n"),
        ("SMUG-TRAILER-AUTH", "400 or 2xx", EITHER, chunked + "5\r\nhello\r\n0\r\nAuthorization: Bearer evil\r\n\r\n"),
        ("SMUG-HEAD-CL-BODY", "400 or 2xx", EITHER, "HEAD / HTTP/1.1\r\nHost: {H}\r\nContent-Length: 5\r\n\r\nhello"),
        ("SMUG-OPTIONS-CL-BODY", "400 or 2xx", EITHER,
         "OPTIONS / HTTP/1.1\r\nHost: {H}\r\nContent-Length: 5\r\n\r\nhello"),
        ("SMUG-CL-UNDERSCORE", "400 or close", REFUSE, p + "Content-Length: 1_0\r\n\r\nhelloworld"),
        ("SMUG-CL-NEGATIVE-ZERO", "400 or close", REFUSE, p + "Content-Length: -0\r\n\r\n"),
        ("SMUG-CL-DOUBLE-ZERO", "400 or 2xx", EITHER, p + "Content-Length: 00\r\n\r\n"),
        ("SMUG-CL-LEADING-ZEROS-OCTAL", "400 or 2xx", EITHER, p + "Content-Length: 0200\r\n\r\n" + "A" * 200),
        ("SMUG-TE-OBS-FOLD", "400, or 2xx and close", EITHER,
         p + "Transfer-Encoding:\r\n chunked\r\nContent-Length: 5\r\n\r\nhello", CLOSES),
        ("SMUG-TE-TRAILING-COMMA", "400 or 2xx", EITHER, p + te_cl.format("chunked,"), CLOSES),
        ("SMUG-TE-TAB-BEFORE-VALUE", "400 or 2xx", EITHER,
         p + "Transfer-Encoding:\tchunked\r\nContent-Length: 5\r\n\r\nhello", CLOSES),
        ("SMUG-ABSOLUTE-URI-HOST-MISMATCH", "400 or 2xx", EITHER,
         "GET http://other.example.com/ HTTP/1.1\r\nHost: {H}\r\n\r\n"),
        ("SMUG-MULTIPLE-HOST-COMMA", "400 or close", REFUSE, "GET / HTTP/1.1\r\nHost: {H}, other.example.com\r\n\r\n"),
        ("SMUG-CHUNK-BARE-CR-TERM", "400 or close", REFUSE, chunked + "5\rhello\r\n0\r\n\r\n"),
        ("SMUG-TRAILER-CONTENT-TYPE", "400 or 2xx", EITHER,
         chunked + "5\r\nhello\r\n0\r\nContent-Type: text/evil\r\n\r\n"),
    ])


def smuggling_sequences():
    """SmugglingSuite.cs, GetSequenceTestCases: the first step of each sequence (the follow-up is the next)."""
    p = POST_HELLO
    tecl_smuggled = embedded(extra="Content-Length: 7\r\n")
    tecl_hex = format(len(wire(tecl_smuggled)), "x")
    tecl_body = f"{tecl_hex}\r\n{tecl_smuggled}\r\n0\r\n\r\n"
    prefix = f"GET {SMUGGLED_TARGET} HTTP/1.1\r\nHost: {{H}}\r\n"
    return suite("SmugglingSuite.cs", [
        ("SMUG-CLTE-CONN-CLOSE", "400, or 2xx and close", EITHER,
         p + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", CLOSES),
        ("SMUG-TECL-CONN-CLOSE", "400, or 2xx and close", EITHER,
         p + "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n", CLOSES),
        ("SMUG-CLTE-DESYNC", "400, or close", EITHER,
         p + "Content-Length: 6\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nX", CLOSES),
        ("SMUG-CLTE-SMUGGLED-GET", "400, or close, no extra response", EITHER,
         smuggling_post("Content-Length: {N}\r\nTransfer-Encoding: chunked\r\n"), CLOSES),
        ("SMUG-CLTE-SMUGGLED-GET-CL-PLUS", "400, or close, no extra response", EITHER,
         smuggling_post("Content-Length: +{N}\r\nTransfer-Encoding: chunked\r\n"), CLOSES),
        ("SMUG-CLTE-SMUGGLED-GET-CL-NON-NUMERIC", "400, or close, no extra response", EITHER,
         smuggling_post("Content-Length: {N}x\r\nTransfer-Encoding: chunked\r\n"), CLOSES),
        ("SMUG-CLTE-SMUGGLED-GET-TE-OBS-FOLD", "400, or close, no extra response", EITHER,
         smuggling_post("Transfer-Encoding:\r\n chunked\r\nContent-Length: {N}\r\n"), CLOSES),
        ("SMUG-CLTE-SMUGGLED-HEAD", "400, or close, no extra response", EITHER,
         smuggling_post("Content-Length: {N}\r\nTransfer-Encoding: chunked\r\n", method="HEAD"), CLOSES),
        ("SMUG-CLTE-SMUGGLED-GET-TE-TRAILING-SPACE", "400, or close, no extra response", EITHER,
         smuggling_post("Content-Length: {N}\r\nTransfer-Encoding: chunked \r\n"), CLOSES),
        ("SMUG-CLTE-SMUGGLED-GET-TE-LEADING-COMMA", "400, or close, no extra response", EITHER,
         smuggling_post("Content-Length: {N}\r\nTransfer-Encoding: , chunked\r\n"), CLOSES),
        ("SMUG-CLTE-SMUGGLED-GET-TE-CASE-MISMATCH", "400, or close, no extra response", EITHER,
         smuggling_post("Content-Length: {N}\r\nTransfer-Encoding: Chunked\r\n"), CLOSES),
        ("SMUG-TE-DUPLICATE-HEADERS-SMUGGLED-GET", "400, or close, no extra response", EITHER,
         smuggling_post("Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\nContent-Length: {N}\r\n"),
         CLOSES),
        ("SMUG-TECL-SMUGGLED-GET", "400, or close, no extra response", EITHER,
         p + f"Transfer-Encoding: chunked\r\nContent-Length: {len(tecl_hex) + 2}\r\n\r\n" + tecl_body, CLOSES),
        ("SMUG-DUPLICATE-CL-SMUGGLED-GET", "400, or close, no extra response", REFUSE,
         p + f"Content-Length: 4\r\nContent-Length: {length('PING' + embedded())}\r\n\r\nPING" + embedded(),
         {"why": "RFC 9112 §6.3: Content-Length values that differ make the framing invalid; the server MUST answer "
                 "400 and close"}),
        ("SMUG-GET-CL-PREFIX-DESYNC", "400 or close; an extra response to the second step warns", EITHER,
         f"GET / HTTP/1.1\r\nHost: {{H}}\r\nContent-Length: {length(prefix)}\r\n\r\n{prefix}\r\n"),
        ("SMUG-TECL-DESYNC", "400, or close", EITHER,
         p + "Transfer-Encoding: chunked\r\nContent-Length: 30\r\n\r\n0\r\n\r\nX", CLOSES),
        ("SMUG-CL0-BODY-POISON", "400 or close; a poisoned follow-up warns", EITHER,
         p + "Content-Length: 0\r\n\r\nX", {"poisons_follow_up": True}),
        ("SMUG-GET-CL-BODY-DESYNC", "400, close or 2xx; a poisoned follow-up warns", EITHER,
         "GET / HTTP/1.1\r\nHost: {H}\r\nContent-Length: 5\r\n\r\nhello"),
        ("SMUG-OPTIONS-CL-BODY-DESYNC", "400, close or 2xx; a poisoned follow-up warns", EITHER,
         "OPTIONS / HTTP/1.1\r\nHost: {H}\r\nContent-Length: 5\r\n\r\nhello"),
        ("SMUG-EXPECT-100-CL-DESYNC", "417, 400 or close; a poisoned follow-up warns", EITHER,
         p + "Content-Length: 5\r\nExpect: 100-continue\r\n\r\nhello"),
        ("SMUG-OPTIONS-TE-OBS-FOLD", "400, or 2xx and close", EITHER,
         "OPTIONS / HTTP/1.1\r\nHost: {H}\r\nTransfer-Encoding:\r\n chunked\r\nContent-Length: 5\r\n\r\nhello", CLOSES),
        ("SMUG-CHUNK-INVALID-SIZE-DESYNC", "400, or close", EITHER,
         p + "Transfer-Encoding: chunked\r\n\r\n+0\r\n\r\nX", CLOSES),
        ("SMUG-PIPELINE-SAFE", "2xx, then 2xx on the same connection", ACCEPT, "GET / HTTP/1.1\r\nHost: {H}\r\n\r\n",
         {"keeps_alive": True}),
    ])


def malformed_input():
    """MalformedInputSuite.cs, GetTestCases."""
    get = "GET / HTTP/1.1\r\nHost: {H}\r\n"
    unfinished = {"incomplete": True}
    many_headers = get + "".join(f"X-H-{i}: value\r\n" for i in range(10_000)) + "\r\n"
    return suite("MalformedInputSuite.cs", [
        ("MAL-BINARY-GARBAGE", "400/close/timeout", REFUSE, random.Random(42).randbytes(256), unfinished),
        ("MAL-LONG-URL", "400/414/431 or close", REFUSE, "GET /" + "A" * 100_000 + " HTTP/1.1\r\nHost: {H}\r\n\r\n"),
        ("MAL-LONG-HEADER-VALUE", "400/431 or close", REFUSE, get + "X-Big: " + "B" * 100_000 + "\r\n\r\n"),
        ("MAL-MANY-HEADERS", "400/431 or close", REFUSE, many_headers),
        ("MAL-NUL-IN-URL", "400 or close", REFUSE, "GET /\x00test HTTP/1.1\r\nHost: {H}\r\n\r\n"),
        ("MAL-CONTROL-CHARS-HEADER", "400 or close", REFUSE, get + "X-Test: abc\x07\x08?f\r\n\r\n"),
        ("MAL-INCOMPLETE-REQUEST", "400/close/timeout", REFUSE, get + "X-Test: value", unfinished),
        ("MAL-EMPTY-REQUEST", "400/close/timeout", REFUSE, b"", unfinished),
        ("MAL-LONG-HEADER-NAME", "400/431 or close", REFUSE, get + "A" * 100_000 + ": val\r\n\r\n"),
        ("MAL-LONG-METHOD", "400 or close", REFUSE, "A" * 100_000 + " / HTTP/1.1\r\nHost: {H}\r\n\r\n"),
        ("MAL-NON-ASCII-HEADER-NAME", "400 or close", REFUSE, get + "X-T\xc3\xabst: value\r\n\r\n"),
        ("MAL-NON-ASCII-URL", "400 or close", EITHER, "GET /caf\xc3\xa9 HTTP/1.1\r\nHost: {H}\r\n\r\n",
         {"why": "RFC 9112 §3 says a server SHOULD (not MUST) answer an invalid request-line with 400 or a 301 to the "
                 "encoded target; http-desync-guardian counts raw UTF-8 in a path as compliant"}),
        ("MAL-CL-OVERFLOW", "400 or close", REFUSE, POST_HELLO + "Content-Length: 99999999999999999999\r\n\r\n"),
        ("MAL-WHITESPACE-ONLY-LINE", "400/close/timeout", REFUSE, "   \r\n\r\n", unfinished),
        ("MAL-NUL-IN-HEADER-VALUE", "400 or close", REFUSE, get + "X-Test: val\x00ue\r\n\r\n"),
        ("MAL-CHUNK-SIZE-OVERFLOW", "400 or close", REFUSE,
         POST_HELLO + "Transfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFF0\r\nhello\r\n0\r\n\r\n"),
        ("MAL-H2-PREFACE", "400/505/close/timeout", REFUSE, "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", unfinished),
        ("MAL-CL-EMPTY", "400 or close", REFUSE, POST_HELLO + "Content-Length: \r\n\r\n"),
        ("MAL-CL-TAB-BEFORE-VALUE", "400 or 2xx", EITHER, POST_HELLO + "Content-Length:\t5\r\n\r\nhello"),
        ("MAL-URL-BACKSLASH", "400, or 2xx/404", EITHER, "GET /path\\file HTTP/1.1\r\nHost: {H}\r\n\r\n"),
        ("MAL-URL-OVERLONG-UTF8", "400 or close", REFUSE, "GET /\xc0\xaf HTTP/1.1\r\nHost: {H}\r\n\r\n"),
        ("MAL-URL-PERCENT-NULL", "400, or 2xx/404", EITHER, "GET /path%00.html HTTP/1.1\r\nHost: {H}\r\n\r\n"),
        ("MAL-URL-PERCENT-CRLF", "400, or 2xx/404", EITHER,
         "GET /path%0d%0aX-Injected:%20true HTTP/1.1\r\nHost: {H}\r\n\r\n"),
        ("MAL-CHUNK-EXT-64K", "400/431 or 2xx", EITHER,
         POST_HELLO + "Transfer-Encoding: chunked\r\n\r\n5;ext=" + "a" * 65_536 + "\r\nhello\r\n0\r\n\r\n"),
        ("MAL-RANGE-OVERLAPPING", "200/206/400/416", EITHER,
         get + "Range: bytes=" + ",".join(["0-"] * 1000) + "\r\n\r\n"),
        ("MAL-POST-CL-HUGE-NO-BODY", "400/close/timeout", REFUSE, POST_HELLO + "Content-Length: 999999999\r\n\r\n",
         unfinished),
    ])


def compliance():
    """ComplianceSuite.cs, GetTestCases: the cases that send a malformed or unusual request."""
    get = "GET / HTTP/1.1\r\nHost: {H}\r\n"
    chunked = POST_HELLO + "Transfer-Encoding: chunked\r\n\r\n"
    unfinished = {"incomplete": True}
    return suite("ComplianceSuite.cs", [
        ("COMP-BASELINE", "2xx", ACCEPT, get + "\r\n"),
        ("RFC9112-2.2-BARE-LF-REQUEST-LINE", "400 or close; 2xx warns", EITHER, "GET / HTTP/1.1\nHost: {H}\r\n\r\n"),
        ("RFC9112-2.2-BARE-LF-HEADER", "400 or close; 2xx warns", EITHER, get[:-2] + "\nX-Test: value\r\n\r\n"),
        ("RFC9112-5.1-OBS-FOLD", "400", EITHER, get + "X-Test: value\r\n continued\r\n\r\n",
         {"why": "RFC 9112 §5.2 lets a server replace an obs-fold by spaces instead of refusing the request"}),
        ("RFC9110-5.6.2-SP-BEFORE-COLON", "400", REFUSE, get + "X-Test : value\r\n\r\n"),
        ("RFC9112-3-MULTI-SP-REQUEST-LINE", "400 or 2xx", EITHER, "GET  / HTTP/1.1\r\nHost: {H}\r\n\r\n"),
        ("RFC9112-7.1-MISSING-HOST", "400", REFUSE, "GET / HTTP/1.1\r\n\r\n"),
        ("RFC9112-2.3-INVALID-VERSION", "400/505 or close", REFUSE, "GET / HTTP/9.9\r\nHost: {H}\r\n\r\n"),
        ("RFC9112-5-EMPTY-HEADER-NAME", "400 or close", REFUSE, get + ": empty-name\r\n\r\n"),
        ("RFC9112-3-CR-ONLY-LINE-ENDING", "400", REFUSE, "GET / HTTP/1.1\rHost: {H}\r\n\r\n"),
        ("RFC9112-3-MISSING-TARGET", "400 or close", REFUSE, "GET HTTP/1.1\r\nHost: {H}\r\n\r\n"),
        ("RFC9112-3.2-FRAGMENT-IN-TARGET", "400 or 2xx", EITHER, "GET /path#frag HTTP/1.1\r\nHost: {H}\r\n\r\n"),
        ("RFC9112-2.3-HTTP09-REQUEST", "400/close/timeout", REFUSE, "GET /\r\n", unfinished),
        ("RFC9112-5-INVALID-HEADER-NAME", "400 or close", REFUSE, get + "Bad[Name: value\r\n\r\n"),
        ("RFC9112-5-HEADER-NO-COLON", "400 or close", REFUSE, get + "NoColonHere\r\n\r\n"),
        ("RFC9110-5.4-DUPLICATE-HOST", "400", REFUSE, get + "Host: other.example.com\r\n\r\n"),
        ("RFC9112-6.1-CL-NON-NUMERIC", "400 or close", REFUSE, POST_HELLO + "Content-Length: abc\r\n\r\n"),
        ("RFC9112-6.1-CL-PLUS-SIGN", "400 or close", REFUSE, POST_HELLO + "Content-Length: +5\r\n\r\nhello"),
        ("COMP-WHITESPACE-BEFORE-HEADERS", "400 or close", REFUSE, "GET / HTTP/1.1\r\n \r\nHost: {H}\r\n\r\n"),
        ("COMP-DUPLICATE-HOST-SAME", "400", REFUSE, get + "Host: {H}\r\n\r\n"),
        ("COMP-HOST-WITH-USERINFO", "400 or close", REFUSE, "GET / HTTP/1.1\r\nHost: user@{H}\r\n\r\n"),
        ("COMP-HOST-WITH-PATH", "400 or close", REFUSE, "GET / HTTP/1.1\r\nHost: {H}/path\r\n\r\n"),
        ("COMP-ASTERISK-WITH-GET", "400 or close", REFUSE, "GET * HTTP/1.1\r\nHost: {H}\r\n\r\n"),
        ("COMP-OPTIONS-STAR", "2xx", ACCEPT, "OPTIONS * HTTP/1.1\r\nHost: {H}\r\n\r\n"),
        ("COMP-UNKNOWN-TE-501", "400/501 or close", REFUSE, POST_HELLO + "Transfer-Encoding: gzip\r\n\r\n"),
        ("COMP-LEADING-CRLF", "400 or 2xx", EITHER, "\r\n\r\n" + get + "\r\n"),
        ("COMP-ABSOLUTE-FORM", "2xx; 400 warns", ACCEPT, "GET http://{H}/ HTTP/1.1\r\nHost: {H}\r\n\r\n"),
        ("COMP-METHOD-CASE", "400/405/501 or 2xx", EITHER, "get / HTTP/1.1\r\nHost: {H}\r\n\r\n"),
        ("COMP-POST-CL-BODY", "2xx", ACCEPT, POST_HELLO + "Content-Length: 5\r\n\r\nhello"),
        ("COMP-POST-CL-ZERO", "2xx or close", ACCEPT, POST_HELLO + "Content-Length: 0\r\n\r\n"),
        ("COMP-POST-NO-CL-NO-TE", "2xx or close", ACCEPT, POST_HELLO + "\r\n"),
        ("COMP-POST-CL-UNDERSEND", "400/close/timeout", REFUSE, POST_HELLO + "Content-Length: 10\r\n\r\nhello",
         unfinished),
        ("COMP-CHUNKED-BODY", "2xx", ACCEPT, chunked + "5\r\nhello\r\n0\r\n\r\n"),
        ("COMP-CHUNKED-MULTI", "2xx", ACCEPT, chunked + "5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n"),
        ("COMP-CHUNKED-EMPTY", "2xx or close", ACCEPT, chunked + "0\r\n\r\n"),
        ("COMP-CHUNKED-NO-FINAL", "400/close/timeout", REFUSE, chunked + "5\r\nhello\r\n", unfinished),
        ("COMP-METHOD-CONNECT", "400/405/501 or close", REFUSE,
         "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", {"also_refused": (405,)}),
        ("COMP-GET-WITH-CL-BODY", "400 or 2xx", EITHER, get + "Content-Length: 5\r\n\r\nhello"),
        ("COMP-CHUNKED-EXTENSION", "2xx; 400 warns", ACCEPT, chunked + "5;ext=value\r\nhello\r\n0\r\n\r\n"),
        ("COMP-HOST-EMPTY-VALUE", "400 or close", EITHER, "GET / HTTP/1.1\r\nHost: \r\n\r\n",
         {"why": "an empty Host is valid syntax (RFC 9110 §7.2: Host = uri-host [ \":\" port ], and a reg-name may "
                 "be empty)"}),
        ("COMP-REQUEST-LINE-TAB", "400 or 2xx", EITHER, "GET\t/ HTTP/1.1\r\nHost: {H}\r\n\r\n"),
        ("COMP-VERSION-MISSING-MINOR", "400 or close", REFUSE, "GET / HTTP/1\r\nHost: {H}\r\n\r\n"),
        ("COMP-VERSION-LEADING-ZEROS", "400 or close", REFUSE, "GET / HTTP/01.01\r\nHost: {H}\r\n\r\n"),
        ("COMP-VERSION-WHITESPACE", "400 or close", REFUSE, "GET / HTTP/ 1.1\r\nHost: {H}\r\n\r\n"),
        ("COMP-CONNECTION-CLOSE", "2xx and close", ACCEPT, get + "Connection: close\r\n\r\n", CLOSES),
        ("COMP-HTTP10-DEFAULT-CLOSE", "2xx and close", ACCEPT, "GET / HTTP/1.0\r\nHost: {H}\r\n\r\n", CLOSES),
        ("COMP-HTTP10-NO-HOST", "200 or 400", EITHER, "GET / HTTP/1.0\r\n\r\n"),
        ("COMP-HTTP12-VERSION", "200 or 505", EITHER, "GET / HTTP/1.2\r\nHost: {H}\r\n\r\n"),
        ("COMP-TRACE-WITH-BODY", "400/405 or 200", EITHER,
         "TRACE / HTTP/1.1\r\nHost: {H}\r\nContent-Length: 5\r\n\r\nhello"),
        ("COMP-CHUNKED-TRAILER-VALID", "2xx", ACCEPT, chunked + "5\r\nhello\r\n0\r\nX-Checksum: abc\r\n\r\n"),
        ("COMP-CHUNKED-HEX-UPPERCASE", "2xx", ACCEPT, chunked + "A\r\nhelloworld\r\n0\r\n\r\n"),
        ("COMP-UNKNOWN-METHOD", "501/405/400 or close; 2xx warns", EITHER, "FOOBAR / HTTP/1.1\r\nHost: {H}\r\n\r\n"),
        ("COMP-VERSION-CASE", "400 or close", REFUSE, "GET / http/1.1\r\nHost: {H}\r\n\r\n"),
        ("COMP-LONG-URL-OK", "not 414", ACCEPT, "GET /" + "a" * 7900 + " HTTP/1.1\r\nHost: {H}\r\n\r\n"),
        ("COMP-SPACE-IN-TARGET", "400 or close", REFUSE, "GET /pa th HTTP/1.1\r\nHost: {H}\r\n\r\n"),
        ("COMP-DUPLICATE-CT", "400 or 2xx", EITHER,
         POST_HELLO + "Content-Length: 5\r\nContent-Type: text/plain\r\nContent-Type: text/html\r\n\r\nhello"),
    ])


def normalization():
    """NormalizationSuite.cs, GetTestCases: a second, malformed spelling of a framing header beside a valid one."""
    echo = "POST /echo HTTP/1.1\r\nHost: {H}\r\nContent-Length: 11\r\n"
    verdict = "refused or dropped passes; normalized fails"
    return suite("NormalizationSuite.cs", [
        ("NORM-UNDERSCORE-CL", verdict, EITHER, echo + "Content_Length: 99\r\n\r\nhello world"),
        ("NORM-SP-BEFORE-COLON-CL", verdict, REFUSE, echo + "Content-Length : 5\r\n\r\nhello world",
         {"why": "RFC 9112 §5.1: a server MUST answer 400 to whitespace between a field name and its colon"}),
        ("NORM-TAB-IN-NAME", verdict, EITHER, echo + "Content\tLength: 99\r\n\r\nhello world"),
        ("NORM-CASE-TE", verdict, EITHER, echo + "TRANSFER-ENCODING: chunked\r\n\r\nhello world", CLOSES),
        ("NORM-UNDERSCORE-TE", verdict, EITHER, echo + "Transfer_Encoding: chunked\r\n\r\nhello world"),
    ])


def vectors():
    return smuggling_single() + smuggling_sequences() + malformed_input() + compliance() + normalization()
