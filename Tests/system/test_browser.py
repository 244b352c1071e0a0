"""Every landing page in headless Chromium (Debian's, driven by Playwright): the rendered DOM, no script run, no leaked
token, and an XSS matrix of 769 loads.

"No script ran" is checked from the outside, without running any script of ours in the page: Playwright's `console`
(console calls, and the browser log: load errors, CSP reports), `pageerror` and `dialog` events, and, through a
DevTools session (Playwright has no event for them), `Debugger.scriptParsed` in the page's own world (V8 reports every
script it compiles before it runs; Playwright's own isolated world is left out) and `Audits.issueAdded` for CSP
issues. The DOM, read with `DOM.getDocument` as the browser holds it (not re-parsed), has no `<script>`, no `on...`
attribute and no `javascript:` URL. Self-tests show each detector fires on a page that does run a script, and that
the server's own policy blocks inline script with both CSP detectors reporting it.

The matrix puts each payload of browser_cases.PAYLOADS in every position of every landing route; each load must
render its intended page, keep the clean page's markup (no element, attribute or URL injected) and pass every
detector. Chromium will not send a Host of our choosing, so for those loads the document request is routed
(`page.route`): fetched from deeplinkd with the hostile Host and fulfilled with its exact status, headers and body.
The loads run TABS tabs at a time in a module fixture; each is then its own test.
"""

import collections
import contextlib
import http.client
import re
import shutil
import urllib.parse

import pytest

import browser_cases as cases
from conftest import DEFAULT_CONFIG

LOAD_TIMEOUT_MS = 10_000
TABS = 6  # on 2 busy cores: 3.7 loads/s in 1 tab, 7.2 in 4, 9.3 in 8
CANARY_PAGE = "data:text/html,<title>canary</title><script>console.log('canary');alert('canary')</script>"
MATRIX, UNSENDABLE = cases.matrix_cases()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Debian's chromium (Playwright's own download needs the internet), as root, without a GPU."""
    return {**browser_type_launch_args, "executable_path": shutil.which("chromium") or "/usr/bin/chromium",
            "args": ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]}


def fetch_with_host(port, target, host):
    """GETs `target` from the server with `host` (bytes, no CR or LF) as the Host header: (status, headers, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.putrequest("GET", target, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", host)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.getheaders(), response.read()
    finally:
        connection.close()


class Tab:
    """A page and its DevTools session; the events of each load go to the record of the load under way."""

    def __init__(self, context):
        self.page = context.new_page()
        self.cdp = context.new_cdp_session(self.page)
        self.load = {}
        for domain in ("Debugger", "Audits", "DOM", "CSS"):
            self.cdp.send(f"{domain}.enable")
        self.page.on("console", lambda message: self.note("console", message.type, message.text,
                                                          message.location.get("url")))
        self.page.on("pageerror", lambda error: self.note("pageerror", str(error)))
        self.page.on("dialog", lambda dialog: (self.note("dialog", dialog.message), dialog.dismiss()))
        self.page.on("request", lambda request: request.resource_type != "document" and self.note(
            "request", request.url, request.headers.get("referer", "")))
        self.cdp.on("Debugger.scriptParsed", lambda event: event.get("executionContextAuxData", {}).get(
            "isDefault") and self.note("script", event.get("url", "")))
        self.cdp.on("Debugger.paused", lambda _: self.cdp.send("Debugger.resume"))
        self.cdp.on("Audits.issueAdded", lambda event: event["issue"]["code"] == "ContentSecurityPolicyIssue"
                    and self.note("csp issue", event["issue"]["details"]))

    def note(self, kind, *details):
        self.load.setdefault("events", []).append((kind, *details))

    def start(self, url, served=None):
        """Navigates to `url` until the document is committed; `served` (status, headers, body) answers it."""
        self.load = {"url": url, "events": []}
        if served:
            status, headers, body = served
            self.page.route(url, lambda route: route.fulfill(status=status, headers=dict(headers), body=body))
        self.load["response"] = self.page.goto(url, wait_until="commit", timeout=LOAD_TIMEOUT_MS)
        return self.load

    def finish(self, served):
        """After the load event: the document as the browser holds it."""
        if served:
            self.page.unroute(self.load["url"])
        self.load["document"] = self.cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
        return self.load

    def open(self, url, served=None, settle_ms=300):
        """One load with everything a page check reads: the outer HTML and the primary button's background."""
        with self.page.expect_event("load", timeout=LOAD_TIMEOUT_MS):
            self.start(url, served)
        self.page.wait_for_timeout(settle_ms)  # what the page reports after its load event
        load = self.finish(served)
        load["html"] = self.cdp.send("DOM.getOuterHTML", {"nodeId": load["document"]["nodeId"]})["outerHTML"]
        primary = find(load["document"], lambda n: n.get("localName") == "a" and "primary" in classes(n))
        if primary:
            style = self.cdp.send("CSS.getComputedStyleForNode", {"nodeId": primary[0]["nodeId"]})["computedStyle"]
            load["background"] = {p["name"]: p["value"] for p in style}.get("background-color")
        return load


@pytest.fixture(scope="module")
def tab(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    yield Tab(context)
    context.close()


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


def elements(document, local_name=None):
    return find(document, lambda n: local_name is None or n.get("localName") == local_name)


def text(node):
    return " ".join("".join(n.get("nodeValue", "") for n in walk(node) if n.get("nodeType") == 3).split())


def events(load, kind):
    return [event[1:] for event in load["events"] if event[0] == kind]


def csp_reports(load):
    """What the CSP detectors saw: Audits issues, and browser-log lines naming the policy."""
    return ([f"Audits.issueAdded: {details}" for (details,) in events(load, "csp issue")]
            + [f"console: {text_}" for _, text_, _ in events(load, "console") if "Content Security Policy" in text_])


def static_script(url):
    """The file name of a script of Public/static (`copy-link.js` for `/static/copy-link.js?v=…`), else None."""
    path = urllib.parse.urlsplit(url).path
    return path[len("/static/"):] if path.startswith("/static/") else None


def script_failures(load, allowed=()):
    """No script ran and the policy had nothing to block: every detector is silent, the DOM holds nothing that runs;
    but for the static scripts named in `allowed` (the copy button's on a page that offers "Copy link, then install"),
    each loaded from this origin by a <script src>, once."""
    response = load["response"]
    scripts = [(url,) for (url,) in events(load, "script") if static_script(url) not in allowed]
    elements_ = [n for n in elements(load["document"], "script")
                 if static_script(attributes(n).get("src", "")) not in allowed or len(attributes(n)) != 2]
    # Chromium logs a failed load for a 404 document itself; that one is expected.
    document_urls = {load["url"], response.url if response else None}
    console = [(kind, text_) for kind, text_, url in events(load, "console")
               if not (kind == "error" and text_.startswith("Failed to load resource") and url in document_urls)]
    found = {"script compiled (Debugger.scriptParsed)": scripts,
             "console message or browser-log error": console, "uncaught exception": events(load, "pageerror"),
             "dialog": events(load, "dialog"), "CSP violation": csp_reports(load),
             "<script> element": elements_[:1],
             "allowed scripts compiled, once each": (
                 [] if sorted(static_script(url) for (url,) in events(load, "script") if static_script(url) in allowed)
                 == sorted(allowed) else [events(load, "script")]),
             "event-handler attribute or javascript: URL": [
                 f"<{n['localName']} {key}>" for n in elements(load["document"]) for key, value in attributes(n).items()
                 if key.lower().startswith("on") or is_javascript_url(value)]}
    return [f"{name}: {seen!r:.300}" for name, seen in found.items() if seen]


def is_javascript_url(value):
    """Whether a browser reads `value` as a javascript: URL: the URL parser drops leading and trailing C0 controls
    and spaces, and every tab and newline (`java<TAB>script:` runs)."""
    return re.sub("[\t\n\r]", "", value.strip("".join(map(chr, range(0x21))))).lower().startswith("javascript:")


def pieces(secret, size=8):
    """The secret and every run of `size` characters in it: a partial echo is a leak too."""
    return {secret} | {secret[i:i + size] for i in range(len(secret) - size + 1)}


def content_failures(load, expected):
    """The page shows what it should: status, headers, h1, banner, buttons, stylesheet, own-origin requests, and no
    secret anywhere (document, meta tags, request URLs and Referers)."""
    document, response = load["document"], load["response"]
    headers = response.headers if response else {}
    metas = [attributes(m) for m in elements(document, "meta")]
    buttons = [(" ".join(classes(a)), attributes(a).get("href"), text(a)) for a in elements(document, "a")
               if "button" in classes(a)]
    requests = events(load, "request")
    origin = urllib.parse.urlsplit(load["url"])[:2]
    found = {
        "status": (response.status if response else None, expected["status"]),
        "h1": ([text(h) for h in elements(document, "h1")], [expected["h1"]] if expected["h1"] else []),
        "apple-itunes-app meta": ([m.get("content") for m in metas if m.get("name") == "apple-itunes-app"],
                                  [expected["banner"]] if expected["banner"] else []),
        "buttons (class, href, text)": (buttons, expected["buttons"]),
        "requests to another origin": ([url for url, _ in requests if urllib.parse.urlsplit(url)[:2] != origin
                                        and not url.startswith("data:")], []),
    }
    for header, fragment in {**expected.get("security_headers", cases.SECURITY_HEADERS),
                             **expected.get("headers", {})}.items():
        found[f"{header} has {fragment}"] = (fragment in headers.get(header, ""), True)
    if expected["buttons"] and "background" in load:
        found["stylesheet applied (primary button background)"] = (load["background"], cases.ACCENT_LIGHT)
    # A secret page's Open in the app link (to the same path on the other host) is the one place its secret may be.
    links = set(expected.get("secret_links", []))
    html = load.get("html", "")
    for link in links:
        html = html.replace(f'href="{link}"', "")
    for secret in expected.get("secrets", []):
        values = [n.get("nodeValue", "") for n in walk(document)]
        values += [value for n in elements(document) for key, value in attributes(n).items()
                   if not (n["localName"] == "a" and key == "href" and value in links)] + [html]
        found[f"{secret!r} in a meta tag"] = ([m for m in metas if any(p in v for v in m.values()
                                                                       for p in pieces(secret))], [])
        found[f"{secret!r} in the document"] = (sorted({p for p in pieces(secret) for v in values if p in v}), [])
    for secret in expected.get("request_secrets", []):
        found[f"{secret!r} in a request (URL or Referer)"] = (
            sorted({url for url, referer in requests for p in pieces(secret) if p in url or p in referer}), [])
    return [f"{name}: expected {wanted!r}, got {got!r}" for name, (got, wanted) in found.items() if got != wanted]


@pytest.fixture(scope="module")
def canary(tab):
    return tab.open(CANARY_PAGE)


@pytest.mark.parametrize("kind", ["script", "console", "dialog"])
def test_detector_fires_for_a_page_that_runs_a_script(canary, kind):
    assert events(canary, kind), canary["events"]


@pytest.fixture(scope="module")
def csp_canary(server, tab):
    """A page with inline script and an inline handler, served on the server's origin with every header of a real
    landing page (its length aside): the policy deeplinkd sends must block both, and both detectors report each."""
    status, headers, _ = fetch_with_host(server.port, cases.PAGES[0][0], b"links.example.com")
    headers = [(name, value) for name, value in headers if name.lower() != "content-length"]
    load = tab.open(server.base + cases.CSP_CANARY_PATH, served=(200, headers, cases.CSP_CANARY_BODY))
    return status, headers, load


def test_a_landing_page_sends_one_content_security_policy(csp_canary):
    status, headers, _ = csp_canary
    assert status == 200 and [name.lower() for name, _ in headers].count("content-security-policy") == 1


@pytest.mark.parametrize("detector", ["Audits.issueAdded", "console"])
def test_csp_detector_reports_the_blocked_inline_script_and_handler(csp_canary, detector):
    reports = csp_reports(csp_canary[2])
    assert len([report for report in reports if report.startswith(detector)]) >= 2, reports


def test_the_servers_policy_lets_neither_run(csp_canary):
    load = csp_canary[2]
    ran = events(load, "script") + events(load, "pageerror") + events(load, "dialog") + [
        message for message in events(load, "console") if "Content Security Policy" not in message[1]]
    assert ran == []


@pytest.fixture(scope="module")
def pages(server, tab):
    return {path: tab.open(server.base + path) for path, _ in cases.PAGES}


@pytest.mark.parametrize("path, expected", cases.PAGES, ids=[path for path, _ in cases.PAGES])
def test_page_shows_what_it_should(pages, path, expected):
    assert content_failures(pages[path], expected) == []


@pytest.mark.parametrize("path, expected", cases.PAGES, ids=[path for path, _ in cases.PAGES])
def test_page_runs_no_script_but_its_copy_button(pages, path, expected):
    assert script_failures(pages[path], expected.get("scripts", ())) == []


def test_the_matrix_has_every_route_of_the_config_with_a_landing_page():
    names, route = [], None
    for line in DEFAULT_CONFIG.read_text().splitlines():
        if match := re.match(r"\s*- name:\s*(\S+)", line):
            route = match[1]
        elif re.match(r"\s+landing:\s*\S", line):
            names.append(route)
    assert sorted(route[0] for route in cases.LANDING_ROUTES) == sorted(names)


@pytest.fixture(scope="module")
def matrix(browser, server):
    """Loads every case, TABS at a time: each tab's navigation is started, then the load events awaited."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    tabs, loads, waiting = [Tab(context) for _ in range(TABS)], {}, collections.deque(MATRIX)
    while waiting:
        batch = []
        with contextlib.ExitStack() as stack:
            for tab in tabs[:len(waiting)]:
                case = waiting.popleft()
                served = fetch_with_host(server.port, case.target, case.host) if case.host is not None else None
                stack.enter_context(tab.page.expect_event("load", timeout=LOAD_TIMEOUT_MS))
                tab.start(server.base + case.target, served)
                batch.append((tab, case, served))
        for tab, case, served in batch:
            loads[case.name] = tab.finish(served)
    tabs[0].page.wait_for_timeout(300)  # what the last pages report after their load event
    context.close()
    return loads


def skeleton(document):
    """The markup without its text: each element, its attribute names, and the value of each URL attribute."""
    return [(n["localName"], sorted((k, v if k.lower() in cases.URL_ATTRIBUTES else "")
                                    for k, v in attributes(n).items())) for n in elements(document)]


@pytest.mark.timeout(300)  # the first one waits for the whole matrix to load
@pytest.mark.parametrize("case", MATRIX, ids=[case.name for case in MATRIX])
def test_xss_matrix_load(matrix, case):
    load = matrix[case.name]
    failures = content_failures(load, case.expected) + script_failures(load, case.expected.get("scripts", ()))
    if case.baseline is not case:
        mine, clean = skeleton(load["document"]), skeleton(matrix[case.baseline.name]["document"])
        if mine != clean:
            index = next((i for i, (a, b) in enumerate(zip(mine, clean)) if a != b), min(len(mine), len(clean)))
            failures.append(f"markup differs from the clean page's at element {index}: "
                            f"{mine[index] if index < len(mine) else 'nothing'!r}")
    assert failures == [], f"payload {case.payload!r}"


def test_the_magic_link_token_is_never_logged(server, pages, matrix):
    log = server.log_text()
    assert sorted(piece for piece in pieces(cases.MAGIC_TOKEN) if piece in log) == []


# The store buttons follow the visitor's phone: the App Store's on iOS, Google Play's on Android, both elsewhere.
STORE_AGENTS = {
    "iphone-safari": ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
                      "Version/17.4 Mobile/15E148 Safari/604.1", ["Download on the App Store"]),
    "android-chrome": ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                       "Chrome/124.0.6367.82 Mobile Safari/537.36", ["Get it on Google Play"]),
    "desktop-chrome": ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
                       "Chrome/124.0.0.0 Safari/537.36", ["Download on the App Store", "Get it on Google Play"]),
}
STORE_PAGES = ["/c/CH-42", "/u/abcd", "/m/" + cases.MAGIC_TOKEN]


@pytest.fixture(scope="module")
def store_loads(browser, server):
    """Each store page in each browser, twice, the browsers interleaved (the second ask is a cached answer)."""
    contexts = {name: browser.new_context(user_agent=agent, viewport={"width": 390, "height": 844})
                for name, (agent, _) in STORE_AGENTS.items()}
    tabs = {name: Tab(context) for name, context in contexts.items()}
    loaded = {(round_, path, name): tab.open(server.base + path, settle_ms=100)
              for round_ in range(2) for path in STORE_PAGES for name, tab in tabs.items()}
    for context in contexts.values():
        context.close()
    return loaded


@pytest.mark.parametrize("round_", [0, 1])
@pytest.mark.parametrize("path", STORE_PAGES)
@pytest.mark.parametrize("agent", STORE_AGENTS)
def test_the_store_buttons_follow_the_phone(store_loads, agent, path, round_):
    load = store_loads[(round_, path, agent)]
    stores = [text(a) for a in elements(load["document"], "a") if "button" in classes(a)
              and any(host in attributes(a).get("href", "") for host in ("//apps.apple.com/", "//play.google.com/"))]
    assert stores == STORE_AGENTS[agent][1]
    assert load["response"].headers.get("vary") == "User-Agent"


@pytest.mark.parametrize("round_", [0, 1])
@pytest.mark.parametrize("agent", STORE_AGENTS)
def test_the_copy_button_is_offered_but_on_android(store_loads, agent, round_):
    """Android's install carries the link in Google Play's referrer and its app has no paste helper: no section, no
    script, no script-src there; the iPhone and the desktop get all three."""
    load = store_loads[(round_, "/c/CH-42", agent)]
    offers = agent != "android-chrome"
    buttons = [text(b) for b in elements(load["document"], "button")]
    assert (buttons == ["Copy link, then install"]) == offers
    assert ("data-copy-link" in load["html"]) == offers
    policy = load["response"].headers.get("content-security-policy", "")
    assert ("script-src 'self'" if offers else "script-src 'none'") in policy
    assert script_failures(load, [cases.COPY_LINK_SCRIPT] if offers else []) == []
