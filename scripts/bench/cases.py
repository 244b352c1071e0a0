"""What the end-to-end comparison asks each server for: the cases, their wrk scripts and their targets."""

import os
import re

from bench import WRK_SCRIPTS

AASA_PATH = "/.well-known/apple-app-site-association"
LANDING_PATH = "/c/CH-42"
# The landing-many case rotates over this many distinct charger pages (wrk/landing-many.lua).
LANDING_IDS = 5000
# The resolve-many case gives each of the mix's four kinds of URL this many distinct ids (wrk/resolve-many.lua).
RESOLVE_IDS = 5000


# The plain-HTTP cases' servers: deeplinkd, nginx (the reference) and libmicrohttpd alone (bench/mhd-alone.c: the
# library deeplinkd is built on, answering the same bytes with nothing else to do: the library's share of a request).
PLAIN_SERVERS = ("deeplinkd", "nginx", "libmicrohttpd")


class Case:
    """One kind of request: its title in the report, the path wrk is given, the wrk script that sends it, and the
    target: deeplinkd's requests/s at least `target` times nginx's (pinned, one core each)."""

    def __init__(self, name, title, path, script, target, https=False, servers=PLAIN_SERVERS,
                 full_handshake=False):
        self.name = name
        self.title = title
        self.path = path
        self.script = script
        self.target = target
        self.https = https
        self.servers = servers
        self.full_handshake = full_handshake

    @property
    def connection_per_request(self):
        """A new connection for every request: nothing to pipeline."""
        return self.script == "close.lua"


CASES = {case.name: case for case in (
    Case("aasa", "AASA", AASA_PATH, "report.lua", 1.5),
    Case("resolve", "`/resolve` mix", "/resolve", "resolve-mix.lua", 1.3),
    Case("resolve-many", f"`/resolve`, {4 * RESOLVE_IDS:,} URLs", "/", "resolve-many.lua", 1.0),
    Case("landing", f"landing `{LANDING_PATH}`", LANDING_PATH, "report.lua", 1.3),
    Case("landing-many", f"landing, {LANDING_IDS:,} ids", "/", "landing-many.lua", 1.0),
    # Over HTTPS, all on the AASA: keep-alive; a new connection per request resuming the session of the connection
    # before (what wrk does by itself: a returning visitor); a new connection with a full handshake (the no-resume
    # shim: a first visit). gnutls-serv answers only with a connection per request.
    Case("https-keepalive", "HTTPS AASA, keep-alive", AASA_PATH, "report.lua", 1.2, https=True,
         servers=("deeplinkd", "nginx")),
    Case("https-resumed", "HTTPS, a connection per request, resumed", AASA_PATH, "close.lua", 1.0, https=True,
         servers=("deeplinkd", "nginx", "gnutls-serv")),
    Case("https-full", "HTTPS, a connection per request, full handshake", AASA_PATH, "close.lua", 1.0, https=True,
         servers=("deeplinkd", "nginx", "gnutls-serv"), full_handshake=True),
)}

HTTP_CASES = [name for name, case in CASES.items() if not case.https]
HTTPS_CASES = [name for name, case in CASES.items() if case.https]
CERTIFICATES = {"ecdsa": "ECDSA P-256", "rsa": "RSA 2048"}


def resolve_mix_paths():
    """The /resolve paths of the mix, read from its wrk script so there is one list."""
    with open(os.path.join(WRK_SCRIPTS, "resolve-mix.lua")) as script:
        return re.findall(r'"(/resolve\?[^"]+)"', script.read())


def resolve_many_formats():
    """The four URL shapes of the resolve-many case, read from its wrk script: Lua's string.format patterns, which
    Python's % operator reads the same way (one %05d for the id, %% for a percent sign)."""
    with open(os.path.join(WRK_SCRIPTS, "resolve-many.lua")) as script:
        return re.findall(r'"(/resolve\?[^"]+)"', script.read())
