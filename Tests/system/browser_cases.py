"""The pages of test_browser.py and its XSS matrix: what each landing page must show, and the reflected-XSS
payloads put in every position a request can carry a value (the path value, the route's own query parameter, a
query parameter it does not declare, and the Host header).
"""

import re
import urllib.parse

APP_STORE_URL = "https://apps.apple.com/app/id1234567890?mt=8"
APP_STORE_BUTTON = ("button primary", APP_STORE_URL, "Download on the App Store")
PLAY_URL = "https://play.google.com/store/apps/details?id=com.polarisexpress.expresscan"  # the first app of android:


def play_button(canonical=None):
    """Google Play's button; its referrer is the canonical link, percent-encoded, on a page that is not secret."""
    referrer = "&referrer=" + urllib.parse.quote("https://links.example.com" + canonical, safe="") if canonical else ""
    return ("button", PLAY_URL + referrer, "Get it on Google Play")


OPEN_IN_APP_ORIGIN = "https://open.links.example.com"  # openInAppDomain of config/deeplinkd.yaml


def open_in_app_button(path):
    """The Open in ExpresScan button of a Universal-only route's page: the same path on openInAppDomain."""
    return ("button", OPEN_IN_APP_ORIGIN + path, "Open in ExpresScan")


COPY_LINK_SCRIPT = "copy-link.js"  # the one script of a page that offers "Copy link, then install"
MAGIC_TOKEN = "Mq7Zt2vXk9Lw4Rb8Hn3Pd6Ys"  # 24 characters of the token charset, unlikely to occur by chance
HOSTILE_QUERY = "x=%22%3E%3Cscript%3Ealert(1)%3C/script%3E"
SECURITY_HEADERS = {"content-security-policy": "script-src 'none'"}
SECRET_HEADERS = {
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
    "x-robots-tag": "noindex",
}
ACCENT_LIGHT = "rgb(10, 92, 54)"  # --accent of Public/static/deeplinkd.css, the primary button's background

NOT_FOUND = {"status": 404, "h1": "Link not found", "banner": None, "buttons": []}
# A request the HTTP engine refuses (a Host that is not host[:port]): plain text that nothing may run in.
REFUSED = {"status": 400, "h1": None, "banner": None, "buttons": [],
           "security_headers": {"content-security-policy": "default-src 'none'", "x-content-type-options": "nosniff"}}
NAME_BYTES = set(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._")
IPV6_BYTES = set(b"0123456789abcdefABCDEF:.")


def is_valid_host(value):
    """Whether deeplinkd takes `value` (bytes) as a Host header, as MicroHTTP's HostSyntax reads it: empty, or a
    DNS name or IPv4 address (letters, digits, '-', '_', '.', no empty label) or a bracketed IPv6 literal, then an
    optional ':' and a port of at most five digits up to 65535. Any other Host gets 400."""
    if not value:
        return True
    if value.startswith(b"["):
        close = value.find(b"]")
        literal = value[1:close] if close > 2 else b""
        if not literal or b":" not in literal or not set(literal) <= IPV6_BYTES:
            return False
        rest = value[close + 1:]
    else:
        end = value.find(b":") if b":" in value else len(value)
        name = value[:end]
        if not name or name.startswith(b".") or b".." in name or not set(name) <= NAME_BYTES:
            return False
        rest = value[end:]
    if not rest:
        return True
    port = rest[1:]
    return rest[:1] == b":" and len(port) <= 5 and port.isdigit() and int(port) <= 65535 or rest == b":"
CHARGER = {
    "status": 200,
    "h1": "Charger CH-42",
    "banner": "app-id=1234567890, app-argument=https://links.example.com/c/CH-42",
    "buttons": [APP_STORE_BUTTON, play_button("/c/CH-42"), ("button", "expchg://c/CH-42", "Open in ExpresScan")],
    "security_headers": {"content-security-policy": "script-src 'self'"},  # copyLink: true
    "scripts": [COPY_LINK_SCRIPT],
}
QR_SIGN_IN = {
    "status": 200,
    "h1": "Sign in with your EV card",
    "banner": "app-id=1234567890, app-argument=https://links.example.com/u/abcd",
    "buttons": [APP_STORE_BUTTON, play_button("/u/abcd"), open_in_app_button("/u/abcd")],
}
MAGIC_LINK = {
    "status": 200,
    "h1": "Sign in to ExpresScan",
    "banner": "app-id=1234567890",
    "buttons": [APP_STORE_BUTTON, play_button(), open_in_app_button("/m/" + MAGIC_TOKEN)],
    "secrets": [MAGIC_TOKEN],
    "secret_links": [OPEN_IN_APP_ORIGIN + "/m/" + MAGIC_TOKEN],  # the only place the token may be
    "request_secrets": [MAGIC_TOKEN],  # sent with no-referrer: no subresource request may carry it
    "headers": SECRET_HEADERS,
}
PAGES = [
    ("/c/CH-42", CHARGER),
    ("/u/abcd", QR_SIGN_IN),
    ("/m/" + MAGIC_TOKEN, MAGIC_LINK),
    ("/nothing", NOT_FOUND),
    ("/c/a%2Fb", NOT_FOUND),
    # Hostile URLs: the markup must never come back as markup.
    ("/c/%3Cscript%3Ealert(1)%3C%2Fscript%3E", NOT_FOUND),
    ("/c/%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E", NOT_FOUND),
    (
        "/u/abcd?" + HOSTILE_QUERY,
        {
            "status": 200,
            "h1": "Sign in with your EV card",
            "banner": "app-id=1234567890, app-argument=https://links.example.com/u/abcd",
            "buttons": [APP_STORE_BUTTON, play_button("/u/abcd"), open_in_app_button("/u/abcd")],  # the query stays behind
            "secrets": ["alert(1)"],
        },
    ),
    (
        "/m/" + MAGIC_TOKEN + "?" + HOSTILE_QUERY,
        {
            "status": 200,
            "h1": "Sign in to ExpresScan",
            "banner": "app-id=1234567890",
            "buttons": [APP_STORE_BUTTON, play_button(), open_in_app_button("/m/" + MAGIC_TOKEN)],
            "secrets": [MAGIC_TOKEN, "alert(1)"],
            "secret_links": [OPEN_IN_APP_ORIGIN + "/m/" + MAGIC_TOKEN],
            "headers": SECRET_HEADERS,
        },
    ),
]
CANARY_PAGE = "data:text/html,<title>canary</title><script>console.log('canary');alert('canary')</script>"
# Served on the server's origin with the headers of a real landing page: the policy must block both scripts.
CSP_CANARY_PATH = "/csp-canary"
CSP_CANARY_BODY = (
    b"<!DOCTYPE html><title>csp canary</title><script>console.log('csp canary')</script>"
    b"<svg onload=\"alert('csp canary')\"></svg>"
)

# Every route of config/deeplinkd.yaml with a landing page: (its name, the path before the value, a valid value,
# the name of the parameter, the page). The matrix checks that the config has no other.
LANDING_ROUTES = [
    ("charger", "/c/", "CH-42", "id", CHARGER),
    ("userQrSignIn", "/u/", "abcd", "publicId", QR_SIGN_IN),
    ("magicEmailSignIn", "/m/", MAGIC_TOKEN, "token", MAGIC_LINK),
]
OTHER_QUERY_NAME = "ref"
# Reflected-XSS payloads, written for this check: the attack classes seen in the wild, several aimed at what our
# templates do (values in text, in attributes, in <title>; Mustache). Bytes where the payload is not UTF-8.
PAYLOADS = [
    # Script elements, alone or after breaking out of a text node, an attribute or a raw-text element.
    "<script>alert(1)</script>",
    '"><script>alert(2)</script>',
    "'><script>alert(3)</script>",
    "</title><script>alert(4)</script>",
    "</textarea><script>alert(5)</script>",
    "</style></script><script>alert(6)</script>",
    "<ScRiPt >alert(7)</sCrIpT>",
    "<scr<script>ipt>alert(8)</scr</script>ipt>",
    "<script src=data:,alert(9)></script>",
    # Event handlers, on new elements and in attributes broken out of with each kind of quote.
    '"><img src=x onerror=alert(10)>',
    '" autofocus onfocus="alert(11)',
    "' autofocus onfocus='alert(12)'",
    "x onmouseover=alert(13) ",
    "`><img src=x onerror=alert(14)>`",
    '\\"><svg onload=alert(15)>',
    "<body onload=alert(16)>",
    "<details open ontoggle=alert(17)>",
    "<video><source onerror=alert(18)></video>",
    "<input autofocus onfocus=alert(19)>",
    # URLs that run script, and elements that load them.
    "javascript:alert(20)",
    " JaVaScRiPt:alert(21)",
    "java\tscript:alert(22)",
    "jav&#x09;ascript:alert(23)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgyNCk8L3NjcmlwdD4=",
    '<a href="javascript:alert(25)">tap</a>',
    '<iframe src="javascript:alert(26)"></iframe>',
    '<iframe srcdoc="<script>alert(27)</script>"></iframe>',
    '<object data="data:text/html,<script>alert(28)</script>"></object>',
    "<form action=javascript:alert(29)><button>go</button></form>",
    # SVG and MathML.
    "<svg onload=alert(30)>",
    "<svg><script>alert(31)</script></svg>",
    "<svg><animate onbegin=alert(32) attributeName=x dur=1s>",
    '<svg><a xlink:href="javascript:alert(33)"><text y="20">tap</text></a></svg>',
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(34)>",
    '<math href="javascript:alert(35)">tap</math>',
    # Markup that needs no script of its own: a redirect, a base URL, a foreign stylesheet, CSS that runs script.
    '<meta http-equiv="refresh" content="0;url=javascript:alert(36)">',
    '<meta http-equiv=refresh content="0; url=https://evil.example/">',
    '<base href="https://evil.example/">',
    '<link rel=stylesheet href="https://evil.example/x.css">',
    '<div style="width:expression(alert(40))">',
    '<p style="background:url(javascript:alert(41))">',
    "<style>@import 'javascript:alert(42)';</style>",
    # Encodings the server must not decode a second time.
    "&lt;script&gt;alert(43)&lt;/script&gt;",
    "&#60;img src=x onerror=alert(44)&#62;",
    "%3Cscript%3Ealert(45)%3C%2Fscript%3E",
    "%253Csvg%2520onload%253Dalert(46)%253E",
    "\\u003cscript\\u003ealert(47)\\u003c/script\\u003e",
    "+ADw-script+AD4-alert(48)+ADw-/script+AD4-",
    "\uff1cscript\uff1ealert(49)\uff1c/script\uff1e",
    # Bytes: NUL, overlong UTF-8 for < and > (2 and 3 bytes), UTF-16, line separators, CR LF.
    "<scr\0ipt>alert(50)</script>",
    b"\xc0\xbcscript\xc0\xbealert(51)\xc0\xbc/script\xc0\xbe",
    b"\xe0\x80\xbcsvg onload=alert(52)\xe0\x80\xbe",
    "<svg onload=alert(53)>".encode("utf-16"),
    "\u2028\u2029</script><script>alert(54)</script>",
    "\r\nSet-Cookie: xss=55\r\n\r\n<script>alert(55)</script>",
    # Template injection: Mustache tags in a value must come out as text.
    "{{appName}}{{{values.id}}}{{&canonicalURL}}",
    "{{#appURL}}<script>alert(57)</script>{{/appURL}}",
    "{{=<% %>=}}<%{appName}%>{{> layout}}{{! x }}",
    # Breaking out of a script string, a template literal or a comment.
    "';alert(59);//",
    '"-alert(60)-"',
    "${alert(61)}`",
    '<!--<img src="--><img src=x onerror=alert(62)//">',
    "<![CDATA[<script>alert(63)</script>]]>",
    '<noscript><p title="</noscript><img src=x onerror=alert(64)>">',
]
POSITIONS = ["path value", "query value (its parameter)", f"query value ({OTHER_QUERY_NAME}=)", "Host header"]
# The DOM of a load must equal the clean page's in these: element names, attribute names, and these values.
URL_ATTRIBUTES = {"href", "src", "srcset", "srcdoc", "action", "formaction", "data", "poster", "xlink:href", "ping"}


class Case:
    """One load of the XSS matrix: a payload in one position of one landing route, or a route's clean page."""

    def __init__(self, route, position, number, payload, target, host, expected, baseline=None):
        self.route = route  # the route's pattern, as /c/<id>
        self.position = position
        self.number = number
        self.payload = payload
        self.target = target  # the path and query to open
        self.host = host  # the Host header to send instead of the browser's, as bytes
        self.expected = expected
        self.baseline = baseline or self  # the clean load whose markup this one must keep

    @property
    def name(self):
        if self.payload is None:
            return f"{self.target} (clean)"
        return f"{self.route} {self.position}, payload {self.number}"


def matrix_cases():
    """The clean loads (each route's page, the 404 page), then every payload in every position of every route.

    Returns the cases and the numbers of the payloads that cannot be a Host header (no header carries CR or LF).
    """
    not_found = Case("/nothing", "clean", 0, None, "/nothing", None, NOT_FOUND)
    cases = [not_found]
    routes = []
    for _, prefix, value, parameter, expected in LANDING_ROUTES:
        clean = Case(f"{prefix}<{parameter}>", "clean", 0, None, prefix + value, None, expected)
        cases.append(clean)
        routes.append((clean, prefix, value, parameter))
    unsendable = [n for n, payload in enumerate(PAYLOADS, 1) if re.search(b"[\r\n]", payload_bytes(payload))]
    for number, payload in enumerate(PAYLOADS, 1):
        raw = payload_bytes(payload)
        quoted = urllib.parse.quote_from_bytes(raw, safe="")
        for clean, prefix, value, parameter in routes:
            # No payload is a valid value, so the route refuses the path. A URL whose escapes decode to invalid
            # UTF-8 is malformed wherever they are (docs/table.md, "How a URL resolves"), so such a query is refused too.
            in_query = (clean.expected, clean) if is_utf8(raw) else (NOT_FOUND, not_found)
            targets = [
                (prefix + quoted, None, NOT_FOUND, not_found),
                (f"{prefix}{value}?{parameter}={quoted}", None, *in_query),
                (f"{prefix}{value}?{OTHER_QUERY_NAME}={quoted}", None, *in_query),
                # A header value's leading and trailing white space is not part of it (RFC 9110 5.5).
                (prefix + value, raw, clean.expected, clean) if is_valid_host(raw.strip(b" \t"))
                else (prefix + value, raw, REFUSED, None),
            ]
            for position, (target, host, expected, baseline) in zip(POSITIONS, targets):
                if host is not None and number in unsendable:
                    continue
                cases.append(Case(clean.route, position, number, payload, target, host, expected, baseline))
    return cases, unsendable


def payload_bytes(payload):
    return payload if isinstance(payload, bytes) else payload.encode()


def is_utf8(raw):
    try:
        raw.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


