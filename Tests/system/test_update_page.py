"""A route that needs a newer app (`minAppVersion`): `/resolve` and `deeplinkd resolve` answer `update` to an older
app, and the route's landing page, in Debian's chromium with an iPhone Safari User-Agent, says which version the link
needs with the App Store's Update button; the other routes' pages say nothing of versions.
"""

import json
import subprocess
import urllib.error
import urllib.parse
import urllib.request

import pytest

from browser_cases import COPY_LINK_SCRIPT, MAGIC_TOKEN
from conftest import DEFAULT_CONFIG
from test_browser import Tab, attributes, browser_type_launch_args, classes, elements, script_failures, text  # noqa: F401

IPHONE_SAFARI = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
                 "Version/17.4 Mobile/15E148 Safari/604.1")
APP_STORE = "https://apps.apple.com/app/id1234567890?mt=8"
NOTICE = ["This link needs ExpresScan 2.3 or later. If ExpresScan is installed but older, update it, then open the link "
          "again.", "Update on the App Store"]
VERSION_ERROR = ("appVersion '2.x' is not an app version (use 1 to 3 dot-separated whole numbers of at most 9 digits: "
                 "2, 2.3, 2.3.1)")


@pytest.fixture(scope="module")
def config(tmp_path_factory):
    """The default table with the charger needing version 2.3 and the QR sign-in (gated, held while launching) 3."""
    text_ = DEFAULT_CONFIG.read_text()
    for landing, version in [("charger", "2.3"), ("qrSignIn", "3")]:
        marker = f"    landing: {landing}\n"
        assert text_.count(marker) == 1
        text_ = text_.replace(marker, marker + f'    minAppVersion: "{version}"\n')
    path = tmp_path_factory.mktemp("update") / "deeplinkd.yaml"
    path.write_text(text_)
    return path


@pytest.fixture(scope="module")
def update_server(serve, config):
    return serve("--config", config, name="update")


def get_json(server, query):
    try:
        with urllib.request.urlopen(f"{server.base}/resolve?{urllib.parse.urlencode(query)}", timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.mark.parametrize("version, action", [("2.2.9", "update"), ("2", "update"), ("2.3", "dispatch"), ("2.3.0", "dispatch"),
                                             ("10.0", "dispatch")])
def test_resolve_answers_update_to_an_older_app(update_server, version, action):
    status, body = get_json(update_server, {"url": "https://links.example.com/c/CH-42", "state": "ready",
                                            "appVersion": version})
    assert status == 200 and body["action"] == action
    assert body.get("minAppVersion") == ("2.3" if action == "update" else None)


@pytest.mark.parametrize("state, version, action", [("ready", "2.9", "update"), ("launching", "2.9", "update"),
                                                    ("welcome", "2.9", "update"), ("ready", "3", "ignore"),
                                                    ("launching", "3", "wait"), ("welcome", "3.0.0", "dispatch")])
def test_update_comes_before_the_gate_and_the_wait(update_server, state, version, action):
    _, body = get_json(update_server, {"url": "https://links.example.com/u/abcd", "state": state, "appVersion": version})
    assert body["action"] == action


def test_a_malformed_app_version_is_a_400(update_server):
    assert get_json(update_server, {"url": "https://links.example.com/c/CH-42", "appVersion": "2.x"}) == (
        400, {"error": VERSION_ERROR})


def test_the_command_answers_as_the_server(binary, config):
    result = subprocess.run([str(binary), "resolve", "--config", str(config), "--app-version", "2.2", "--state", "ready",
                             "https://links.example.com/c/CH-42"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["action"] == "update" and json.loads(result.stdout)["minAppVersion"] == "2.3"
    refused = subprocess.run([str(binary), "resolve", "--config", str(config), "--app-version", "2.x",
                              "https://links.example.com/c/CH-42"], capture_output=True, text=True, timeout=60)
    assert refused.returncode == 64 and "Error: --app-version " + VERSION_ERROR.removeprefix("appVersion ") in refused.stderr


@pytest.fixture(scope="module")
def iphone_loads(browser, update_server):
    context = browser.new_context(user_agent=IPHONE_SAFARI, viewport={"width": 390, "height": 844})
    tab = Tab(context)
    loaded = {path: tab.open(update_server.base + path, settle_ms=100) for path in ["/c/CH-42", "/u/abcd", "/m/" + MAGIC_TOKEN]}
    context.close()
    return loaded


def notices(load):
    return [[text(p) for p in elements(aside, "p")] for aside in elements(load["document"], "aside") if "update" in classes(aside)]


def test_the_page_of_a_route_with_a_minimum_says_so_with_the_app_store_button(iphone_loads):
    load = iphone_loads["/c/CH-42"]
    assert notices(load) == [NOTICE]
    update = [attributes(a).get("href") for a in elements(load["document"], "a") if text(a) == "Update on the App Store"]
    assert update == [APP_STORE]
    assert not [a for a in elements(load["document"], "a") if "play.google.com" in attributes(a).get("href", "")]
    # The charger offers "Copy link, then install": its page loads that one script, and no other runs.
    assert script_failures(load, [COPY_LINK_SCRIPT]) == []


def test_each_page_names_its_own_routes_minimum(iphone_loads):
    assert notices(iphone_loads["/u/abcd"]) == [[NOTICE[0].replace("2.3", "3"), NOTICE[1]]]


def test_the_page_of_a_route_without_a_minimum_says_nothing_of_versions(iphone_loads):
    load = iphone_loads["/m/" + MAGIC_TOKEN]
    assert notices(load) == [] and "or later" not in load["html"] and "Update on" not in load["html"]
    assert script_failures(load) == []
