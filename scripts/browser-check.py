#!/usr/bin/env python3
"""Loads every landing page of deeplinkd in headless Chromium and checks the rendered DOM.

Usage: scripts/browser-check.py [DEEPLINKD_BINARY]   (default .build/debug/deeplinkd; run from the repository root)

The script starts the already-built server on port 0 with the default config, reads the port from the
"serving" log line, and starts Debian's `chromium` headless. It talks to Chromium over the DevTools
protocol through `--remote-debugging-pipe`: commands go to the browser's file descriptor 3 and replies come
back on descriptor 4, as NUL-terminated JSON, so the standard library is enough (no websocket client).

Each page is loaded in a fresh tab. The check reads the parsed document back with `DOM.getDocument` and
asserts on it: the `apple-itunes-app` meta, every `a.button` with its exact `href` and text, the `h1`, that the
page's stylesheet was applied, that every request the page made (from the Network events) went to its own
origin, and, on the secret magic-link page, that no piece of the token appears anywhere in the document (text,
attributes, every meta tag), in any request the page made (URL or Referer) nor in the server log.

"No script ran" is checked from the outside, without running any script of our own in the page:
  - `Debugger.scriptParsed`: V8 reports every script it compiles in the tab, inline or not, before it runs,
  - `Runtime.consoleAPICalled` / `Runtime.exceptionThrown`: any console output or uncaught exception,
  - `Page.javascriptDialogOpening`: an `alert()` (the dialog is dismissed so the load can finish),
  - the DOM holds no `<script>` element, no `on...` event-handler attribute and no `javascript:` URL,
  - no Content-Security-Policy violation: Chromium 156 (Debian 12) reports each one twice, as an
    `Audits.issueAdded` with a `ContentSecurityPolicyIssue` and as a `Log.entryAdded` from source `security`.
A first check loads a page that does run a script (`console.log` and `alert`) and fails unless all three
event detectors fire, so a detector that silently stopped working is caught on every run. A second one serves,
through the DevTools Fetch domain, a page with inline script under the exact headers of a real landing page
(the server's policy included) and fails unless both CSP detectors report the blocked script.

The XSS matrix then opens every landing route of the default config with each of PAYLOADS in every position
where a request can put a value: the path value (percent-encoded, so the request is valid; the route refuses it
and the 404 page must render), the query value of the route's own parameter and of a name it does not declare
(the landing page; the 404 page where the escapes decode to invalid UTF-8, which makes the URL malformed), and
the Host header. Chromium will not send a Host header of our choosing, so for those loads the document
request is paused (`Fetch.requestPaused`), fetched from deeplinkd by this script with the hostile Host, and
handed back with the server's exact status, headers and body (`Fetch.fulfillRequest`); only values with CR or LF
cannot be sent in a header and are skipped. A Host that is not `host[:port]` is refused by the server with a
plain-text 400 (`default-src 'none'`, `nosniff`), which is what such a load must then show, with nothing run. Each load must render its intended page (status, `h1`, banner,
buttons, the CSP header), keep the markup of the clean page (the same elements, attribute names and URLs: no
element or attribute injected), and pass every no-script detector above. MATRIX_TABS tabs load in parallel; a
load is done at its `load` event, and its events are collected until the tab starts its next load (a last
drain for the last ones), so nothing waits a fixed time per page.

Everything has a time limit, and the server and Chromium's whole process group are stopped at the end, also on
failure, SIGTERM or SIGHUP. Prints one line per check (one per route and position for the matrix, with every
failing load in full, and a summary line) and ends with `N passed, M failed`; exits 1 when anything failed.
"""

import base64
import collections
import http.client
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse

from checklib import Results, stop_process

CONFIG = "config/deeplinkd.yaml"
APP_STORE_URL = "https://apps.apple.com/app/id1234567890"
APP_STORE_BUTTON = ("button primary", APP_STORE_URL, "Download on the App Store")
MAGIC_TOKEN = "Mq7Zt2vXk9Lw4Rb8Hn3Pd6Ys"  # 24 characters of the token charset, unlikely to occur by chance
HOSTILE_QUERY = "x=%22%3E%3Cscript%3Ealert(1)%3C/script%3E"
SECURITY_HEADERS = {"content-security-policy": "script-src 'none'"}
SECRET_HEADERS = {
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
    "x-robots-tag": "noindex",
}
ACCENT_LIGHT = "rgb(10, 92, 54)"  # --accent of Public/static/deeplinkd.css, the primary button's background

STARTUP_TIMEOUT = 15.0
COMMAND_TIMEOUT = 10.0
LOAD_TIMEOUT = 10.0
SETTLE_SECONDS = 0.3
OVERALL_TIMEOUT = 180

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
    "buttons": [APP_STORE_BUTTON, ("button", "expchg://c/CH-42", "Open in ExpresScan")],
}
QR_SIGN_IN = {
    "status": 200,
    "h1": "Sign in with your EV card",
    "banner": "app-id=1234567890, app-argument=https://links.example.com/u/abcd",
    "buttons": [APP_STORE_BUTTON],
}
MAGIC_LINK = {
    "status": 200,
    "h1": "Sign in to ExpresScan",
    "banner": "app-id=1234567890",
    "buttons": [APP_STORE_BUTTON],
    "secrets": [MAGIC_TOKEN],
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
            "buttons": [APP_STORE_BUTTON],
            "secrets": ["alert(1)"],
        },
    ),
    (
        "/m/" + MAGIC_TOKEN + "?" + HOSTILE_QUERY,
        {
            "status": 200,
            "h1": "Sign in to ExpresScan",
            "banner": "app-id=1234567890",
            "buttons": [APP_STORE_BUTTON],
            "secrets": [MAGIC_TOKEN, "alert(1)"],
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
MATRIX_TABS = 4  # on 2 cores: 17 loads/s in 1 tab, 25 in 4, 27 in 6
# The DOM of a load must equal the clean page's in these: element names, attribute names, and these values.
URL_ATTRIBUTES = {"href", "src", "srcset", "srcdoc", "action", "formaction", "data", "poster", "xlink:href", "ping"}


class CheckError(Exception):
    """A step that cannot go on (timeout, protocol error, process gone)."""


class DevTools:
    """A minimal DevTools protocol client over Chromium's --remote-debugging-pipe descriptors.

    Commands are either sent (`send` waits for the reply) or posted (`post` returns at once; the reply is kept in
    `replies`, or dropped, an error noted in `failures`, when nobody awaits it). Every message read goes through
    `dispatch`, which answers what would otherwise stall a page: a dialog is dismissed, a debugger pause resumed,
    and a paused request handed to its session's interceptor (or let through).
    """

    def __init__(self, write_fd, read_fd):
        self.write_fd = write_fd
        self.read_fd = read_fd
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.replies = {}
        self.unawaited = {}  # id -> method of posted commands whose reply nobody reads
        self.failures = []  # errors of those
        self.inboxes = {}  # session -> list its events go to, instead of `events`
        self.interceptors = {}  # session -> function of a Fetch.requestPaused event

    def post(self, method, params=None, session=None, awaited=False):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.write_fd, json.dumps(message).encode() + b"\0")
        if not awaited:
            self.unawaited[self.next_id] = method
        return self.next_id

    def send(self, method, params=None, session=None, timeout=COMMAND_TIMEOUT):
        ident = self.post(method, params, session, awaited=True)
        deadline = time.monotonic() + timeout
        while ident not in self.replies:
            if not self.pump(deadline):
                raise CheckError(f"no reply to {method} within {timeout:g} s")
        reply = self.replies.pop(ident)
        if "error" in reply:
            raise CheckError(f"{method}: {reply['error'].get('message')}")
        return reply.get("result", {})

    def receive(self, deadline):
        """The next message, or None once the deadline has passed."""
        while b"\0" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            readable, _, _ = select.select([self.read_fd], [], [], remaining)
            if readable:
                chunk = os.read(self.read_fd, 1 << 20)
                if not chunk:
                    raise CheckError("Chromium closed the DevTools pipe")
                self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def pump(self, deadline):
        """Reads and dispatches one message; False once the deadline has passed."""
        message = self.receive(deadline)
        if message is None:
            return False
        self.dispatch(message)
        return True

    def dispatch(self, message):
        if "id" in message:
            method = self.unawaited.pop(message["id"], None)
            if method is None:
                self.replies[message["id"]] = message
            elif "error" in message:
                self.failures.append(f"{method}: {message['error'].get('message')}")
            return
        session = message.get("sessionId")
        self.inboxes.get(session, self.events).append(message)
        method = message.get("method")
        if method == "Page.javascriptDialogOpening":
            self.post("Page.handleJavaScriptDialog", {"accept": False}, session)
        elif method == "Debugger.paused":
            self.post("Debugger.resume", session=session)
        elif method == "Fetch.requestPaused":
            interceptor = self.interceptors.get(session)
            if interceptor:
                interceptor(message["params"])
            else:
                self.post("Fetch.continueRequest", {"requestId": message["params"]["requestId"]}, session)

    def wait_for(self, session, method, since, timeout):
        """Waits for `method` on `session` among the events from index `since` on."""
        deadline = time.monotonic() + timeout
        index = since
        while True:
            while index < len(self.events):
                event = self.events[index]
                index += 1
                if event.get("sessionId") == session and event["method"] == method:
                    return event
            if not self.pump(deadline):
                raise CheckError(f"{method} did not arrive within {timeout:g} s")

    def drain(self, seconds):
        deadline = time.monotonic() + seconds
        while self.pump(deadline):
            pass


def read_lines(path):
    with open(path, encoding="utf-8", errors="replace") as file:
        return file.readlines()


def start_server(binary, workdir):
    log_path = os.path.join(workdir, "server.log")
    with open(log_path, "wb") as log:  # the server keeps its own copy of the descriptor
        server = subprocess.Popen(
            [binary, "serve", "--port", "0", "--config", CONFIG, "--public", "Public"],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
        )
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        for line in read_lines(log_path):
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if entry.get("message") == "serving" and "url" in entry:
                port = urllib.parse.urlsplit(entry["url"]).port
                if port:
                    return server, log_path, port
        if server.poll() is not None:
            break
        time.sleep(0.05)
    log = "".join(read_lines(log_path))
    if server.poll() is not None:
        raise CheckError(f"the server exited with status {server.returncode} before logging its port:\n{log}")
    raise CheckError(f"the server did not log its port within {STARTUP_TIMEOUT:.0f} s:\n{log}")


def chromium_binary():
    for name in ("chromium", "chromium-browser"):
        if path := shutil.which(name):
            return path
    raise CheckError("chromium is not installed (scripts/install-deps.sh chromium)")


def start_chromium(workdir):
    """Starts headless Chromium in its own process group, the DevTools pipe on its descriptors 3 and 4."""
    to_browser_read, to_browser_write = os.pipe()
    from_browser_read, from_browser_write = os.pipe()

    def attach_pipes():
        # dup first, so that neither source descriptor is already 3 or 4 (dup2 onto itself keeps close-on-exec).
        commands, replies = os.dup(to_browser_read), os.dup(from_browser_write)
        os.dup2(commands, 3)
        os.dup2(replies, 4)

    chromium_log = open(os.path.join(workdir, "chromium.log"), "wb")
    browser = subprocess.Popen(
        [
            chromium_binary(),
            "--headless=new",
            "--no-sandbox",  # the check runs as root
            "--remote-debugging-pipe",
            f"--user-data-dir={workdir}/profile",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-extensions",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=390,844",
            "about:blank",
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=chromium_log,
        preexec_fn=attach_pipes,
        close_fds=False,
        start_new_session=True,
    )
    chromium_log.close()
    os.close(to_browser_read)
    os.close(from_browser_write)
    devtools = DevTools(to_browser_write, from_browser_read)
    devtools.send("Browser.getVersion", timeout=STARTUP_TIMEOUT)
    return browser, devtools


TAB_DOMAINS = ("Page", "Runtime", "Log", "Network", "DOM", "Debugger", "Audits")


def load(devtools, url, served=None):
    """Opens `url` in a fresh tab; returns the document tree, the main response and the tab's events.

    With `served` (status, headers, body), the document is not fetched: the request is fulfilled with that answer.
    """
    target = devtools.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = devtools.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    try:
        for domain in TAB_DOMAINS + ("CSS",):
            devtools.send(f"{domain}.enable", session=session)
        if served:
            devtools.interceptors[session] = lambda paused: devtools.post(
                "Fetch.fulfillRequest", fulfillment(paused["requestId"], *served), session
            )
            devtools.send("Fetch.enable", {"patterns": [{"urlPattern": url, "resourceType": "Document"}]}, session)
        first_event = len(devtools.events)
        devtools.send("Page.navigate", {"url": url}, session)
        devtools.wait_for(session, "Page.loadEventFired", first_event, LOAD_TIMEOUT)
        devtools.drain(SETTLE_SECONDS)
        events = [e for e in devtools.events[first_event:] if e.get("sessionId") == session]
        document = devtools.send("DOM.getDocument", {"depth": -1, "pierce": True}, session)["root"]
        html = devtools.send("DOM.getOuterHTML", {"nodeId": document["nodeId"]}, session)["outerHTML"]
        primary = find(document, lambda n: n.get("localName") == "a" and "primary" in classes(n))
        background = None
        if primary:
            style = devtools.send("CSS.getComputedStyleForNode", {"nodeId": primary[0]["nodeId"]}, session)
            background = {p["name"]: p["value"] for p in style["computedStyle"]}.get("background-color")
        response = document_response(events)
        return {"document": document, "html": html, "events": events, "response": response, "background": background}
    finally:
        devtools.interceptors.pop(session, None)
        try:
            devtools.send("Target.closeTarget", {"targetId": target})
        except CheckError:
            pass  # keep the error that brought us here


def document_response(events):
    """The response of the tab's main document, from Network.responseReceived."""
    return next(
        (
            e["params"]["response"]
            for e in events
            if e["method"] == "Network.responseReceived" and e["params"].get("type") == "Document"
        ),
        None,
    )


def fulfillment(request_id, status, headers, body):
    """Fetch.fulfillRequest parameters: answer a paused request with exactly this status, these headers and body."""
    return {
        "requestId": request_id,
        "responseCode": status,
        "responseHeaders": [{"name": name, "value": value} for name, value in headers],
        "body": base64.b64encode(body).decode(),
    }


def fetch_with_host(port, target, host):
    """GETs `target` from the server with `host` (bytes, no CR or LF) as the Host header: (status, headers, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=COMMAND_TIMEOUT)
    try:
        connection.putrequest("GET", target, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", host)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.getheaders(), response.read()
    finally:
        connection.close()


def attributes(node):
    flat = node.get("attributes", [])
    return dict(zip(flat[0::2], flat[1::2]))


def classes(node):
    return attributes(node).get("class", "").split()


def walk(node):
    yield node
    for child in node.get("children", []) + ([node["contentDocument"]] if "contentDocument" in node else []):
        yield from walk(child)


def find(document, predicate):
    return [n for n in walk(document) if n.get("nodeType") == 1 and predicate(n)]


def text(node):
    return "".join(n.get("nodeValue", "") for n in walk(node) if n.get("nodeType") == 3)


def event_summary(events, method):
    found = [e for e in events if e["method"] == method]
    return [json.dumps(e["params"])[:160] for e in found]


def elements(document, local_name=None):
    return find(document, lambda n: local_name is None or n.get("localName") == local_name)


SCRIPT_DETECTORS = [
    ("Debugger.scriptParsed", "no script compiled"),
    ("Runtime.consoleAPICalled", "no console message"),
    ("Runtime.exceptionThrown", "no exception"),
    ("Page.javascriptDialogOpening", "no dialog"),
]


def equal(name, actual, expected):
    """One assertion, (name, passed, detail), worded as Results.equal words it."""
    return name, actual == expected, f"expected {expected!r}, got {actual!r}"


def csp_violations(events):
    """What the CSP detectors saw: ContentSecurityPolicyIssue audits, and `security` log entries naming the policy."""
    found = []
    for event in events:
        issue = event["params"].get("issue", {})
        if event["method"] == "Audits.issueAdded" and issue.get("code") == "ContentSecurityPolicyIssue":
            details = issue.get("details", {}).get("contentSecurityPolicyIssueDetails", {})
            kind = details.get("contentSecurityPolicyViolationType")
            found.append(f"Audits.issueAdded: {details.get('violatedDirective')} {kind}")
        elif event["method"] == "Log.entryAdded":
            entry = event["params"]["entry"]
            if entry.get("source") == "security" and "Content Security Policy" in entry.get("text", ""):
                found.append(f"Log.entryAdded: {entry['text'][:160]}")
    return found


def script_assertions(page):
    """No script ran and the policy had nothing to block: every detector is silent, the DOM holds nothing that runs."""
    events = page["events"]
    for method, what in SCRIPT_DETECTORS:
        yield equal(f"{what} ({method})", event_summary(events, method), [])
    yield equal("no CSP violation (Audits.issueAdded, Log.entryAdded)", csp_violations(events), [])
    # Chromium logs a failed load for a 404 document itself; that one is expected.
    document_urls = {page["url"], (page["response"] or {}).get("url")}
    entries = [e["params"]["entry"] for e in events if e["method"] == "Log.entryAdded"]
    errors = [
        entry.get("text")
        for entry in entries
        if entry.get("level") == "error"
        and not (entry.get("source") == "network" and entry.get("url") in document_urls)
    ]
    yield equal("no error in the browser log", errors, [])
    document = page["document"]
    yield equal("no <script> element", len(elements(document, "script")), 0)
    handlers = [
        f"<{n['localName']} {key}>"
        for n in elements(document)
        for key, value in attributes(n).items()
        if key.lower().startswith("on") or is_javascript_url(value)
    ]
    yield equal("no event-handler attribute or javascript: URL", handlers, [])


def is_javascript_url(value):
    """Whether a browser would read `value` as a javascript: URL: like the URL parser, it ignores leading and
    trailing C0 controls and spaces, and every tab and newline (`java<TAB>script:` runs)."""
    url = re.sub("[\t\n\r]", "", value.strip("".join(map(chr, range(0x21)))))
    return url.lower().startswith("javascript:")


def content_assertions(page, expected):
    """The page shows what it should: status, headers, h1, banner, buttons, stylesheet; no secret anywhere."""
    document = page["document"]
    response = page["response"] or {}
    headers = {key.lower(): value for key, value in response.get("headers", {}).items()}
    yield equal("status", response.get("status"), expected["status"])
    for header, fragment in {**expected.get("security_headers", SECURITY_HEADERS), **expected.get("headers", {})}.items():
        value = headers.get(header, "")
        yield f"{header} has {fragment}", fragment in value, repr(value)
    headings = [" ".join(text(h).split()) for h in elements(document, "h1")]
    yield equal("h1", headings, [expected["h1"]] if expected["h1"] else [])
    metas = [attributes(m) for m in elements(document, "meta")]
    banners = [m.get("content") for m in metas if m.get("name") == "apple-itunes-app"]
    yield equal("apple-itunes-app meta", banners, [expected["banner"]] if expected["banner"] else [])
    buttons = [
        (" ".join(classes(a)), attributes(a).get("href"), " ".join(text(a).split()))
        for a in elements(document, "a")
        if "button" in classes(a)
    ]
    yield equal("buttons (class, href, text)", buttons, expected["buttons"])
    if expected["buttons"] and "background" in page:
        yield equal("stylesheet applied (primary button background)", page["background"], ACCENT_LIGHT)
    yield from request_assertions(page)
    for secret in expected.get("secrets", []):
        yield from secret_assertions(document, page.get("html", ""), secret)
    for secret in expected.get("request_secrets", []):
        yield from secret_request_assertions(page, secret)


def page_requests(page):
    """Every request the tab made for the page after the document itself: (url, headers), from the Network events."""
    requests = [e["params"] for e in page["events"] if e["method"] == "Network.requestWillBeSent"]
    return [(r["request"]["url"], r["request"].get("headers", {})) for r in requests if r.get("type") != "Document"]


def request_assertions(page):
    """A page loads nothing from elsewhere: every request it makes goes to the server that sent it."""
    origin = urllib.parse.urlsplit(page.get("url", ""))[:2]
    foreign = [url for url, _ in page_requests(page) if urllib.parse.urlsplit(url)[:2] != origin and not url.startswith("data:")]
    yield equal(f"every request of the page goes to its own origin ({len(page_requests(page))} made)", foreign, [])


def secret_request_assertions(page, secret):
    """No request the page makes carries the secret: not in its URL, not in a Referer."""
    carrying = sorted({url for url, headers in page_requests(page)
                       for piece in pieces(secret)
                       if piece in url or any(piece in value for key, value in headers.items() if key.lower() == "referer")})
    yield equal(f"no request of the page carries {secret!r} (URL or Referer)", carrying, [])


def check_page(results, devtools, base, path, expected):
    page = load(devtools, base + path)
    page["url"] = base + path
    for assertions in (content_assertions(page, expected), script_assertions(page)):
        for name, passed, detail in assertions:
            results.check(f"{path}: {name}", passed, detail)


def pieces(secret, size=8):
    """The secret and every run of `size` characters in it: a partial echo is a leak too."""
    return {secret} | {secret[i : i + size] for i in range(len(secret) - size + 1)}


def secret_assertions(document, html, secret):
    metas = [attributes(m) for m in elements(document, "meta")]
    leaking_metas = [m for m in metas if any(p in v for v in m.values() for p in pieces(secret))]
    yield equal(f"{secret!r} in no meta tag ({len(metas)} checked)", leaking_metas, [])
    values = [n.get("nodeValue", "") for n in walk(document)]
    values += [value for n in elements(document) for value in attributes(n).values()]
    leaking = sorted({p for p in pieces(secret) for v in values + [html] if p in v})
    yield equal(f"{secret!r} nowhere in the document", leaking, [])


def check_canary(results, devtools):
    """The detectors must see a script that does run, or their silence on the real pages means nothing."""
    page = load(devtools, CANARY_PAGE)
    seen = {e["method"] for e in page["events"]}
    for method in ("Debugger.scriptParsed", "Runtime.consoleAPICalled", "Page.javascriptDialogOpening"):
        results.check(f"detector self-test: {method} fires for a page that runs a script", method in seen)


def check_csp_canary(results, devtools, base, port):
    """The CSP detectors must see the server's own policy block inline script, or their silence means nothing.

    The page is served on the server's origin with every header of a real landing page (its length aside), so it
    is the policy deeplinkd sends that blocks the `<script>` and the `onload` handler, and both detectors must
    report each.
    """
    status, headers, _ = fetch_with_host(port, PAGES[0][0], b"links.example.com")
    policies = [value for name, value in headers if name.lower() == "content-security-policy"]
    results.check(
        "CSP self-test: a landing page sends one Content-Security-Policy", status == 200 and len(policies) == 1
    )
    headers = [(name, value) for name, value in headers if name.lower() != "content-length"]
    page = load(devtools, base + CSP_CANARY_PATH, served=(200, headers, CSP_CANARY_BODY))
    violations = csp_violations(page["events"])
    for method in ("Audits.issueAdded", "Log.entryAdded"):
        reported = [v for v in violations if v.startswith(method)]
        results.check(
            f"CSP self-test: {method} reports the inline script and handler the policy blocked",
            len(reported) >= 2,
            repr(violations),
        )
    ran = [summary for method, _ in SCRIPT_DETECTORS for summary in event_summary(page["events"], method)]
    results.equal("CSP self-test: the server's policy let neither run", ran, [])


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
        self.events = []
        self.document = None
        self.navigation = None  # the id of Page.navigate until its reply is read
        self.reading = None  # the id of DOM.getDocument until its reply is read
        self.committed = False
        self.loaded = False
        self.deadline = None

    @property
    def name(self):
        if self.payload is None:
            return f"{self.target} (clean)"
        return f"{self.route} {self.position}, payload {self.number} {self.payload!r}"


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
            # UTF-8 is malformed wherever they are (README, "How a URL resolves"), so such a query is refused too.
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


class Tab:
    """A tab the matrix reuses for one case after another; its events go to the case it is loading."""

    def __init__(self, devtools, base, port):
        self.devtools = devtools
        self.base = base
        self.port = port
        self.case = None
        self.read = 0  # how many of the case's events advance() has looked at
        self.target = devtools.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = devtools.send("Target.attachToTarget", {"targetId": self.target, "flatten": True})["sessionId"]
        for domain in TAB_DOMAINS:
            devtools.send(f"{domain}.enable", session=self.session)
        devtools.interceptors[self.session] = self.intercept
        pattern = {"urlPattern": base + "/*", "resourceType": "Document"}
        devtools.send("Fetch.enable", {"patterns": [pattern]}, self.session)

    def start(self, case):
        """Navigates to the case; from now on the tab's events are the case's (late ones of the last case too)."""
        self.case = case
        self.read = 0
        self.devtools.inboxes[self.session] = case.events
        case.deadline = time.monotonic() + LOAD_TIMEOUT
        case.navigation = self.devtools.post("Page.navigate", {"url": self.base + case.target}, self.session, True)

    def intercept(self, paused):
        """Lets the document request through, or for a Host case answers it with what deeplinkd sends that Host."""
        case = self.case
        if case is None or case.host is None:
            self.devtools.post("Fetch.continueRequest", {"requestId": paused["requestId"]}, self.session)
            return
        url = urllib.parse.urlsplit(paused["request"]["url"])
        target = url.path + ("?" + url.query if url.query else "")
        served = fetch_with_host(self.port, target, case.host)
        self.devtools.post("Fetch.fulfillRequest", fulfillment(paused["requestId"], *served), self.session)

    def advance(self):
        """Moves the case on: once navigated and loaded, reads the document; then the tab is free again."""
        case = self.case
        if case is None:
            return
        replies = self.devtools.replies
        if case.navigation in replies:
            reply = replies.pop(case.navigation)
            problem = reply.get("error", {}).get("message") or reply.get("result", {}).get("errorText")
            if problem:
                raise CheckError(f"{case.name}: Page.navigate: {problem}")
            case.navigation = None
        while not case.loaded and self.read < len(case.events):
            method = case.events[self.read]["method"]
            self.read += 1
            case.committed = case.committed or method == "Page.frameNavigated"
            case.loaded = case.committed and method == "Page.loadEventFired"
        if case.loaded and case.navigation is None and case.reading is None:
            params = {"depth": -1, "pierce": True}
            case.reading = self.devtools.post("DOM.getDocument", params, self.session, True)
        if case.reading in replies:
            reply = replies.pop(case.reading)
            if "error" in reply:
                raise CheckError(f"{case.name}: DOM.getDocument: {reply['error'].get('message')}")
            case.document = reply["result"]["root"]
            self.case = None

    def close(self):
        self.devtools.inboxes.pop(self.session, None)
        self.devtools.interceptors.pop(self.session, None)
        try:
            self.devtools.send("Target.closeTarget", {"targetId": self.target})
        except CheckError:
            pass  # keep the error that brought us here


def run_cases(devtools, tabs, cases):
    """Loads every case, each in the next free tab, reacting to events as they come; no fixed wait per page."""
    waiting = collections.deque(cases)
    while waiting or any(tab.case for tab in tabs):
        for tab in tabs:
            if tab.case is None and waiting:
                tab.start(waiting.popleft())
        deadline = min(tab.case.deadline for tab in tabs if tab.case)
        if not devtools.pump(deadline):
            late = next(tab.case for tab in tabs if tab.case and tab.case.deadline <= time.monotonic())
            raise CheckError(f"{late.name} did not load within {LOAD_TIMEOUT:g} s")
        for tab in tabs:
            tab.advance()


def skeleton(document):
    """The markup without its text: each element, its attribute names, and the value of each URL attribute."""
    return [
        (n["localName"], sorted((k, v if k.lower() in URL_ATTRIBUTES else "") for k, v in attributes(n).items()))
        for n in elements(document)
    ]


def markup_assertion(document, clean):
    """The load has the clean page's markup: no element, attribute or URL came in with the payload."""
    mine, theirs = skeleton(document), skeleton(clean)
    index = next((i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b), min(len(mine), len(theirs)))
    got = mine[index] if index < len(mine) else "nothing"
    wanted = theirs[index] if index < len(theirs) else "nothing"
    detail = f"element {index}: expected {wanted!r}, got {got!r}"
    return "the clean page's markup (elements, attribute names, URLs)", mine == theirs, detail


def case_assertions(case, base):
    page = {"document": case.document, "events": case.events, "response": document_response(case.events)}
    page["url"] = base + case.target
    yield from content_assertions(page, case.expected)
    if case.baseline is not case:
        yield markup_assertion(case.document, case.baseline.document)
    yield from script_assertions(page)


def config_landing_routes():
    """The names of the routes of the config that have a landing page (its `- name:` and `landing:` lines)."""
    names, route = [], None
    for line in read_lines(CONFIG):
        if match := re.match(r"\s*- name:\s*(\S+)", line):
            route = match[1]
        elif re.match(r"\s+landing:\s*\S", line):
            names.append(route)
    return sorted(names)


def check_xss_matrix(results, devtools, base, port):
    """Every payload in every position of every landing route: the intended page, its markup, and no script."""
    routes = sorted(route[0] for route in LANDING_ROUTES)
    results.equal(f"xss: the matrix has every route of {CONFIG} with a landing page", routes, config_landing_routes())
    cases, unsendable = matrix_cases()
    started = time.monotonic()
    tabs = []
    try:
        tabs = [Tab(devtools, base, port) for _ in range(MATRIX_TABS)]
        run_cases(devtools, tabs, cases)
        devtools.drain(SETTLE_SECONDS)  # what the last page of each tab reports after its load event
    finally:
        for tab in tabs:
            tab.close()
    elapsed = time.monotonic() - started
    families = {}  # (route, position) -> [loads, assertions, failures]
    for case in cases:
        family = families.setdefault((case.route, case.position), [0, 0, 0])
        family[0] += 1
        for name, passed, detail in case_assertions(case, base):
            family[1] += 1
            if not passed:
                family[2] += 1
                print(f"  - {case.name}: {name}: {detail}")
    for (route, position), (loads, assertions, failures) in families.items():
        name = f"xss {route} {position}: {loads} loads, {assertions} assertions"
        results.check(name, failures == 0, f"{failures} failed")
    loads = sum(f[0] for f in families.values())
    assertions = sum(f[1] for f in families.values())
    failures = sum(f[2] for f in families.values())
    clean = sum(1 for c in cases if c.payload is None)
    print(
        f"xss matrix: {len(PAYLOADS)} payloads x {len(LANDING_ROUTES)} landing routes x {len(POSITIONS)} positions "
        f"= {loads - clean} page loads (payload {', '.join(map(str, unsendable))} has CR or LF, which no Host header "
        f"can carry: {len(unsendable) * len(LANDING_ROUTES)} loads skipped) and {clean} clean ones; "
        f"{assertions} assertions, {failures} failed; {elapsed:.1f} s in {MATRIX_TABS} tabs"
    )


def stop_server(server):
    stop_process(server)


def stop_browser(browser, devtools):
    """Asks Chromium to quit (so it reaps its helpers), then kills whatever is left of its process group."""
    if browser is None:
        return
    if devtools and browser.poll() is None:
        try:
            devtools.send("Browser.close", timeout=5)
        except (CheckError, OSError):
            pass  # it may exit before it replies
        try:
            browser.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(browser.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    try:
        browser.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/deeplinkd"
    results = Results()
    server = browser = devtools = None
    workdir = tempfile.mkdtemp(prefix="deeplinkd-browser-check-")
    started = time.monotonic()

    def overall_timeout(signum, frame):
        raise CheckError(f"the browser check did not finish within {OVERALL_TIMEOUT} s")

    signal.signal(signal.SIGALRM, overall_timeout)
    for stop_signal in (signal.SIGTERM, signal.SIGHUP):  # exit through `finally`, which stops both processes
        signal.signal(stop_signal, lambda signum, frame: sys.exit(128 + signum))
    signal.alarm(OVERALL_TIMEOUT)
    try:
        server, log_path, port = start_server(binary, workdir)
        browser, devtools = start_chromium(workdir)
        base = f"http://127.0.0.1:{port}"
        check_canary(results, devtools)
        check_csp_canary(results, devtools, base, port)
        for path, expected in PAGES:
            check_page(results, devtools, base, path, expected)
        check_xss_matrix(results, devtools, base, port)
        results.equal("DevTools: every command posted without waiting for its reply succeeded", devtools.failures, [])
        stop_server(server)  # a clean shutdown flushes the whole log
        log = "".join(read_lines(log_path))
        leaking = sorted(p for p in pieces(MAGIC_TOKEN) if p in log)
        results.equal("server log: the magic-link token is never logged", leaking, [])
    except (CheckError, OSError) as error:
        results.check("browser check ran to the end", False, str(error))
        chromium_log = os.path.join(workdir, "chromium.log")
        if os.path.exists(chromium_log):
            lines = [line for line in read_lines(chromium_log) if "dbus" not in line]  # no bus here: noise
            print("chromium log (last lines):\n" + "".join(lines[-15:]), end="")
    finally:
        signal.alarm(0)
        stop_browser(browser, devtools)
        stop_server(server)
        shutil.rmtree(workdir, ignore_errors=True)
    print(f"({time.monotonic() - started:.1f} s)")
    print(f"{results.passed} passed, {results.failed} failed")
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
