"""Every page deeplinkd serves as HTML, found from the route tables rather than listed by hand, for
test_page_accessibility.py, test_page_validity.py and test_page_unfurl.py: the landing page of each route that names
one (with parameter values made from the route's own rules), the error pages (an unknown link, a parameter its rule
refuses, a method the page does not answer), each in every browser of agents.txt; and the page states of
scripts/screenshots.sh (a path, a browser and a table each).

A route added to a table, or a state added to the screenshot list, is checked without a change here.
"""

import hashlib
import http.client
import json
import re
import subprocess
import urllib.parse
from pathlib import Path

import yaml

from conftest import DEFAULT_CONFIG, ROOT

AGENTS_FILE = Path(__file__).with_name("agents.txt")
SCREENSHOTS_SCRIPT = ROOT / "scripts" / "screenshots.sh"
# Letters and digits to build a parameter value from, in an order unlikely to occur by chance in a page.
VALUE_ALPHABET = "Mq7Zt2vXk9Lw4Rb8Hn3Pd6YsGc5Jf1Qe0Va"
VALUE_LENGTH = 24
UNKNOWN_PATH = "/no-such-link/x"


def agents():
    """The browsers of agents.txt: name → User-Agent."""
    found = {}
    for line in AGENTS_FILE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, agent = line.split(" ", 1)
            found[name] = agent.strip()
    return found


AGENTS = agents()


class Visit:
    """One page as a browser asks for it: a method and path, sent with a browser's User-Agent to the server of a
    table."""

    def __init__(self, name, path, agent, table, method="GET", expected_status=None):
        self.name = name
        self.path = path
        self.agent = agent  # a name of AGENTS, or None for the browser's own User-Agent
        self.table = Path(table)
        self.method = method
        self.expected_status = expected_status  # None: whatever the server answers (a screenshot state)

    @property
    def id(self):
        table = "" if self.table == DEFAULT_CONFIG else f"@{self.table.stem}"
        return f"{self.name}{table}-{self.agent or 'own'}"

    @property
    def user_agent(self):
        return AGENTS[self.agent] if self.agent else None


def table_document(table):
    return yaml.safe_load(Path(table).read_text())


def landing_routes(table):
    """The routes of `table` with a landing page, in table order."""
    return [route for route in table_document(table).get("routes", []) if route.get("landing")]


def screenshot_states():
    """The states of scripts/screenshots.sh: (name, size, browser or None, table, path, scheme)."""
    script = SCREENSHOTS_SCRIPT.read_text()
    block = re.search(r"^states=\(\n(.*?)^\)", script, re.M | re.S)
    states = []
    for line in block[1].splitlines() if block else []:
        fields = line.strip().strip('"').split()
        if fields and not line.strip().startswith("#"):
            name, size, agent, table, path, *rest = fields
            scheme = rest[0] if rest else "light"
            states.append((name, size, None if agent == "-" else agent, ROOT / table, path, scheme))
    return states


def tables():
    """The default table, then every other table a screenshot state serves."""
    found = [DEFAULT_CONFIG]
    for *_, table, _, _ in screenshot_states():
        if table not in found:
            found.append(table)
    return found


def page_names(table):
    """What `table` serves as HTML, by name: each landing route, each one's refused value, an unknown link, and a
    method a landing page does not answer."""
    routes = [route["name"] for route in landing_routes(table)]
    refused = [f"{route}-invalid" for route in routes] + ["not-found"] + (["method-not-allowed"] if routes else [])
    return routes + refused


def visits():
    """Every page of every table in every browser, then every screenshot state."""
    found = [Visit(page, None, agent, table) for table in tables() for page in page_names(table) for agent in AGENTS]
    found += [Visit(f"state:{name}", path, agent, table) for name, _, agent, table, path, _ in screenshot_states()]
    return found


def rule_value(rule, length):
    """A value of `length` characters that `rule` (a parameter's charset) accepts: letters and digits of
    VALUE_ALPHABET in it, else any printable ASCII character in it."""
    pattern = re.compile("[" + rule.get("charset", "A-Za-z0-9._~-") + "]")
    accepted = [c for c in VALUE_ALPHABET if pattern.fullmatch(c)] or [
        chr(c) for c in range(0x21, 0x7f) if pattern.fullmatch(chr(c)) and chr(c) not in "%#?/&="]
    return "".join(accepted[i % len(accepted)] for i in range(length))


def route_paths(binary, table, route):
    """The path and query of `route`'s link with values its rules accept, and of one whose first parameter is one
    character longer than its rule allows (None when no parameter bounds it)."""
    rules = route.get("params", {})
    named = re.findall(r"\$\((\w+)\)", route["path"]) + [n for n, rule in rules.items() if rule.get("required")]
    values = {}
    for name in named:
        rule = rules.get(name, {})
        values[name] = rule_value(rule, max(rule.get("min", 1), min(rule.get("max", 1024), VALUE_LENGTH)))
    answer = subprocess.run([str(binary), "link", "--config", str(table), route["name"],
                             *[f"{n}={v}" for n, v in values.items()]], capture_output=True, text=True, check=True)
    link = urllib.parse.urlsplit(json.loads(answer.stdout)["universal"])
    path = link.path + (f"?{link.query}" if link.query else "")
    if not named:
        return path, None
    first, rule = named[0], rules.get(named[0], {})
    too_long = rule_value(rule, rule.get("max", 1024) + 1)
    return path, path.replace(urllib.parse.quote(values[first], safe=""), urllib.parse.quote(too_long, safe=""), 1)


def resolve_pages(binary, table):
    """Page name → (method, path, expected status) for `table`, its values made by `route_paths`."""
    pages, first = {}, None
    for route in landing_routes(table):
        path, invalid = route_paths(binary, table, route)
        first = first or path
        pages[route["name"]] = ("GET", path, 200)
        pages[f"{route['name']}-invalid"] = ("GET", invalid or UNKNOWN_PATH, 404)
    pages["not-found"] = ("GET", UNKNOWN_PATH, 404)
    if first:
        pages["method-not-allowed"] = ("POST", first, 405)
    return pages


def resolve(binary, table, path):
    """What `deeplinkd resolve` says of `path` on the table's first domain: the route, its values, its links."""
    domain = table_document(table)["domains"][0]
    answer = subprocess.run([str(binary), "resolve", "--config", str(table), f"https://{domain}{path}"],
                            capture_output=True, text=True, check=True)
    return json.loads(answer.stdout.splitlines()[0])


def fetch(port, visit, path):
    """Asks the server on `port` for `path` as the visit's browser would: (status, headers, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        headers = {"Accept": "text/html"} | ({"User-Agent": visit.user_agent} if visit.user_agent else {})
        connection.request(visit.method, path, headers=headers)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def digest(body):
    return hashlib.sha256(body).hexdigest()


def serve_pages(binary, serve):
    """Visit id → the visit, its server, and what the server answered it (status, headers, body) with what
    `deeplinkd resolve` says of its path; a server per table, started by conftest's `serve`."""
    servers, planned, found = {}, {}, {}
    for visit in VISITS:
        if visit.table not in servers:
            servers[visit.table] = serve("--config", visit.table, name=f"server-{len(servers)}")
            planned[visit.table] = resolve_pages(binary, visit.table)
        if visit.path is None:
            visit.method, visit.path, visit.expected_status = planned[visit.table][visit.name]
        status, headers, body = fetch(servers[visit.table].port, visit, visit.path)
        found[visit.id] = {"visit": visit, "server": servers[visit.table], "status": status, "headers": headers,
                           "body": body, "resolved": resolve(binary, visit.table, visit.path)}
    return found


VISITS = visits()
IDS = [visit.id for visit in VISITS]
