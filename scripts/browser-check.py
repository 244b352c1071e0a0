#!/usr/bin/env python3
"""Loads every landing page of deeplinkd in headless Chromium and checks the rendered DOM.

Usage: scripts/browser-check.py [DEEPLINKD_BINARY]   (default .build/debug/deeplinkd; run from the repository root)

The script starts the already-built server on port 0 with the default config, reads the port from the
"serving" log line, and starts Debian's `chromium` headless. It talks to Chromium over the DevTools
protocol through `--remote-debugging-pipe`: commands go to the browser's file descriptor 3 and replies come
back on descriptor 4, as NUL-terminated JSON, so the standard library is enough (no websocket client).

Each page is loaded in a fresh tab. The check reads the parsed document back with `DOM.getDocument` and
asserts on it: the `apple-itunes-app` meta, every `a.button` with its exact `href` and text, the `h1`, that the
page's stylesheet was applied, and, on the secret magic-link page, that no piece of the token appears anywhere
in the document (text, attributes, every meta tag) nor in the server log.

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

Everything has a time limit, and the server and Chromium's whole process group are stopped at the end, also on
failure, SIGTERM or SIGHUP. Prints one line per check and ends with `N passed, M failed`; exits 1 when anything failed.
"""

import base64
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
OVERALL_TIMEOUT = 120

NOT_FOUND = {"status": 404, "h1": "Link not found", "banner": None, "buttons": []}
PAGES = [
    (
        "/c/CH-42",
        {
            "status": 200,
            "h1": "Charger CH-42",
            "banner": "app-id=1234567890, app-argument=https://links.example.com/c/CH-42",
            "buttons": [APP_STORE_BUTTON, ("button", "expchg://c/CH-42", "Open in ExpresScan")],
        },
    ),
    (
        "/u/abcd",
        {
            "status": 200,
            "h1": "Sign in with your EV card",
            "banner": "app-id=1234567890, app-argument=https://links.example.com/u/abcd",
            "buttons": [APP_STORE_BUTTON],
        },
    ),
    (
        "/m/" + MAGIC_TOKEN,
        {
            "status": 200,
            "h1": "Sign in to ExpresScan",
            "banner": "app-id=1234567890",
            "buttons": [APP_STORE_BUTTON],
            "secrets": [MAGIC_TOKEN],
            "headers": SECRET_HEADERS,
        },
    ),
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
        self.events.append(message)
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
            [binary, "serve", "--port", "0", "--config", "config/deeplinkd.yaml", "--public", "Public"],
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
    for header, fragment in {**SECURITY_HEADERS, **expected.get("headers", {})}.items():
        value = headers.get(header, "")
        yield f"{header} has {fragment}", fragment in value, repr(value)
    headings = [" ".join(text(h).split()) for h in elements(document, "h1")]
    yield equal("h1", headings, [expected["h1"]])
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
    for secret in expected.get("secrets", []):
        yield from secret_assertions(document, page.get("html", ""), secret)


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
