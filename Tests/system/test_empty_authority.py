"""An empty authority after a special scheme (`http:///c/1`, `https:///c/CH-42`) is `malformedURL` wherever a URL is
resolved: `GET /resolve`, `POST /resolve` and `deeplinkd resolve`, for every special scheme in any case and every way
of leaving the authority empty. Browsers skip the slashes and open the path's first segment as the host, so
deeplinkd must not read such a URL as another one. A custom scheme's empty authority (`expchg:///c/CH-42`) is an
empty host for browsers too, and stays the path's start."""

import json
import subprocess
import urllib.parse

import pytest

from conftest import DEFAULT_CONFIG, ROOT
from rawhttp import fetch

SCHEMES = ["https", "HTTPS", "http", "HTTP", "Http", "wss", "ftp"]
EMPTY_AUTHORITIES = ["/c/1", "/c/CH-42", "//links.example.com/c/CH-42", "/", "", "?c/1", "#c/1"]
URLS = [scheme + "://" + rest for scheme in SCHEMES for rest in EMPTY_AUTHORITIES]
KEPT = {"expchg:///c/CH-42": "charger", "https://links.example.com/c/CH-42": "charger"}
MALFORMED = {"matched": False, "reason": "malformedURL", "detail": "URL has an invalid host"}


def verdict(result):
    return {key: result.get(key) for key in ("matched", "reason", "detail")}


@pytest.fixture(scope="module")
def by_get(server):
    results = {}
    for url in [*URLS, *KEPT]:
        response, exchange = fetch(server.port, "/resolve?url=" + urllib.parse.quote(url, safe=""))
        assert response is not None and response.status == 200, exchange.describe()
        results[url] = json.loads(response.body)
    return results


@pytest.fixture(scope="module")
def by_post(server):
    status, answer = server.post_json("/resolve", {"urls": [*URLS, *KEPT]})
    assert status == 200, answer
    return {result["url"]: result for result in answer["results"]}


@pytest.fixture(scope="module")
def by_cli(binary):
    output = subprocess.run([str(binary), "resolve", "--config", str(DEFAULT_CONFIG), *URLS, *KEPT], cwd=ROOT,
                            check=True, capture_output=True, text=True).stdout
    return {result["url"]: result for result in map(json.loads, output.splitlines())}


@pytest.mark.parametrize("endpoint", ["by_get", "by_post", "by_cli"])
@pytest.mark.parametrize("url", URLS)
def test_an_empty_authority_after_a_special_scheme_is_malformed(request, endpoint, url):
    assert verdict(request.getfixturevalue(endpoint)[url]) == MALFORMED


@pytest.mark.parametrize("endpoint", ["by_get", "by_post", "by_cli"])
@pytest.mark.parametrize("url, route", KEPT.items())
def test_a_custom_scheme_s_empty_authority_and_a_real_host_still_match(request, endpoint, url, route):
    result = request.getfixturevalue(endpoint)[url]
    assert result["matched"] is True and result["route"] == route, result
