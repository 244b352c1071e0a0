"""The landing pages' ways into the app that need no link from elsewhere, in Debian's chromium through Playwright.

Open in ExpresScan (`openInAppDomain`): the sign-in pages, Universal-only, link to the same path on the other host of
the table (a tap on a link to the page's own host stays in Safari), from either host; the charger page, which has the
app scheme, links there instead. Copy link, then install (`copyLink: true`): only the charger page has the button and
runs a script, its own; a tap (and only a tap) puts the canonical link on the clipboard; without JavaScript the link
is still shown, selectable, and the button stays hidden.
"""

import pytest

import browser_cases as cases
from test_browser import Tab, attributes, browser_type_launch_args, classes, elements, fetch_with_host, script_failures, text  # noqa: F401

OPEN_IN_APP = "Open in ExpresScan"
CHARGER_LINK = "https://links.example.com/c/CH-42"


def open_buttons(load):
    return [attributes(a).get("href") for a in elements(load["document"], "a") if "button" in classes(a) and text(a) == OPEN_IN_APP]


@pytest.fixture(scope="module")
def tab(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    yield Tab(context)
    context.close()


@pytest.mark.parametrize("path", ["/u/abcd", "/m/" + cases.MAGIC_TOKEN])
@pytest.mark.parametrize("host, origin", [(None, "https://open.links.example.com"),
                                          (b"links.example.com", "https://open.links.example.com"),
                                          (b"open.links.example.com", "https://links.example.com")])
def test_a_sign_in_page_opens_the_app_through_the_other_host(server, tab, path, host, origin):
    served = fetch_with_host(server.port, path, host) if host else None
    load = tab.open(server.base + path, served=served, settle_ms=50)
    assert load["response"].status == 200
    assert open_buttons(load) == [origin + path]
    headers = dict((name.lower(), value) for name, value in served[1]) if served else load["response"].headers
    if path.startswith("/m/"):  # the secret page, on both hosts
        assert headers["cache-control"] == "no-store" and headers["referrer-policy"] == "no-referrer"
    assert script_failures(load) == []


def test_the_charger_page_opens_the_app_by_its_scheme_not_the_other_host(server, tab):
    load = tab.open(server.base + "/c/CH-42", settle_ms=50)
    assert open_buttons(load) == ["expchg://c/CH-42"]


@pytest.fixture(scope="module")
def clipboard_tab(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, permissions=["clipboard-read", "clipboard-write"])
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("path", ["/c/CH-42", "/charger/CH-42?utm_source=sticker"])
def test_the_copy_button_puts_the_canonical_link_on_the_clipboard_when_tapped(server, clipboard_tab, path):
    page = clipboard_tab
    page.goto(server.base + path)
    page.evaluate("navigator.clipboard.writeText('before')")
    button = page.get_by_role("button", name="Copy link, then install")
    button.wait_for(state="visible")
    assert page.evaluate("navigator.clipboard.readText()") == "before"  # nothing is copied until the tap
    button.click()
    page.get_by_role("status").filter(has_text="Copied.").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == CHARGER_LINK
    assert page.get_by_role("status").inner_text() == "Copied. Now install ExpresScan and open it."


@pytest.mark.parametrize("path", ["/c/CH-42", "/charger/CH-42"])
def test_the_copy_button_is_before_the_app_store_button_and_its_script_is_the_only_one(server, tab, path):
    load = tab.open(server.base + path, settle_ms=100)
    assert script_failures(load, [cases.COPY_LINK_SCRIPT]) == []
    html = load["html"]
    assert html.index("Copy link, then install") < html.index("Download on the App Store")


@pytest.mark.parametrize("path", ["/u/abcd", "/m/" + cases.MAGIC_TOKEN, "/nothing"])
def test_no_other_page_has_the_copy_button_or_a_script(server, tab, path):
    load = tab.open(server.base + path, settle_ms=50)
    assert elements(load["document"], "button") == [] and "data-copy-link" not in load["html"]
    assert script_failures(load) == []


def test_without_javascript_the_link_is_shown_selectable_and_the_button_stays_hidden(browser, server):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(server.base + "/c/CH-42")
        assert page.locator(".copy-link code").inner_text() == CHARGER_LINK
        assert page.locator(".copy-link code").is_visible()
        assert not page.get_by_role("button", name="Copy link, then install").is_visible()
    finally:
        context.close()
