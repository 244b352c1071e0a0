"""The store buttons of a table with a `stores:` section, in Debian's chromium: the App Store button carries the custom
product page (`ppid`) and the campaign tokens (`ct`, `pt`, `mt=8`), the charger's own `ct` over the table's; the
Google Play button carries the canonical link as its `referrer=`, whatever path or alias the visitor came through,
and a secret route's has none; each phone gets its own store's button, a desktop both.
"""

import urllib.parse

import pytest

from browser_cases import MAGIC_TOKEN, PLAY_URL
from conftest import DEFAULT_CONFIG
from test_browser import Tab, attributes, browser_type_launch_args, elements  # noqa: F401

PPID = "45812c9b-c296-43d3-bd30-8ed2ab1d9c1c"
STORES = f"""stores:
  appStore: {{ppid: {PPID}, ct: landing, pt: "118612"}}
  routes:
    charger: {{ct: charger-sticker}}
"""
APP_STORE = "https://apps.apple.com/app/id1234567890"
AGENTS = {
    "iphone": ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
               "Version/17.4 Mobile/15E148 Safari/604.1"),
    "android": ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 "
                "Mobile Safari/537.36"),
    "desktop": ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 "
                "Safari/537.36"),
}
# path opened: (the App Store query the button must carry, the canonical link Google Play's referrer names, or None)
PAGES = {
    "/c/CH-42": (f"ppid={PPID}&ct=charger-sticker&pt=118612&mt=8", "https://links.example.com/c/CH-42"),
    "/charger/CH-42": (f"ppid={PPID}&ct=charger-sticker&pt=118612&mt=8", "https://links.example.com/c/CH-42"),
    "/c/CH-42?utm_source=x": (f"ppid={PPID}&ct=charger-sticker&pt=118612&mt=8", "https://links.example.com/c/CH-42"),
    "/u/abcd": (f"ppid={PPID}&ct=landing&pt=118612&mt=8", "https://links.example.com/u/abcd"),
    "/m/" + MAGIC_TOKEN: (f"ppid={PPID}&ct=landing&pt=118612&mt=8", None),
}


@pytest.fixture(scope="module")
def campaign_server(serve, tmp_path_factory):
    text = DEFAULT_CONFIG.read_text()
    marker = "routes:"
    assert text.count("\n" + marker) == 1
    config = tmp_path_factory.mktemp("stores") / "deeplinkd.yaml"
    config.write_text(text.replace("\n" + marker, "\n" + STORES + marker))
    return serve("--config", config, name="stores")


@pytest.fixture(scope="module")
def loads(browser, campaign_server):
    """Every page of PAGES in each browser of AGENTS: the hrefs of its store buttons."""
    found = {}
    for agent, user_agent in AGENTS.items():
        context = browser.new_context(user_agent=user_agent, viewport={"width": 390, "height": 844})
        tab = Tab(context)
        for path in PAGES:
            load = tab.open(campaign_server.base + path, settle_ms=50)
            assert load["response"].status == 200, path
            hrefs = [attributes(a).get("href", "") for a in elements(load["document"], "a")]
            found[agent, path] = [href for href in hrefs if href.startswith((APP_STORE, PLAY_URL))]
        context.close()
    return found


def expected(agent, path):
    query, canonical = PAGES[path]
    app_store = f"{APP_STORE}?{query}"
    play = PLAY_URL + ("" if canonical is None else "&referrer=" + urllib.parse.quote(canonical, safe=""))
    return {"iphone": [app_store], "android": [play], "desktop": [app_store, play]}[agent]


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("path", PAGES)
def test_the_store_buttons_carry_the_tables_campaign_and_the_link(loads, agent, path):
    assert loads[agent, path] == expected(agent, path)


def test_a_secret_token_is_in_no_store_url(loads):
    for (_, path), hrefs in loads.items():
        if path.startswith("/m/"):
            assert hrefs and not [href for href in hrefs if MAGIC_TOKEN in href]
