"""Every page of landing_pages.py (each landing page, each error page, each screenshot state, in every browser of
agents.txt) passes axe-core's WCAG 2.1 A and AA rules, and 2.2 AA's and its best practices (landmarks, headings,
target sizes), in Debian's chromium on a desktop (1280x800) and a phone (390x844, mobile, touch), light and dark.

The browser asks for each page itself, with the visit's User-Agent; a page whose bytes were already checked on the
same device is not checked again (the verdict is a function of the bytes and the device). Self-tests show axe fails
a page built to fail it, under the headers (and Content-Security-Policy) of a real landing page, and in dark only
where only the dark scheme fails.
"""

import collections

import pytest
from axe_playwright_python.sync_playwright import Axe

import landing_pages as lp
from test_browser import browser_type_launch_args  # noqa: F401

DEVICES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
SCHEMES = ["light", "dark"]
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa",
                                                     "best-practice"]},
               "resultTypes": ["violations"]}
# Built to fail: no lang, an image without alt, a link without a name, and text whose contrast fails only in dark mode.
CANARY_PATH = "/axe-canary"
CANARY_BODY = (b'<!DOCTYPE html><html><head><meta charset="utf-8"><title>axe canary</title>'
               b'<link rel="stylesheet" href="/axe-canary.css"></head><body><main><h1>Canary</h1>'
               b'<img src="/static/icon.svg"><a href="/x"></a><p class="dim">Dim in the dark</p></main></body></html>')
CANARY_CSS = (b"body { background: #fff; color: #000; } .dim { color: #222; }\n"
              b"@media (prefers-color-scheme: dark) { body { background: #000; } }")


@pytest.fixture(scope="module")
def pages(binary, serve):
    return lp.serve_pages(binary, serve)


def axe_violations(axe, page):
    """axe's violations on the page as loaded, one line per rule and node: rule id, impact, target, what fails."""
    lines = []
    for violation in axe.run(page, options=AXE_OPTIONS).response["violations"]:
        for node in violation["nodes"]:
            summary = " ".join(node.get("failureSummary", violation["help"]).split())
            lines.append(f"{violation['id']} ({violation['impact']}): {' '.join(map(str, node['target']))}: "
                         f"{summary:.400}")
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
    for visit in lp.VISITS:
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
@pytest.mark.parametrize("visit", lp.VISITS, ids=lp.IDS)
def test_axe_finds_no_violation(accessibility, visit, device, scheme):
    violations = accessibility[(visit.id, device, scheme)]
    assert not violations, "axe's violations:\n" + "\n".join(violations)


@pytest.fixture(scope="module")
def canary(browser, pages):
    """The canary page in chromium under a real landing page's headers: axe's rule ids, light and dark."""
    real = next(page for page in pages.values()
                if page["status"] == 200 and "script-src 'none'" in page["headers"]["content-security-policy"])
    headers = {name: value for name, value in real["headers"].items() if name != "content-length"}
    context = browser.new_context(**DEVICES["phone"])
    tab = context.new_page()
    base = real["server"].base
    tab.route(base + CANARY_PATH, lambda route: route.fulfill(status=200, headers=headers, body=CANARY_BODY))
    tab.route(base + "/axe-canary.css", lambda route: route.fulfill(
        status=200, headers={"content-type": "text/css"}, body=CANARY_CSS))
    tab.goto(base + CANARY_PATH, wait_until="load")
    found = {}
    for scheme in SCHEMES:
        tab.emulate_media(color_scheme=scheme)
        found[scheme] = [line.split(" ", 1)[0] for line in axe_violations(Axe(), tab)]
    context.close()
    return headers, found


def test_axe_runs_under_the_landing_pages_content_security_policy(canary):
    headers, found = canary
    assert "script-src 'none'" in headers["content-security-policy"]
    assert {"html-has-lang", "image-alt", "link-name"} <= set(found["light"]), found


def test_axe_sees_the_dark_scheme(canary):
    _, found = canary
    assert "color-contrast" not in found["light"] and "color-contrast" in found["dark"], found
