"""Landing pages in in-app browsers: Debian's chromium through Playwright, each context with the User-Agent of an
in-app browser or of an ordinary one. The way out of an in-app browser is on every landing page it loads and nowhere
else (`x-safari-https://` to the same page on iOS, an `intent://` link to the Android app falling back to the page on
Android), in plain words; no script runs; every landing page says `Vary: User-Agent`; the pages are loaded in rounds
with the browsers interleaved, so answers the server caches from a page's second ask are never served to another
browser class; a secret page shows its token only in the link out, which no load follows and no request carries.
"""

import urllib.parse

import pytest

import browser_cases as cases
from test_browser import Tab, attributes, browser_type_launch_args, classes, content_failures, elements, script_failures, text  # noqa: F401

IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"
ANDROID = ("Mozilla/5.0 (Linux; Android 14; SM-S911B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) "
           "Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36")
# name: (User-Agent, the in-app browser's name or None, its platform)
BROWSERS = {
    "safari": (IPHONE.replace("Mobile/15E148", "Version/17.0 Mobile/15E148 Safari/604.1"), None, None),
    "chrome-android": (ANDROID.replace("; wv", "").replace("Version/4.0 ", ""), None, None),
    "instagram-ios": (IPHONE + " Instagram 305.0.0.24.109 (iPhone14,5; iOS 17_0; en_US; en; scale=3.00)", "Instagram", "ios"),
    "facebook-android": (ANDROID + " [FB_IAB/FB4A;FBAV/442.0.0.35.110;]", "Facebook", "android"),
    "tiktok-ios": (IPHONE + " musical_ly_32.5.0 JsSdk/2.0 NetType/WIFI", "TikTok", "ios"),
    "line-android": (ANDROID + " Line/13.1.0", "LINE", "android"),
}
# target: (what the page shows in an ordinary browser, its canonical path)
PAGES = {
    "/c/CH-42": (cases.CHARGER, "/c/CH-42"),
    "/charger/CH-42": (cases.CHARGER, "/c/CH-42"),
    "/m/" + cases.MAGIC_TOKEN: (cases.MAGIC_LINK, "/m/" + cases.MAGIC_TOKEN),
}
ROUNDS = 2  # a page is cached from its second ask: the second round is served from the answer cache
ANDROID_PACKAGE = "com.polarisexpress.expresscan"  # the first app of config/deeplinkd.yaml's android:


def escape_button(name, platform, canonical):
    """The button out of the in-app browser `name` on `platform`, to the page whose canonical path is `canonical`."""
    url = "https://links.example.com" + canonical
    if platform == "ios":
        href = "x-safari-" + url
    else:
        href = (f"intent://links.example.com{canonical}#Intent;scheme=https;package={ANDROID_PACKAGE};"
                f"S.browser_fallback_url={urllib.parse.quote(url, safe='')};end")
    return ("button primary", href, f"Open outside {name}")


def store_buttons(agent, buttons):
    """`buttons` as the phone of the browser named `agent` shows them: the App Store's on iOS, Google Play's on
    Android (every browser here is on one or the other)."""
    phone_store = "apps.apple.com" if "iPhone" in BROWSERS[agent][0] else "play.google.com"
    return [button for button in buttons if "://" + phone_store in button[1] or "apps.apple.com" not in button[1]
            and "play.google.com" not in button[1]]


def expected_page(agent, target):
    """What `target` shows in the browser named `agent`: the ordinary page with its phone's store button, with the way out
    first in an in-app browser; a secret page's token is then checked apart
    (`test_a_secret_token_is_only_in_the_link_out`)."""
    page, canonical = PAGES[target]
    _, name, platform = BROWSERS[agent]
    expected = {**page, "headers": {**page.get("headers", {}), "vary": "User-Agent"},
                "buttons": store_buttons(agent, page["buttons"])}
    if "Android" in BROWSERS[agent][0] and cases.COPY_LINK_SCRIPT in page.get("scripts", ()):
        # Android's install carries the link in Google Play's referrer: no copy button, so no script at all.
        expected["security_headers"] = {**page["security_headers"], "content-security-policy": "script-src 'none'"}
        expected["scripts"] = []
    if name:
        # An in-app browser opens no Universal Link: its page has the way out instead of the Open in the app button.
        others = [button for button in expected["buttons"] if not button[1].startswith(cases.OPEN_IN_APP_ORIGIN)]
        expected["buttons"] = [escape_button(name, platform, canonical)] + others
        expected.pop("secrets", None)
    return expected


@pytest.fixture(scope="module")
def loads(browser, server):
    """Every page in every browser, ROUNDS times, the browsers interleaved within each round."""
    contexts = {name: browser.new_context(user_agent=agent, viewport={"width": 390, "height": 844})
                for name, (agent, _, _) in BROWSERS.items()}
    tabs = {name: Tab(context) for name, context in contexts.items()}
    loaded = {}
    for round_ in range(ROUNDS):
        for target in PAGES:
            for name, tab in tabs.items():
                loaded[(round_, target, name)] = tab.open(server.base + target, settle_ms=100)
    for context in contexts.values():
        context.close()
    return loaded


CASES = [(round_, target, name) for round_ in range(ROUNDS) for target in PAGES for name in BROWSERS]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("case", CASES, ids=[f"{name}-{target}-round{round_}" for round_, target, name in CASES])
def test_each_browser_gets_its_own_page(loads, case):
    _, target, agent = case
    load = loads[case]
    expected = expected_page(agent, target)
    assert content_failures(load, expected) + script_failures(load, expected.get("scripts", ())) == []


@pytest.mark.parametrize("agent", BROWSERS)  # not "browser": pytest-playwright's fixture has that name
def test_the_way_out_is_said_in_plain_words_only_in_an_in_app_browser(loads, agent):
    _, name, _ = BROWSERS[agent]
    asides = [[text(p) for p in elements(aside, "p")] for aside in elements(loads[(0, "/c/CH-42", agent)]["document"], "aside")
              if "escape" in classes(aside)]
    expected = ([[f"You are in {name}'s browser. It cannot open apps, so ExpresScan cannot open this link from here.",
                  f"Open outside {name}"]] if name else [])
    assert asides == expected


@pytest.mark.parametrize("agent", [name for name, (_, app, _) in BROWSERS.items() if app])
def test_a_secret_token_is_only_in_the_link_out(loads, agent):
    load = loads[(1, "/m/" + cases.MAGIC_TOKEN, agent)]
    holders = [(n["localName"], key) for n in elements(load["document"]) for key, value in attributes(n).items()
               if cases.MAGIC_TOKEN in value]
    texts = [n.get("nodeValue", "") for n in elements(load["document"]) if cases.MAGIC_TOKEN in n.get("nodeValue", "")]
    assert holders == [("a", "href")] and texts == []
    assert load["response"].url.endswith("/m/" + cases.MAGIC_TOKEN)  # nothing followed the link
