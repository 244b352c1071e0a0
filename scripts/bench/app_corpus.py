"""The URLs the app side parses: for each table, links that open a route (named with it) and links that open none,
as an app receives them: stickers, sign-in links, the OAuth redirect, links with a tracking query, a trailing slash
or a host in capitals, and the near misses (a value too short or too long, a character the route refuses, another
host or scheme, a path no route has, a sign-in link on the custom scheme)."""

from bench.scale import UNIVERSAL_ROUTES

DOMAIN = "https://links.example.com"
TOKEN = "Q2hhcmdlLXNpZ24taW4tdG9rZW4tZm9yLXRoZS1hcHA"  # 43 characters, as a base64url sign-in token is

DEFAULT_MATCHING = [
    ("charger", f"{DOMAIN}/c/CH-42"),
    ("charger", f"{DOMAIN}/c/B00017"),
    ("charger", f"{DOMAIN}/charger/CH-42"),
    ("charger", "expchg://c/CH-42"),
    ("charger", "https://LINKS.example.com/c/CH-42/"),
    ("charger", f"{DOMAIN}/c/CH-42?utm_source=sticker&utm_medium=qr"),
    ("charger", f"{DOMAIN}/c/CH%2D42"),
    ("magicEmailSignIn", f"{DOMAIN}/m/{TOKEN}"),
    ("userQrSignIn", f"{DOMAIN}/u/pk_8f3a9c2e"),
    ("registrationCallback", f"{DOMAIN}/auth/callback?code=SplxlOBeZQQYbYS6WxSbIA&state=af0ifjsldkj"),
    ("registrationError", f"{DOMAIN}/auth/callback?error=access_denied&error_description=The+user+said+no"
                          "&state=af0ifjsldkj"),
]

DEFAULT_NON_MATCHING = [
    f"{DOMAIN}/",
    f"{DOMAIN}/c/",
    f"{DOMAIN}/c/CH-42/extra",
    f"{DOMAIN}/c/CH.42",
    f"{DOMAIN}/c/{'A' * 65}",
    f"{DOMAIN}/m/short-token",
    f"{DOMAIN}/u/abc",
    "expchg://u/pk_8f3a9c2e",
    "https://evil.example.net/c/CH-42",
    "http://links.example.com/c/CH-42",
    f"{DOMAIN}/auth/callback",
    f"{DOMAIN}/auth/callback?code=abc%20def",
    f"{DOMAIN}/help/faq",
]


def default_table():
    """(route or None, URL) of the default table (config/deeplinkd.yaml)."""
    return DEFAULT_MATCHING + [(None, url) for url in DEFAULT_NON_MATCHING]


def scaled_link(number):
    """A URL that opens route `r{number}` of `scale.table`, in the shape and on the scope that route has."""
    universal = number < UNIVERSAL_ROUTES
    shape = number % 4
    if shape == 0:
        return (f"{DOMAIN}/r{number}/Ab{number}x" if universal else f"scale://r{number}/Ab{number}x")
    if shape == 1:
        return f"{DOMAIN}/p/{number}" if universal else f"other://p/{number}"
    if shape == 2:
        path = f"q{number}/abc/x-{number}?code=xyz"
        return f"{DOMAIN}/{path}" if universal else f"scale://{path}"
    return f"https://other.example.com/s/{number}/{number}7" if universal else f"other://s/{number}/{number}7"


def scaled_miss(number):
    """A URL near route `r{number}` that opens no route: a value it refuses, a required query missing, or a path or
    host no route has."""
    universal = number < UNIVERSAL_ROUTES
    base = DOMAIN if universal else "scale:/"
    shape = number % 4
    if shape == 0:
        return f"{base}/r{number}/has-dash"
    if shape == 1:
        return f"{base}/p/{number}/more"
    if shape == 2:
        return f"{base}/q{number}/abc/x-{number}"
    return f"https://elsewhere.example.org/s/{number}/{number}7" if universal else f"other://s/{number}/letters"


def scaled_table(size, links=40):
    """(route or None, URL) of `scale.table(size)`: `links` routes spread over the table (its first and last
    included), each with a link that opens it and one that opens none."""
    step = max(1, (size - 1) / (links - 1))
    numbers = sorted({min(size - 1, round(index * step)) for index in range(links)})
    return [(f"r{number}", scaled_link(number)) for number in numbers] + [(None, scaled_miss(number))
                                                                         for number in numbers]


def write(entries, path):
    with open(path, "w") as file:
        file.writelines(f"{route or '-'}\t{url}\n" for route, url in entries)
