"""Every page of landing_pages.py (each landing page, each error page, each screenshot state, in every browser of
agents.txt) carries Open Graph and Twitter Card metadata a link preview reads back (extruct, and the same parse for
the Twitter Card and canonical link), complete for a landing page, with the page's canonical link where the page is
not secret, and nothing from a secret link's URL anywhere in it. A self-test shows the check catches a token put in
`og:url` and a canonical link taken out.
"""

import collections
import json
import urllib.parse

import extruct
import pytest
from extruct.utils import parse_html

import landing_pages as lp
from test_browser import pieces

TWITTER_CARDS = {"summary", "summary_large_image", "app", "player"}


@pytest.fixture(scope="module")
def pages(binary, serve):
    return lp.serve_pages(binary, serve)


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
    """What an unfurler would get wrong or learn that it should not: a line each, with what was expected and found."""
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


@pytest.mark.parametrize("visit", lp.VISITS, ids=lp.IDS)
def test_the_unfurl_metadata_is_complete_and_tells_no_secret(pages, visit):
    failures = unfurl_failures(pages[visit.id], lp.table_document(visit.table))
    assert not failures, "\n".join(failures)


def test_the_unfurl_check_catches_a_token_and_a_missing_canonical_link(pages):
    """The magic-link page with its token put in og:url, and the charger page without its canonical link."""
    secret = next(p for p in pages.values() if p["visit"].name == "magicEmailSignIn" and p["visit"].agent == "desktop")
    token = secret["resolved"]["params"]["token"]
    tag = f'<meta property="og:url" content="https://links.example.com/m/{token}">'
    leaked = secret["body"].replace(b"</head>", tag.encode() + b"</head>")
    failures = unfurl_failures({**secret, "body": leaked}, lp.table_document(lp.DEFAULT_CONFIG))
    assert any(f.startswith("og:url") for f in failures) and any("secret link" in f for f in failures), failures
    charger = next(p for p in pages.values() if p["visit"].name == "charger" and p["visit"].agent == "desktop")
    stripped = b"\n".join(line for line in charger["body"].split(b"\n") if b'rel="canonical"' not in line)
    failures = unfurl_failures({**charger, "body": stripped}, lp.table_document(lp.DEFAULT_CONFIG))
    assert [f for f in failures if f.startswith("canonical link:")], failures
