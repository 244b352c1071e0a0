"""deeplinkd's resolver against a WHATWG URL parser (ada, as browsers read URLs) on a corpus of tricky URLs.

The rule under test: where browsers, RFC 3986 and Foundation read a URL differently, deeplinkd refuses it
(`malformedURL`) rather than picking one reading. So whenever deeplinkd says `matched`, a browser must read the
same URL on the same scheme and configured host, and the URL the browser would actually open (its serialisation,
with dot segments removed and backslashes turned into slashes) must resolve to the same route and parameters.
"""

import ada_url
import pytest

from url_corpus import DOMAIN, corpus

BATCH = 1000  # POST /resolve takes at most 1000 URLs a request


def resolve_all(server, urls):
    results = []
    for start in range(0, len(urls), BATCH):
        status, answer = server.post_json("/resolve", {"urls": urls[start:start + BATCH]})
        assert status == 200, answer
        results += answer["results"]
    assert len(results) == len(urls)
    return results


def summary(result):
    return (result["route"], result["channel"], sorted(result["params"].items()))


@pytest.fixture(scope="module")
def readings(server):
    """(url, deeplinkd's result, the WHATWG reading or None) for every URL of the corpus."""
    urls = corpus()
    results = resolve_all(server, urls)
    return [(url, result, ada_url.URL(url) if ada_url.URL.can_parse(url) else None) for url, result in zip(urls, results)]


def test_the_corpus_is_large_and_both_readers_match_part_of_it(readings):
    assert len(readings) >= 2000
    matched = sum(1 for _, result, _ in readings if result["matched"])
    parsed = sum(1 for _, _, whatwg in readings if whatwg is not None)
    assert matched >= 400, f"only {matched} of {len(readings)} URLs matched: the corpus no longer exercises matching"
    assert parsed >= len(readings) // 2
    print(f"{len(readings)} URLs compared; deeplinkd matched {matched}; the WHATWG parser parsed {parsed}")


def test_a_matched_url_is_on_the_same_scheme_and_host_for_a_browser(readings):
    disagreements = []
    for url, result, whatwg in readings:
        if not result["matched"]:
            continue
        if whatwg is None:
            disagreements.append(f"{url!r}: deeplinkd matched {result['route']}, browsers cannot parse it")
        elif result["channel"] == "universal" and (whatwg.protocol != "https:" or whatwg.hostname != DOMAIN):
            disagreements.append(f"{url!r}: deeplinkd matched on {DOMAIN}, a browser opens {whatwg.protocol}//{whatwg.hostname}")
        elif result["channel"] == "app" and whatwg.protocol != "expchg:":
            disagreements.append(f"{url!r}: deeplinkd matched on expchg:, a browser reads {whatwg.protocol}")
    assert not disagreements, f"{len(disagreements)} disagreements, first ones:\n" + "\n".join(disagreements[:20])


def test_the_url_a_browser_opens_resolves_to_the_same_route_and_parameters(server, readings):
    matched = [(url, result, whatwg.href) for url, result, whatwg in readings if result["matched"] and whatwg is not None]
    opened = resolve_all(server, [href for _, _, href in matched])
    disagreements = []
    for (url, result, href), reopened in zip(matched, opened):
        if not reopened["matched"]:
            disagreements.append(f"{url!r} matched {result['route']}; a browser opens {href!r}: {reopened['reason']}")
        elif summary(reopened) != summary(result):
            disagreements.append(f"{url!r} matched {summary(result)}; a browser opens {href!r}: {summary(reopened)}")
    assert not disagreements, f"{len(disagreements)} disagreements, first ones:\n" + "\n".join(disagreements[:20])


@pytest.mark.parametrize("url", [
    f"https://evil.com\\@{DOMAIN}/c/1", f"https://\\evil.com\\@{DOMAIN}/c/1", f"https://evil.com\\\\@{DOMAIN}/c/1",
    f"https://{DOMAIN}:65536/c/1", f"https://{DOMAIN}/x/../c/1", f"https://{DOMAIN}/c/%2e%2e",
])
def test_the_reported_host_confusions_are_malformed(server, url):
    status, answer = server.post_json("/resolve", {"urls": [url]})
    assert status == 200
    result = answer["results"][0]
    assert result["matched"] is False and result["reason"] == "malformedURL", result


def test_every_url_with_a_backslash_or_a_port_over_65535_is_malformed(readings):
    big_port = (f"://{DOMAIN}:65536", f"://{DOMAIN}:9999999", "://c:99999")
    wrong = [url for url, result, _ in readings
             if ("\\" in url or any(port in url for port in big_port)) and result.get("reason") != "malformedURL"]
    assert not wrong, wrong[:20]
