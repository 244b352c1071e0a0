"""A deterministic corpus of URLs where readers of URLs are known to disagree, built around the default table's
domain (links.example.com), scheme (expchg) and link shapes.

Every URL is a scheme, a separator, an authority and a path, each drawn from a list of the tricky cases of its part:
user info and `@`, backslashes, ports, IPv6 and IPv4 literals, percent-encoded delimiters, tabs and newlines, IDN
and confusable characters, dot segments and encoded dots.
"""

import itertools

DOMAIN = "links.example.com"
TOKEN = "abcdefghijklmnop_-12"

SCHEMES = ["https", "HTTPS", "expchg", "EXPCHG", "http"]

SEPARATORS = ["://", ":/", ":", ":///", ":\\\\", ":/\\", "://\\", ":\\/"]

AUTHORITIES = [
    DOMAIN, "LINKS.Example.COM", f"user@{DOMAIN}", f"user:pass@{DOMAIN}", f"evil.com@{DOMAIN}", f"{DOMAIN}@evil.com",
    f"evil.com\\@{DOMAIN}", f"\\evil.com\\@{DOMAIN}", f"evil.com\\\\@{DOMAIN}", f"evil.com%5C@{DOMAIN}",
    f"evil.com%2F@{DOMAIN}", f"evil.com%40{DOMAIN}", f"evil.com%23@{DOMAIN}", f"evil.com#@{DOMAIN}", f"evil.com?@{DOMAIN}",
    f"evil.com/@{DOMAIN}", f"{DOMAIN}#@evil.com", f"{DOMAIN}?@evil.com", f"{DOMAIN}:443@evil.com", f"evil.com:@{DOMAIN}",
    f"{DOMAIN}:443", f"{DOMAIN}:0443", f"{DOMAIN}:65535", f"{DOMAIN}:65536", f"{DOMAIN}:99999999999999999999",
    f"{DOMAIN}:", f"{DOMAIN}:0x1bb", f"{DOMAIN}:-1", f"{DOMAIN}:443:443", f"{DOMAIN}.", f"{DOMAIN}..",
    "links%2Eexample.com", "links%2eexample.com", "%6Cinks.example.com", f"{DOMAIN}%00", f"{DOMAIN}%2F", "links.exam\tple.com",
    f"{DOMAIN}\n", f" {DOMAIN}", "lin\u212As.example.com", "\uff4cinks.example.com", "links\uff0eexample.com",
    "links\u3002example.com", "xn--links-example.com", "l\u0131nks.example.com", "LİNKS.example.com", "[::1]", "[::1]:443",
    "[::ffff:127.0.0.1]", "127.0.0.1", "0x7f.1", "[" + DOMAIN + "]", "", "@", ":443", "c", "C", "u", "m", "auth", "user@c",
    "c:80", "c:99999", ".", "..", "%2e", "%63", "c%2F1", "c\\", "evil.com\\@c",
]

PATHS = [
    "/c/1", "/c/CH-42", "/c/1/", "//c//1", "/c/1?x=1", "/c/1#frag", "/c/1?#", "/c/%31", "/%63/1", "/C/1", "/c/1/2",
    "/c/..", "/c/.", "/x/../c/1", "/./c/1", "/c/1/..", "/c/%2e%2e", "/c/%2E", "/c/.%2e", "/c/...", "/c\\1", "\\c\\1",
    "/c/1\\", "/c/1%5C", "/c/1%2F2", "/c/1%00", "/c/1%09", "/c/1\t", "/c/1\n", "/c/1 2", "/c/é", "/c/%C3%A9", "/c/%FF",
    "/c/%", "/c/1;x", "/1", "/CH-42", f"/m/{TOKEN}", f"/u/abcd", "/auth/callback?code=x", "/auth/callback?code=a\\b",
    "/callback?code=x", "/auth%2Fcallback?code=x", "/auth/callback/?code=x&code=y", "", "?c/1", "#/c/1",
]


def corpus():
    """Every combination, in a fixed order, without repeats."""
    seen = set()
    urls = []
    for scheme, separator, authority, path in itertools.product(SCHEMES, SEPARATORS, AUTHORITIES, PATHS):
        url = scheme + separator + authority + path
        if url not in seen:
            seen.add(url)
            urls.append(url)
    return urls
