"""The JSON API against Public/openapi.yaml with independent tools, and the HTTP of four answers with REDbot.

openapi-spec-validator validates the file, whose enums of states and routes and `/link` parameter rules must describe
config/deeplinkd.yaml; a few documented edges that random data reaches only by chance are requested directly;
schemathesis runs every check it has (`--checks all`), with schema-valid and schema-violating data, for at most
$API_CHECK_MAX_EXAMPLES cases per operation (default 200), its settings in schemathesis.toml and its one hook in
schemathesis_hooks.py; the seed is random unless $API_CHECK_SEED sets it, and schemathesis prints it, so a failure
can be replayed. REDbot (offline: it only talks to the local server) checks four answers: a "bad" note fails, and a
warning passes only if KNOWN_WARNINGS explains it for that URL.
"""

import json
import os
import re
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import yaml
from openapi_spec_validator import validate
from openapi_spec_validator.readers import read_from_filename

from conftest import DEFAULT_CONFIG, ROOT

SPEC = ROOT / "Public" / "openapi.yaml"
HERE = Path(__file__).resolve().parent
TOOLS = Path(sys.executable).parent  # the virtual environment's scripts
# label, path, expected status
REDBOT_TARGETS = [
    ("AASA", "/.well-known/apple-app-site-association", 200),
    ("landing page", "/c/CH-42", 200),
    ("resolve", "/resolve?url=https%3A%2F%2Flinks.example.com%2Fc%2FCH-42", 200),
    ("404 page", "/no-such-page", 404),
]
# REDbot warnings that are understood, by note id: the labels of the URLs where each is expected, and why.
KNOWN_WARNINGS = {
    "STORE_PUBLIC_UNNECESSARY": (
        {"AASA", "landing page"},
        "`Cache-Control: public, max-age=300`: `public` only matters for requests with Authorization, which "
        "deeplinkd never needs, so it is redundant but harmless (README documents the header as sent).",
    ),
    "VARY_USER_AGENT": (
        {"landing page"},
        "`Vary: User-Agent`: an in-app browser's page offers a way out of it (docs/landing-pages.md), so a shared cache "
        "must not give one browser's page to another; a copy per User-Agent of a page kept 300 s is the cost.",
    ),
}
# Documented edges that random generation reaches only by chance: method, path, body, Content-Type, expected status.
EDGE_PROBES = [
    ("POST", "/resolve", b'{"urls": [], "state": "nope"}', "application/json", 400),  # unknown state, empty batch
    ("POST", "/resolve", b'{"urls": ["' + b"a" * (1 << 20) + b'"]}', "application/json", 413),  # over 1 MiB
    ("POST", "/resolve", b'{"urls": []}', "text/plain", 415),
    ("GET", "/resolve?url=a&url=b", None, None, 400),  # a parameter given twice
    ("GET", "/link?route=charger&id=CH-42&id=CH-43", None, None, 400),
]
SPEC_DOCUMENT = yaml.safe_load(SPEC.read_text())
TABLE = yaml.safe_load(DEFAULT_CONFIG.read_text())


def fetch(url):
    """Status, headers and body of a GET; HTTP errors are answers too."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def intent_shape(route):
    """The `/link` query of one route, as Public/openapi.yaml writes it."""
    in_path = set(re.findall(r"\$\((\w+)\)", route["path"]))
    properties, required = {"route": {"const": route["name"]}}, ["route"]
    for name, rule in route.get("params", {}).items():
        pattern = f"^[{rule['charset']}]{{{rule.get('min', 1)},{rule.get('max', 1024)}}}$"
        properties[name] = {"type": "string", "pattern": pattern}
        if name in in_path or rule.get("required", False):
            required.append(name)
    return {"title": route["name"], "type": "object", "required": required, "additionalProperties": False,
            "properties": properties}


def test_openapi_spec_validator_finds_the_file_valid():
    spec, _ = read_from_filename(str(SPEC))
    validate(spec)


def test_state_lists_the_tables_states():
    states = TABLE.get("states") or sorted({state for members in TABLE["gates"].values() for state in members})
    assert SPEC_DOCUMENT["components"]["schemas"]["State"]["enum"] == states


def test_route_name_lists_the_tables_routes():
    assert SPEC_DOCUMENT["components"]["schemas"]["RouteName"]["enum"] == [route["name"] for route in TABLE["routes"]]


def test_intent_has_one_shape_per_route_with_the_tables_parameter_rules():
    expected = [intent_shape(route) for route in TABLE["routes"] if "*" not in route["path"]]
    assert SPEC_DOCUMENT["components"]["schemas"]["Intent"]["oneOf"] == expected


def test_the_server_serves_the_file_as_application_yaml(server):
    status, headers, body = fetch(server.base + "/openapi.yaml")
    assert (status, headers.get("Content-Type")) == (200, "application/yaml")
    assert body == SPEC.read_bytes()


def oversized_status(server, method, target, body, content_type):
    """The status for a body over the limit, sent whole as a client would: the server reads a body up to 8 MiB to
    its end before it answers 413 and closes, so the answer arrives instead of a reset."""
    head = (f"{method} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {content_type}\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as connection:
        try:
            connection.sendall(head + body)
        except OSError:
            pass
        answer = connection.recv(4096)
    return (int(answer.split(b" ")[1]) if answer.startswith(b"HTTP/1.1 ") else 0), answer


@pytest.mark.parametrize("method, target, body, content_type, expected", EDGE_PROBES,
                         ids=[f"{m} {t} {len(b or b'')} bytes {c}" for m, t, b, c, _ in EDGE_PROBES])
def test_documented_edge(server, server_log, method, target, body, content_type, expected):
    if body is not None and len(body) > 65536:
        status, answer = oversized_status(server, method, target, body, content_type)
    else:
        request = urllib.request.Request(server.base + target, data=body, method=method)
        if content_type:
            request.add_header("Content-Type", content_type)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                status, answer = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, answer = error.code, error.read()
    assert status == expected, answer[:200]


@pytest.mark.timeout(300)
def test_schemathesis_finds_nothing_with_every_check_and_both_kinds_of_data(server, server_log, tmp_path):
    # schemathesis keeps its cache in `.schemathesis/` of its working directory: a temporary one. One worker: with
    # more, CPython 3.11's ast.parse races between threads (gh-106905), reported as a runtime error.
    command = [str(TOOLS / "schemathesis"), "--no-color", "--config-file", str(HERE / "schemathesis.toml"), "run",
               str(SPEC), "--url", server.base, "--checks", "all", "--mode", "all", "--max-examples",
               os.environ.get("API_CHECK_MAX_EXAMPLES", "200"), "--workers", "1", "--output-sanitize", "false"]
    if os.environ.get("API_CHECK_SEED"):
        command += ["--seed", os.environ["API_CHECK_SEED"]]
    environment = dict(os.environ, SCHEMATHESIS_HOOKS=str(HERE / "schemathesis_hooks.py"), PYTHONDONTWRITEBYTECODE="1")
    run = subprocess.run(command, cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=280)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]


@pytest.mark.parametrize("label, path, expected", REDBOT_TARGETS, ids=[target[0] for target in REDBOT_TARGETS])
def test_redbot_has_no_bad_note_and_no_unexplained_warning(server, server_log, label, path, expected):
    run = subprocess.run([str(TOOLS / "redbot"), "--output-format", "har", server.base + path], capture_output=True,
                         text=True, timeout=60)
    entry = json.loads(run.stdout)["log"]["entries"][0]
    notes = entry["_red_messages"]
    unexplained = [note for note in notes if note["level"] == "BAD" or note["level"] == "WARN"
                   and label not in KNOWN_WARNINGS.get(note["note_id"], (set(), ""))[0]]
    assert entry["response"]["status"] == expected
    assert [f"{note['level']} {note['note_id']}: {note['summary']}" for note in unexplained] == []


def test_the_server_still_answers_healthz(server):
    status, _, body = fetch(server.base + "/healthz")
    assert status == 200, body[:200]


def test_the_server_logged_no_error_and_answered_no_5xx(server):
    assert server.problems() == []
