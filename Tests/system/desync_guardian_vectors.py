"""The request-classification cases of AWS's http-desync-guardian, transcribed as data (desync_vectors.py says how
they are run and judged).

Source: https://github.com/aws/http-desync-guardian at commit 7dd6f37171f0a8428d259f2631aee5e7b01a1d64 (2020-12-31):
every case of the ten files tests/*.yaml, 159 in all. Each row is the case's name, its expected tier and reason, and
the request as the corpus gives it: method, URI, version, header fields. The corpus's tiers, and what its README says
a proxy should do with each: Compliant (forward), Acceptable (forward, or refuse when strictest), Ambiguous (forward
without reusing either connection, or refuse) and Severe (answer 400 and close). What deeplinkd may answer follows
(EXPECTATIONS): ACCEPT, EITHER, EITHER and REFUSE, with a close after the answer when both Transfer-Encoding and
Content-Length are present (RFC 9112 §6.1); OVERRIDES lists the cases where HTTP lets a server do otherwise.

The bytes are what the corpus's own test harness builds: `METHOD URI VERSION` CRLF, then `name: value` CRLF for each
field, then CRLF; backslash escapes are undone after YAML's, and strings are encoded as UTF-8, so `\\x85` there is the
two bytes C2 85. Two additions make a head a whole request:
- `Host: links.example.com` first, unless the case has a Host (HTTP/1.1 requires one, RFC 9112 §3.2);
- after the head, the body its own framing asks for, read as RFC 9112 §6.3 and RFC 9110 §8.6 allow: the last chunk
  `0` CRLF CRLF when a field named exactly Transfer-Encoding ends in chunked, else as many bytes as the Content-Length
  fields declare when they all hold the same valid number (below 2^63: a larger one no server can take), counting
  what the head already holds after an early CR LF CR LF, else none. A parser that reads the framing otherwise then
  waits, or reads too far, which the test sees.
"""

from desync_vectors import ACCEPT, EITHER, REFUSE, Vector
from rawhttp import HOST

EXPECTATIONS = {"Compliant": ACCEPT, "Acceptable": EITHER, "Ambiguous": EITHER, "Severe": REFUSE}

UNSUPPORTED_CODING = ("a transfer coding other than chunked, which a server that does not implement it refuses "
                      "(RFC 9112 §6.1 suggests 501; deeplinkd answers no 5xx, so 400)")
INVALID_TARGET = ("bytes outside the request-target grammar (RFC 9112 §3.2, RFC 3986 §2), which a server may refuse "
                  "with 400 (RFC 9112 §3)")

# Cases where HTTP lets a server do otherwise than the corpus's tier says (the corpus judges only framing headers).
OVERRIDES = {
    ("tests/rfc-compliant.yaml", "Compliant URL"): (EITHER, INVALID_TARGET),
    ("tests/rfc-compliant.yaml", "International in URI"): (EITHER, INVALID_TARGET),
    ("tests/rfc-compliant.yaml", "Empty URI"): (REFUSE, "a request-line without a target is invalid (RFC 9112 §3)"),
    ("tests/rfc-compliant.yaml", "Different Transfer-Encoding headers"): (EITHER, UNSUPPORTED_CODING),
    ("tests/rfc-compliant.yaml", "Different Transfer-Encoding headers combined"): (EITHER, UNSUPPORTED_CODING),
    ("tests/rfc-compliant.yaml", "Transfer-Encoding with a param: chunked;custom_param"): (EITHER, UNSUPPORTED_CODING),
    ("tests/more-compliant-tests.yaml", "Correct TE OK"): (EITHER, UNSUPPORTED_CODING),
    ("tests/more-compliant-tests.yaml", "Transfer-Encoding: identity and chunked OK"): (EITHER, UNSUPPORTED_CODING),
    ("tests/more-compliant-tests.yaml", "Multiple transfer encoding headers in a single request OK"):
        (EITHER, UNSUPPORTED_CODING),
    ("tests/more-compliant-tests.yaml", "TE with custom parameters OK"):
        (EITHER, "chunked takes no parameters (RFC 9112 §7.1), so chunked;custom_param is a coding the server does "
                 "not implement: " + UNSUPPORTED_CODING),
}


def body_for(fields, head):
    """The body the head's framing asks for (see the module's doc); `head` is the head's bytes."""
    encodings = [value for name, value in fields if name.lower() == "transfer-encoding"]
    if encodings:
        last = encodings[-1].split(",")[-1].split(";")[0].strip(" \t").lower()
        return "0\r\n\r\n" if last == "chunked" else ""
    lengths = [value for name, value in fields if name.lower() == "content-length"]
    values = {item.strip(" \t") for value in lengths for item in value.split(",")}
    length = values.pop() if len(values) == 1 else ""
    if not (length.isascii() and length.isdigit() and int(length) < 2**63):
        return ""
    # A field value holding CR LF CR LF ends the head early: what the head holds after that is body already.
    already = len(head) - head.find(b"\r\n\r\n") - 4
    return "x" * max(int(length) - already, 0)


def request(method, uri, version, fields):
    if not any(name == "Host" for name, _ in fields):
        fields = [("Host", HOST), *fields]
    head = f"{method} {uri} {version}\r\n" + "".join(f"{name}: {value}\r\n" for name, value in fields) + "\r\n"
    head = head.encode("utf-8")
    return head + body_for(fields, head).encode("ascii")


def vectors():
    result = []
    for source, rows in CASES.items():
        for name, tier, reason, method, uri, version, fields in rows:
            expect, why = OVERRIDES.get((source, name), (EXPECTATIONS[tier], None))
            result.append(Vector("http-desync-guardian", source, name, request(method, uri, version, fields),
                                 f"{tier}: {reason}", expect, why=why, closes=reason == "BothTeClPresent"))
    return result


USER_AGENT = ("User-Agent", " Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:68.0) Gecko/20100101 Firefox/68.0")
ACCEPT_HTML = ("Accept", " text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
ACCEPT_LANGUAGE = ("Accept-Language", " en-US,en;q=0.5")
ACCEPT_ENCODING = ("Accept-Encoding", " gzip, deflate")
FORM = ("Content-Type", " application/x-www-form-urlencoded")
KEEP_ALIVE = ("Connection", " keep-alive")
UPGRADE_INSECURE = ("Upgrade-Insecure-Requests", " 1")
BROWSER = [USER_AGENT, ACCEPT_HTML, ACCEPT_LANGUAGE, ACCEPT_ENCODING, KEEP_ALIVE, UPGRADE_INSECURE]
BROWSER_FORM = [USER_AGENT, ACCEPT_HTML, ACCEPT_LANGUAGE, ACCEPT_ENCODING, FORM, KEEP_ALIVE, UPGRADE_INSECURE]
NUMBERED = [(f"Header-Name-{number}", "Header-Value-Some-Ok-String") for number in range(1, 30)]

# (name, tier, reason, method, URI, version, fields), file by file in the order the corpus's harness reads them.
CASES = {
    "tests/single-case.yaml": [
        ('Both Transfer-Encoding:chunked and Content-Length', 'Ambiguous', 'BothTeClPresent',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding', 'chunked'), ('Content-Length', '100')]),
    ],
    "tests/edge-cases.yaml": [
        ('Bad non-essential header does not shadow bad Content-Length', 'Severe', 'BadContentLength',
         'POST', '/foo/bar', 'HTTP/1.1', [('Some-Custom-Header', 'Non-Rfc Compliant\x12'),
          ('Content-Length', '1000\x11')]),
        ('Bad non-essential header does not shadow bad Transfer-Encoding', 'Severe', 'BadTransferEncoding',
         'POST', '/foo/bar', 'HTTP/1.1', [('Some-Custom-Header', 'Non-Rfc Compliant\x11'),
          ('Transfer-Encoding', 'chunked\x7f')]),
        ('Non-compliant character does not shadow bad character', 'Severe', 'BadHeader',
         'PUT', '/foo/bar', 'HTTP/1.1', [('Some-Custom-Header\t', '\x11\x12 But then \x00 which is bad'),
          ('Transfer-Encoding\t', 'chunked')]),
        ('Non-compliant customer header does not shadow ambiguous Transfer-Encoding for GET',
         'Ambiguous', 'UndefinedTransferEncodingSemantics', 'GET', '/foo/bar', 'HTTP/1.1', [
          ('Some-Custom-Header', 'Non Rfc -Compliant\x01'), ('Transfer-Encoding', 'chunked')]),
        ('Non-compliant customer header does not shadow ambiguous Content-Length for HEAD',
         'Ambiguous', 'UndefinedContentLengthSemantics', 'HEAD', '/foo/bar', 'HTTP/1.1', [
          ('Some-Custom-Header', 'Non Rfc Compliant\x01'), ('Content-Length', '9000')]),
        ('Bad header does not shadow other bad headers', 'Severe', 'BadTransferEncoding',
         'POST', '/foo/bar', 'HTTP/1.1', [('Some-Custom-Header', '\x11Rfc Compliant'),
          ('Transfer-Encoding', 'chunked\x80'), ('Content-Length', '$9000')]),
        ('Bad URI does not shadow essential bad headers', 'Severe', 'BadTransferEncoding',
         'POST', '/foo/bar\t/baz', 'HTTP/1.1', [('Some-Custom-Header', '\x11Rfc Compliant'),
          ('Transfer-Encoding', 'chunked\x80'), ('Content-Length', '$9000')]),
        ('Bad URI does not shadow essential ambiguous headers', 'Ambiguous', 'UndefinedContentLengthSemantics',
         'GET', '/foo/bar\t/baz', 'HTTP/1.1', [('Some-Custom-Header', 'Non Rfc -Compliant\x01'),
          ('Content-Length', '9000')]),
    ],
    "tests/rfc-compliant.yaml": [
        ('No headers', 'Compliant', 'Compliant',
         'GET', '/foo/bar', 'HTTP/1.1', []),
        ('Valid Transfer-Encoding (chunked)', 'Compliant', 'Compliant',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding', 'chunked')]),
        ('Valid Content-Length', 'Compliant', 'Compliant',
         'PUT', '/foo/bar', 'HTTP/1.1', [('Content-Length', '1000')]),
        ('Valid Transfer-Encoding (chunked) + custom header (non-ascii)', 'Compliant', 'Compliant',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding', 'chunked'),
          ('My-Custom-Header', '\t\t\tCustom-Value;`\x85\x93\xa0')]),
        ('Valid custom header with tchar in name and obs-text', 'Compliant', 'Compliant',
         'POST', '/foo/bar', 'HTTP/1.1', [
          ("My-Custom-Header.!#$%&'*+^_`|~0123456789", '\t\t\tCustom-Value;`\x85\x93\xa0')]),
        ('Valid custom header with underscore in name', 'Compliant', 'Compliant',
         'POST', '/foo/bar', 'HTTP/1.1', [('My_Custom_Header', '\t\t\tCustom-Value;`\x85\x93\xa0')]),
        ('Valid custom header with dot in name', 'Compliant', 'Compliant',
         'POST', '/foo/bar', 'HTTP/1.1', [('My.Custom.Header', '\t\t\tCustom-Value;`\x85\x93\xa0')]),
        ('Valid custom header with digits in name', 'Compliant', 'Compliant',
         'POST', '/foo/bar', 'HTTP/1.1', [('My-Custom-Header-0987654321', '\t\t\tCustom-Value;`\x85\x93\xa0')]),
        ('Different Transfer-Encoding headers', 'Compliant', 'Compliant',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding', 'gzip'), ('Transfer-Encoding', 'deflate'),
          ('Transfer-Encoding', 'identity'), ('Transfer-Encoding', 'compress'), ('Transfer-Encoding', 'chunked')]),
        ('Different Transfer-Encoding headers combined', 'Compliant', 'Compliant',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding', 'gzip , deflate , \tidentity\t, compress\t, chunked')]),
        ('Transfer-Encoding with a param: chunked;custom_param', 'Compliant', 'Compliant',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding', '   gzip   ;   '),
          ('Transfer-Encoding', 'deflate\t\t;\t\t'), ('Transfer-Encoding', '\t\t\t\tchunked;custom_param;\t\t\t\t')]),
        ('Compliant URL', 'Compliant', 'Compliant',
         'POST', '/user:pass123@www.example.com:8080/site/index.php?action=login%20++~!@#$%^&*()_+:<>?,./;\'[]{}`~"|'
         '&prev=index#form', 'HTTP/1.1', [
          ('Accept', '*/*')]),
        ('International in URI', 'Compliant', 'Compliant',
         'GET', '/странные-символы/поддерживаются', 'HTTP/1.1', [('X-Forwarded-For', '1.1.1.1')]),
        ('Empty URI', 'Compliant', 'Compliant',
         'GET', '', 'HTTP/1.1', [('X-Forwarded-For', '1.1.1.1')]),
    ],
    "tests/acceptable.yaml": [
        ('No TE/CL headers, some others are non-compliant', 'Acceptable', 'NonCompliantHeader',
         'PUT', '/foo/bar', 'HTTP/1.1', [('x-my-custom-header ', 'some value'),
          ('x-my-second-custom-header', 'some value')]),
        ('TE and some others are non-compliant', 'Acceptable', 'NonCompliantHeader',
         'PUT', '/foo/bar', 'HTTP/1.1', [('x-my-custom-header ', 'some value'), ('Transfer-Encoding', 'chunked')]),
        ('A non-essential header with a non-printable character (x01)', 'Acceptable', 'NonCompliantHeader',
         'PUT', '/foo/bar', 'HTTP/1.1', [('\x01x-my-custom-header', 'some value'), ('Transfer-Encoding', 'chunked')]),
        ('CL and some others are non-compliant', 'Acceptable', 'NonCompliantHeader',
         'PUT', '/foo/bar', 'HTTP/1.1', [('x-my-custom-header ', 'some value'), ('Content-Length', '10000')]),
        ('Get with a body and Content-Length:0', 'Acceptable', 'GetHeadZeroContentLength',
         'GET', '/foo/bar', 'HTTP/1.1', [('Content-Length', '0')]),
        ('Get with a body and Content-Length:0', 'Acceptable', 'GetHeadZeroContentLength',
         'HEAD', '/foo/bar', 'HTTP/1.1', [('Content-Length', '0')]),
        ('Non-RFC, but OK HTTP/0.9', 'Acceptable', 'NonCompliantVersion',
         'GET', '/foo/bar', 'HTTP/0.9', [('X-My-Header', 'some value')]),
        ('Empty version, which means HTTP/0.9', 'Acceptable', 'NonCompliantVersion',
         'GET', '/foo/bar', '', [('X-My-Header', 'some value')]),
        ('Unknown but OK HTTP/1.2', 'Acceptable', 'NonCompliantVersion',
         'GET', '/foo/bar', 'HTTP/1.2', [('X-My-Header', 'some value')]),
    ],
    "tests/ambiguous.yaml": [
        ('Transfer-Encoding with a trailing space in name', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding ', 'chunked')]),
        ('Transfer-Encoding with a trailing tab in name', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding\t', 'chunked')]),
        ('\\x01Transfer-Encoding with a non-printable character', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('\x01Transfer-Encoding', 'chunked')]),
        ('\\x01\\x01Transfer-Encoding with a non-printable character', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('\x01\x01Transfer-Encoding', 'chunked')]),
        ('\\x01\\x01Content-Length with a non-printable character', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('\x01\x01Content-Length', '1')]),
        ('\\x01Content-Length with a non-printable character', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('\x01Content-Length', '1')]),
        ('Transfer-Encoding with a space in the middle', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer- Encoding', 'chunked')]),
        ('Transfer_Encoding with underscore.', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer_Encoding', 'chunked')]),
        ('Content_Length with underscore.', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Content_Length', '1000')]),
        ('Duplicate Content-Length', 'Ambiguous', 'DuplicateContentLength',
         'PUT', '/foo/bar', 'HTTP/1.1', [('Content-Length', '1000'), ('Content-Length', '1000')]),
        ('Both Transfer-Encoding:chunked and Content-Length', 'Ambiguous', 'BothTeClPresent',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding', 'chunked'), ('Content-Length', '100')]),
        ('Both Transfer-Encoding and Content-Length', 'Ambiguous', 'BothTeClPresent',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding', 'gzip'), ('Content-Length', '100')]),
        ('Get with a body and Content-Length', 'Ambiguous', 'UndefinedContentLengthSemantics',
         'GET', '/foo/bar', 'HTTP/1.1', [('Content-Length', '1000')]),
        ('Get with a body and Transfer-Encoding', 'Ambiguous', 'UndefinedTransferEncodingSemantics',
         'GET', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding', 'chunked')]),
        ('Head with a body and Content-Length', 'Ambiguous', 'UndefinedContentLengthSemantics',
         'HEAD', '/foo/bar', 'HTTP/1.1', [('Content-Length', '1000')]),
        ('Head with a body and Transfer-Encoding', 'Ambiguous', 'UndefinedTransferEncodingSemantics',
         'HEAD', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding', 'chunked')]),
        ('Transfer-Encoding[white-space] and Content-Length', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding ', 'chunked'), ('Content-Length', '1000')]),
        ('[white-space]Transfer-Encoding and Content-Length', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [(' Transfer-Encoding', 'chunked'), ('Content-Length', '1000')]),
        ('[white-space]Transfer-Encoding and [white-space]Content-Length', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [(' Transfer-Encoding', 'chunked'), (' Content-Length', '1000')]),
        ('Transfer-Encoding[white-space] and Content-Length[white-space]', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding ', 'chunked'), ('Content-Length ', '1000')]),
        ('Empty header name', 'Ambiguous', 'EmptyHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('', 'chunked'), ('Content-Length', '1000')]),
        ('Header name starts with :', 'Ambiguous', 'EmptyHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [(':SomeHeader:Transfer-Encoding:', 'chunked'), ('Content-Length', '1000')]),
        ('Only white-spaces header name', 'Ambiguous', 'EmptyHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('   \t\t  ', 'chunked'), ('Content-Length', '1000')]),
        ('Transfer-Encoding for HTTP/1.0', 'Ambiguous', 'UndefinedTransferEncodingSemantics',
         'POST', '/foo/bar', 'HTTP/1.0', [('Transfer-Encoding', 'chunked')]),
        ('Transfer-Encoding for HTTP/0.9', 'Ambiguous', 'UndefinedTransferEncodingSemantics',
         'POST', '/foo/bar', 'HTTP/0.9', [('Transfer-Encoding', 'chunked')]),
        ('Content-Length for HTTP/0.9', 'Ambiguous', 'UndefinedContentLengthSemantics',
         'POST', '/foo/bar', 'HTTP/0.9', [('Content-Length', '100')]),
        ('Transfer-Encoding for empty protocol, which is HTTP/0.9', 'Ambiguous', 'UndefinedTransferEncodingSemantics',
         'POST', '/foo/bar', '', [('Transfer-Encoding', 'chunked')]),
        ('Content-Length for empty protocol, which is HTTP/0.9', 'Ambiguous', 'UndefinedContentLengthSemantics',
         'POST', '/foo/bar', '', [('Content-Length', '100')]),
        ('Transfer-Encoding Latin Small Letter Long S', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Tranſfer-Encoding', 'chunked')]),
        ('Transfer-Encoding Latin Small Letter Dotless I', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encodıng', 'chunked')]),
        ('Transfer-Encoding with multiple hyphens', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer---Encoding', 'chunked')]),
        ('Transfer-Encoding with multiple delimiters', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer___Encoding', 'chunked')]),
        ('Transfer-Encoding with UTF8 spaces', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('   Transfer-Encoding', 'chunked')]),
        ('Content-Length with UTF8 spaces', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Content-Length   ', '1000')]),
        ('Transfer-Encoding with a UTF8 delimiter', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer―Encoding', 'chunked')]),
        ('Transfer-Encoding with arbitrary non-ASCII chars', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding\x88', 'chunked')]),
        ('Content-Length with arbitrary non-ASCII chars', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('\xa0Content-Length', '100')]),
    ],
    "tests/bad-header-characters.yaml": [
        ('\\x01Transfer-Encoding', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Some-Custom-Header', 'Non-Rfc Compliant'),
          ('\x01Transfer-Encoding', 'chunked')]),
        ('Transfer-Encoding: \\x01chunked', 'Severe', 'BadTransferEncoding',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding', '\x01chunked')]),
        ('Transfer-Encoding: chunked\\x01', 'Severe', 'BadTransferEncoding',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding', 'chunked\x01')]),
        ('Transfer-Encoding: \\xa0chunked', 'Severe', 'BadTransferEncoding',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding', '\xa0chunked')]),
        ('Transfer-Encoding: chunked\\xa0', 'Severe', 'BadTransferEncoding',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding', 'chunked\xa0')]),
        ('Transfer-Encoding\\x01', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Some-Custom-Header', 'Non-Rfc Compliant'),
          ('Transfer-Encoding\x01', 'chunked')]),
        ('\\x01Content-Length', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Some-Custom-Header', 'Non-Rfc Compliant'), ('\x01Content-Length', '1000')]),
        ('Content-Length\\x01', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Some-Custom-Header', 'Non-Rfc Compliant'), ('Content-Length\x01', '1000')]),
        ('Content-Length: \\x01 1000', 'Severe', 'BadContentLength',
         'POST', '/foo/bar', 'HTTP/1.1', [('Content-Length', '\x011000')]),
        ('Content-Length: 1000\\x01 ', 'Severe', 'BadContentLength',
         'POST', '/foo/bar', 'HTTP/1.1', [('Content-Length', '1000\x01')]),
        ('Content-Length: 1000\\xa0', 'Severe', 'BadContentLength',
         'POST', '/foo/bar', 'HTTP/1.1', [('Content-Length', '1000\xa0')]),
        ('Some-Header\\x01', 'Acceptable', 'NonCompliantHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Some-Custom-Header\x01', 'Non-Rfc Compliant'),
          ('Transfer-Encoding', 'chunked')]),
        ('\\x01Some-Header', 'Acceptable', 'NonCompliantHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('\x01Some-Custom-Header', 'Non-Rfc Compliant'),
          ('Transfer-Encoding', 'chunked')]),
        ('Some-Header: \\x01value', 'Acceptable', 'NonCompliantHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Some-Custom-Header', '\x01Non-Rfc Compliant'),
          ('Transfer-Encoding', 'chunked')]),
        ('Some-Header: value\\x01', 'Acceptable', 'NonCompliantHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Some-Custom-Header', 'Non-Rfc Compliant\x01'),
          ('Transfer-Encoding', 'chunked')]),
    ],
    "tests/more-compliant-tests.yaml": [
        ('Has a CL in PUT OK', 'Compliant', 'Compliant',
         'PUT', '/test.html', 'HTTP/1.1', [*BROWSER, ('Content-Length', ' 22220  ')]),
        ('Very many headers', 'Compliant', 'Compliant',
         'PUT', '/test.html', 'HTTP/1.1', [USER_AGENT, UPGRADE_INSECURE, ('Content-Length', ' 22220  '), *NUMBERED]),
        ('Has a TE in PUT OK', 'Compliant', 'Compliant',
         'PUT', '/test.html', 'HTTP/1.1', [*BROWSER, ('Transfer-Encoding', ' chunked')]),
        ('HTTP Version.1.1 OK', 'Compliant', 'Compliant',
         'POST', '/test.html?a=b&b=c&%dd=%ee', 'HTTP/1.1', [*BROWSER_FORM, ('Transfer-Encoding', ' chunked')]),
        ('Correct CL OK', 'Compliant', 'Compliant',
         'POST', '/test.html', 'HTTP/1.1', [
          *BROWSER_FORM, ('Content-Length', ' 5')]),
        ('Correct TE OK', 'Compliant', 'Compliant',
         'POST', '/test.html', 'HTTP/1.1', [
          *BROWSER_FORM, ('Transfer-Encoding', ' gzip, chunked')]),
        ('Large Size OK', 'Compliant', 'Compliant',
         'POST', '/test.html', 'HTTP/1.1', [*BROWSER_FORM, ('Content-Length', ' 4000000'),
          ('X-test', 'Transfer-Encoding: chunked')]),
        ('Transfer-Encoding: identity and chunked OK', 'Compliant', 'Compliant',
         'POST', '/test.html', 'HTTP/1.1', [
          *BROWSER_FORM, ('Transfer-Encoding', ' deflate, identity, chunked')]),
        ('Multiple transfer encoding headers in a single request OK', 'Compliant', 'Compliant',
         'POST', '/test.html', 'HTTP/1.1', [*BROWSER_FORM, ('Transfer-Encoding', ' gzip'),
          ('Transfer-Encoding', ' deflate'), ('Transfer-Encoding', ' identity'), ('Transfer-Encoding', ' compress'),
          ('Transfer-Encoding', ' chunked')]),
        ('TE with custom parameters OK', 'Compliant', 'Compliant',
         'POST', '/test.html', 'HTTP/1.1', [*BROWSER_FORM,
          ('Transfer-Encoding', ' \t\t\t\tchunked;custom_param;\t\t\t\t')]),
    ],
    "tests/severe.yaml": [
        ('Multiple Content-Length', 'Severe', 'MultipleContentLength',
         'POST', '/foo/bar', 'HTTP/1.1', [('Content-Length', '1000'), ('Content-Length', '100')]),
        ('Bad Content-Length: 1000,1000', 'Severe', 'BadContentLength',
         'POST', '/foo/bar', 'HTTP/1.1', [('Content-Length', '1000,1000')]),
        ('Bad Content-Length: 1000 1000', 'Severe', 'BadContentLength',
         'POST', '/foo/bar', 'HTTP/1.1', [('Content-Length', '1000 1000')]),
        ('Bad Content-Length: 1000.1000', 'Severe', 'BadContentLength',
         'POST', '/foo/bar', 'HTTP/1.1', [('Content-Length', '1000.1000')]),
        ('Bad Content-Length (64-bits overflow)', 'Severe', 'BadContentLength',
         'POST', '/foo/bar', 'HTTP/1.1', [('Content-Length', '18446744073709551616')]),
        ('Unknown Transfer-Encoding: xchunked', 'Severe', 'BadTransferEncoding',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding', 'xchunked')]),
        ('Bad character in Transfer-Encoding value: chunked\\x11', 'Severe', 'BadTransferEncoding',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding', 'chunked\x11')]),
        ('Bad character in Content-Length value: 1000\\x11', 'Severe', 'BadContentLength',
         'POST', '/foo/bar', 'HTTP/1.1', [('Content-Length', '1000\x11')]),
        ('Multiple Transfer-Encoding: chunked', 'Severe', 'MultipleTransferEncodingChunked',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding', 'chunked'), ('Transfer-Encoding', 'chunked')]),
        ('Multiple Transfer-Encoding: chunked,chunked', 'Severe', 'MultipleTransferEncodingChunked',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding', 'chunked,chunked')]),
        ('Multiline headers are deprecated', 'Severe', 'BadHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Content-Length', '1000'),
          ('Some-Custom-Header',
           'Multi-line values\r\n are \n deprecated. E.g. it may contain \n Transfer-Encoding: chunked\r\n')]),
        ('Multiline headers are deprecated (with \\n only)', 'Severe', 'BadHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Content-Length', '1000'),
          ('Some-Custom-Header',
           'Multi-line values\n are \n deprecated. E.g. it may contain \n Transfer-Encoding: chunked')]),
        ('Http Engine missed CR', 'Severe', 'BadHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Content-Length', '1000'),
          ('Some-Custom-Header', 'Parser error\r must not contain\r symbols.')]),
        ('Http Engine missed LF', 'Severe', 'BadHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Content-Length', '1000'),
          ('Some-Custom-Header', 'Parser error\n must not contain\n symbols.')]),
        ('\\r in name is bad', 'Severe', 'BadHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Some-Bad-Header\r', '1000')]),
        ('\\n in name is bad', 'Severe', 'BadHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Some-Bad-Header\n', 'Content-Length:1000\r\n Transfer-Encoding: chunked'),
          ('Content-Length', '100')]),
        ('\\0 in name is bad', 'Severe', 'BadHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Some-Bad-Header\x00', '1000')]),
        ('\\r in value is bad', 'Severe', 'BadHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Some-Bad-Header', 'value\rcontent-length: 1000'),
          ('Content-Length', '100')]),
        ('\\n in value is bad', 'Severe', 'BadHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Some-Bad-Header', 'value\n content-length: 1000'),
          ('Content-Length', '100')]),
        ('\\0 in value is bad', 'Severe', 'BadHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Some-Bad-Header', 'value\x00content-length: 1000'),
          ('Content-Length', '100')]),
        ('\\0 at the start of a line', 'Severe', 'BadHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('\x00Some-Bad-Header', 'value'), ('Content-Length', '100')]),
        ('\\0 at the start of a value', 'Severe', 'BadHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Some-Bad-Header', '\x00value'), ('Content-Length', '100')]),
        ('\\0 at the end of a value', 'Severe', 'BadHeader',
         'POST', '/foo/bar', 'HTTP/1.1', [('Some-Bad-Header', 'value\x00'), ('Content-Length', '100')]),
        ('Content-Length[white-space] and Content-Length', 'Severe', 'MultipleContentLength',
         'POST', '/foo/bar', 'HTTP/1.1', [('Content-Length ', '100'), ('Content-Length', '1000')]),
        ('[white-space]Content-Length and Content-Length', 'Severe', 'MultipleContentLength',
         'POST', '/foo/bar', 'HTTP/1.1', [(' Content-Length', '100'), ('Content-Length', '1000')]),
        ('Transfer-Encoding[white-space] and Transfer-Encoding', 'Severe', 'MultipleTransferEncodingChunked',
         'POST', '/foo/bar', 'HTTP/1.1', [('Transfer-Encoding ', 'chunked'), ('Transfer-Encoding', 'chunked')]),
        ('Bad method', 'Severe', 'BadMethod',
         'bad_method\x01', '/foo/bar', 'HTTP/1.1', [('Host', 'localhost')]),
    ],
    "tests/uri-specific-test-cases.yaml": [
        ('\\t in URI', 'Ambiguous', 'AmbiguousUri',
         'GET', '/endpoint_a\tHTTP/1.1', 'HTTP/1.1', [('X-Forwarded-For', '1.1.1.1')]),
        ('Extra spaces in version', 'Acceptable', 'NonCompliantVersion',
         'GET', '/endpoint_a', 'HTTP/1.1 ', [('X-Forwarded-For', '1.1.1.1')]),
        ('\\x01 in URI', 'Ambiguous', 'AmbiguousUri',
         'GET', '/endpoint_a\x01HTTP/1.1', 'HTTP/1.1', [('X-Forwarded-For', '1.1.1.1')]),
        ('[space] in URI', 'Acceptable', 'SpaceInUri',
         'GET', '/endpoint_a?param=not escaped spaces', 'HTTP/1.1', [('X-Forwarded-For', '1.1.1.1')]),
        ('[space] in URI resulted in a bad version', 'Severe', 'BadVersion',
         'GET', '/endpoint_a', 'HTTP/1.1 HTTP/1.1', [('X-Forwarded-For', '1.1.1.1')]),
        ('\\r in URI', 'Severe', 'BadUri',
         'GET', '/endpoint_a\rHTTP/1.1', 'HTTP/1.1', [('X-Forwarded-For', '1.1.1.1')]),
        ('\\n in URI', 'Severe', 'BadUri',
         'GET', '/endpoint_a\nHTTP/1.1', 'HTTP/1.1', [('X-Forwarded-For', '1.1.1.1')]),
        ('Request Smuggling in URI', 'Severe', 'BadUri',
         'GET', '/endpoint_a\tHTTP/1.1\r\nHost:localhost\r\n\r\nGET\t/endpoint_b\t', 'HTTP/1.1', [
          ('X-Forwarded-For', '1.1.1.1')]),
        ('\\0 in URI', 'Severe', 'BadUri',
         'GET', '/endpoint_a\x00HTTP/1.1', 'HTTP/1.1', [('X-Forwarded-For', '1.1.1.1')]),
        ('\\0 at the start of URI', 'Severe', 'BadUri',
         'GET', '\x00/endpoint_aHTTP/1.1', 'HTTP/1.1', [('X-Forwarded-For', '1.1.1.1')]),
        ('%09 in URI is OK', 'Compliant', 'Compliant',
         'GET', '/path-%09-uri', 'HTTP/1.1', [('X-Forwarded-For', '1.1.1.1')]),
        ('%20 in URI is OK', 'Compliant', 'Compliant',
         'GET', '/path-%20-uri', 'HTTP/1.1', [('X-Forwarded-For', '1.1.1.1')]),
        ('%0D in URI is OK', 'Compliant', 'Compliant',
         'GET', '/path-%0D-uri', 'HTTP/1.1', [('X-Forwarded-For', '1.1.1.1')]),
        ('%0A in URI is OK', 'Compliant', 'Compliant',
         'GET', '/path-%0A-uri', 'HTTP/1.1', [('X-Forwarded-For', '1.1.1.1')]),
    ],
    "tests/real-life-test-cases.yaml": [
        ('Has a CL in GET', 'Ambiguous', 'UndefinedContentLengthSemantics',
         'GET', '/test.html', 'HTTP/1.1', [*BROWSER, ('Content-Length', ' 22')]),
        ('Has a TE in GET', 'Ambiguous', 'UndefinedTransferEncodingSemantics',
         'GET', '/test.html', 'HTTP/1.1', [*BROWSER, ('Transfer-Encoding', ' chunked')]),
        ('HTTP Version.1.0 and TE', 'Ambiguous', 'UndefinedTransferEncodingSemantics',
         'POST', '/test.html', 'HTTP/1.0', [*BROWSER_FORM, ('Transfer-Encoding', ' chunked')]),
        ('Two Identical Fields - CL', 'Ambiguous', 'DuplicateContentLength',
         'POST', '/test.html', 'HTTP/1.1', [
          *BROWSER_FORM, ('Content-Length', ' 5'), ('Content-Length', ' 5')]),
        ('Two Identical Fields - TE', 'Severe', 'MultipleTransferEncodingChunked',
         'POST', '/test.html', 'HTTP/1.1', [*BROWSER_FORM, ('Transfer-Encoding', ' chunked'),
          ('Transfer-Encoding', ' chunked'), ('Content-Length', ' 4')]),
        ('Chunks Priority on Content-Length', 'Ambiguous', 'BothTeClPresent',
         'POST', '/test.html', 'HTTP/1.1', [
          *BROWSER_FORM, ('Content-Length', ' 4'), ('Transfer-Encoding', ' chunked')]),
        ('Null in Headers', 'Severe', 'BadHeader',
         'POST', '/test.html', 'HTTP/1.1', [USER_AGENT, ACCEPT_HTML, ACCEPT_LANGUAGE,
          ('Bad-Accept-Encoding', ' gzip, \x00deflate'), FORM, KEEP_ALIVE, UPGRADE_INSECURE,
          ('Transfer-Encoding', ' chunked'), ('Content-Length', ' 4')]),
        ('CRLF', 'Severe', 'BadHeader',
         'POST', '/test.html', 'HTTP/1.1', [*BROWSER_FORM, ('Content-Length', ' 4'),
          ('\x00Transfer-Encoding', ' chunked')]),
        ('Size Issue', 'Severe', 'BadHeader',
         'POST', '/test.html', 'HTTP/1.1', [*BROWSER_FORM, ('Content-Length', ' 4'),
          ('X-test', ' x\rTransfer-Encoding: chunked')]),
        ('Transfer-Encoding[tab]: chunked', 'Ambiguous', 'SuspiciousHeader',
         'POST', '/test.html', 'HTTP/1.1', [*BROWSER_FORM, ('Transfer-Encoding\t', ' chunked'),
          ('Content-Length', ' 4')]),
        ('\\rTransfer-Encoding: chunked', 'Severe', 'BadHeader',
         'POST', '/test.html', 'HTTP/1.1', [*BROWSER_FORM, ('\rTransfer-Encoding', ' chunked'),
          ('Content-Length', ' 4')]),
        ('\\rTransfer-Encoding: chunked without CL', 'Severe', 'BadHeader',
         'POST', '/test.html', 'HTTP/1.1', [
          *BROWSER_FORM, ('\rTransfer-Encoding', ' chunked')]),
        ('\\rContent-Length without TE', 'Severe', 'BadHeader',
         'POST', '/test.html', 'HTTP/1.1', [
          *BROWSER_FORM, ('\rContent-Length', ' 1000'), ('Content-Length', ' 100')]),
        ('Transfer-Encoding: chunk', 'Severe', 'BadTransferEncoding',
         'POST', '/test.html', 'HTTP/1.1', [
          *BROWSER_FORM, ('Transfer-Encoding', ' chunk'), ('Content-Length', ' 4')]),
        ('Transfer-Encoding: identity and Content-Length', 'Ambiguous', 'BothTeClPresent',
         'POST', '/test.html', 'HTTP/1.1', [
          *BROWSER_FORM, ('Transfer-Encoding', ' deflate'), ('Content-Length', ' 4')]),
        ('Transfer-Encoding: xchunked', 'Severe', 'BadTransferEncoding',
         'POST', '/test.html', 'HTTP/1.1', [*BROWSER_FORM, ('Transfer-Encoding', ' xchunked'),
          ('Content-Length', ' 4')]),
        ('Multiple transfer encoding headers in a single request', 'Ambiguous', 'BothTeClPresent',
         'POST', '/test.html', 'HTTP/1.1', [*BROWSER_FORM, ('Transfer-Encoding', ' gzip'),
          ('Transfer-Encoding', ' deflate'), ('Transfer-Encoding', ' identity'), ('Transfer-Encoding', ' compress'),
          ('Transfer-Encoding', ' chunked'), ('Content-Length', ' 4')]),
        ('Mixed case', 'Ambiguous', 'BothTeClPresent',
         'POST', '/test.html', 'HTTP/1.1', [*BROWSER_FORM,
          ('Transfer-Encoding', ' \t\t\t\tchunked;custom_param;\t\t\t\t'), ('Content-Length', ' 4')]),
        ('Invalid Transfer-Encoding', 'Severe', 'MultipleTransferEncodingChunked',
         'POST', '/test.html', 'HTTP/1.1', [*BROWSER_FORM, ('Transfer-Encoding', ' chunked,chunked'),
          ('Content-Length', ' 4')]),
        ('Chunks Priority on Content-Length.1', 'Ambiguous', 'BothTeClPresent',
         'POST', '/test.html', 'HTTP/1.1', [
          *BROWSER_FORM, ('TrAnSfEr-EnCoDiNg', ' ChUnKeD'), ('Content-Length', ' 4')]),
        ('Chunks Priority on Content-Length.2', 'Severe', 'BadTransferEncoding',
         'POST', '/test.html', 'HTTP/1.1', [*BROWSER_FORM, ('Transfer-Encoding', ' chunked'),
          ('Transfer-Encoding', ' cow'), ('Content-Length', ' 6')]),
        ('\\x00Transfer-Encoding: chunked', 'Severe', 'BadHeader',
         'POST', '/test.html', 'HTTP/1.1', [*BROWSER_FORM, ('Content-Length', ' 6'),
          ('\x00Transfer-Encoding', ' chunked')]),
        ('Transfer-Encoding: \\x00chunked', 'Severe', 'BadHeader',
         'POST', '/test.html', 'HTTP/1.1', [*BROWSER_FORM, ('Transfer-Encoding', ' \x00chunked'),
          ('Content-Length', ' 6')]),
        ('Send small (1614 bytes) request, transfer encoded request', 'Ambiguous', 'BothTeClPresent',
         'POST', '/test.html', 'HTTP/1.1', [
          *BROWSER_FORM, ('TrAnSfEr-EnCoDiNg', ' ChUnKeD'), ('Content-Length', ' 6')]),
    ],
}
