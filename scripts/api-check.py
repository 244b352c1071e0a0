#!/usr/bin/env python3
"""Checks the JSON API against Public/openapi.yaml with independent tools, and the HTTP of four answers with REDbot.

Usage: scripts/api-check.py [DEEPLINKD_BINARY]   (default .build/debug/deeplinkd; run from the repository root)

The tools live in a virtual environment, `.venv-api/` (or $API_CHECK_VENV), built from the pinned
scripts/api-requirements.txt the first time and again whenever that file changes; the script then runs itself
again with the environment's Python. It starts the already-built server on port 0 with the default config and
reads the port from the "serving" log line, then:

  - openapi-spec-validator validates Public/openapi.yaml, and the file is checked against config/deeplinkd.yaml:
    the enums of states and routes and the parameter rules of `/link` describe the default table, so they must
    agree with it; the server must also serve the file at /openapi.yaml as application/yaml;
  - a few documented edges that random data reaches only by chance are requested directly (EDGE_PROBES);
  - schemathesis runs every check it has (`--checks all`), with schema-valid and schema-violating data, for at
    most $API_CHECK_MAX_EXAMPLES cases per operation (default 200); scripts/schemathesis.toml holds its settings
    and scripts/schemathesis_hooks.py its one hook.
    The seed is random unless $API_CHECK_SEED sets it; schemathesis prints it, so a failure can be replayed;
  - REDbot (its command line, offline: it only talks to the local server) checks the AASA, a landing page, a
    resolve answer and the 404 page. A "bad" note fails. A warning passes only if KNOWN_WARNINGS explains it for
    that URL; its explanation is printed. An explained warning that no longer appears is reported, so the list
    does not outlive the reason;
  - the server still answers /healthz and logged no error.

The server is stopped at the end, also on failure, SIGTERM or SIGHUP. Prints one line per check and ends with
`N passed, M failed`; exits 1 when anything failed.
"""

import hashlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from checklib import Results, stop_process

ROOT = Path(__file__).resolve().parent.parent
VENV = Path(os.environ.get("API_CHECK_VENV", ROOT / ".venv-api")).resolve()
REQUIREMENTS = ROOT / "scripts" / "api-requirements.txt"
SPEC = Path("Public/openapi.yaml")
CONFIG = Path("config/deeplinkd.yaml")
SCHEMATHESIS_CONFIG = Path("scripts/schemathesis.toml")
HOOKS = Path("scripts/schemathesis_hooks.py")

STARTUP_TIMEOUT = 15.0
INSTALL_TIMEOUT = 600
SCHEMATHESIS_TIMEOUT = 300
REDBOT_TIMEOUT = 60

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
}


# The environment


def requirements_digest():
    return hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()


def ensure_environment():
    """Builds the virtual environment unless it already holds exactly the pinned requirements."""
    python = VENV / "bin" / "python"
    stamp = VENV / "requirements.sha256"
    digest = requirements_digest()
    if python.exists() and stamp.exists() and stamp.read_text().strip() == digest:
        return python
    print(f"Installing the API check tools into {VENV} (pinned in {REQUIREMENTS.relative_to(ROOT)})", flush=True)
    started = time.monotonic()
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(VENV)], check=True)
    pip = [str(python), "-m", "pip", "--disable-pip-version-check", "--quiet"]
    subprocess.run(pip + ["install", "--requirement", str(REQUIREMENTS)], check=True, timeout=INSTALL_TIMEOUT)
    stamp.write_text(digest + "\n")
    print(f"Installed in {time.monotonic() - started:.1f} s", flush=True)
    return python


def inside_environment():
    return Path(sys.prefix).resolve() == VENV


# The server


def start_server(binary, workdir):
    """Starts `deeplinkd serve` on a free port; returns the process, its log path and the base URL."""
    log_path = os.path.join(workdir, "server.log")
    with open(log_path, "wb") as log:
        server = subprocess.Popen(
            [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--config", str(CONFIG), "--public", "Public"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=log,
            start_new_session=True,
        )
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        for record in log_records(log_path):
            if record.get("message") == "serving" and "url" in record:
                return server, log_path, record["url"]
        if server.poll() is not None:
            raise RuntimeError(f"the server exited with status {server.returncode}: {tail(log_path)}")
        time.sleep(0.05)
    raise RuntimeError(f"no 'serving' log line within {STARTUP_TIMEOUT:.0f} s: {tail(log_path)}")


def stop_server(server):
    stop_process(server, grace=15)


def log_records(path):
    records = []
    with open(path, "rb") as log:
        for line in log:
            try:
                records.append(json.loads(line))
            except ValueError:
                continue
    return records


def tail(path, lines=5):
    with open(path, "rb") as log:
        return b"".join(log.readlines()[-lines:]).decode("utf-8", "replace").strip()


def fetch(url):
    """Status, headers and body of a GET; HTTP errors are answers too."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


# The specification


def check_spec_valid(results, python):
    run = subprocess.run(
        [str(python), "-m", "openapi_spec_validator", str(SPEC)], capture_output=True, text=True, timeout=60
    )
    output = (run.stdout + run.stderr).strip()
    results.check(f"openapi-spec-validator: {SPEC} is valid OpenAPI", run.returncode == 0, output)


def check_spec_matches_table(results):
    """The spec's enums and `/link` shapes describe config/deeplinkd.yaml exactly."""
    import yaml  # in the environment: a schemathesis dependency

    spec = yaml.safe_load(SPEC.read_text())
    table = yaml.safe_load(CONFIG.read_text())
    schemas = spec["components"]["schemas"]
    routes = table["routes"]
    states = table.get("states") or sorted({state for members in table["gates"].values() for state in members})
    results.check(
        "openapi.yaml: State lists the table's states", schemas["State"]["enum"] == states, f"table: {states}"
    )
    names = [route["name"] for route in routes]
    results.check(
        "openapi.yaml: RouteName lists the table's routes", schemas["RouteName"]["enum"] == names, f"table: {names}"
    )
    expected = [intent_shape(route) for route in routes if "*" not in route["path"]]
    found = schemas["Intent"]["oneOf"]
    results.check(
        "openapi.yaml: Intent has one shape per route, with the table's parameter rules",
        found == expected,
        f"expected, from the table:\n{json.dumps(expected, indent=1)}",
    )


def intent_shape(route):
    """The `/link` query of one route, as Public/openapi.yaml writes it."""
    in_path = set(re.findall(r"\$\((\w+)\)", route["path"]))
    properties = {"route": {"const": route["name"]}}
    required = ["route"]
    for name, rule in route.get("params", {}).items():
        pattern = f"^[{rule['charset']}]{{{rule.get('min', 1)},{rule.get('max', 1024)}}}$"
        properties[name] = {"type": "string", "pattern": pattern}
        if name in in_path or rule.get("required", False):
            required.append(name)
    return {
        "title": route["name"],
        "type": "object",
        "required": required,
        "additionalProperties": False,
        "properties": properties,
    }


def check_spec_served(results, base):
    status, headers, body = fetch(base + "/openapi.yaml")
    results.check(
        "GET /openapi.yaml serves the file as application/yaml",
        status == 200 and headers.get("Content-Type") == "application/yaml" and body == SPEC.read_bytes(),
        f"{status} {headers.get('Content-Type')}, {len(body)} bytes",
    )


# Documented edges that random generation reaches only by chance: method, path, body, Content-Type, expected status.
EDGE_PROBES = [
    ("POST", "/resolve", b'{"urls": [], "state": "nope"}', "application/json", 400),  # unknown state, empty batch
    ("POST", "/resolve", b'{"urls": ["' + b"a" * (1 << 20) + b'"]}', "application/json", 413),  # over 1 MiB
    ("POST", "/resolve", b'{"urls": []}', "text/plain", 415),
    ("GET", "/resolve?url=a&url=b", None, None, 400),  # a parameter given twice
    ("GET", "/link?route=charger&id=CH-42&id=CH-43", None, None, 400),
]


def oversized_status(base, method, target, body, content_type):
    """The status for a body over the limit, sent whole as a client would: the server reads a body up to 8 MiB to
    its end before it answers 413 and closes, so the answer arrives instead of a reset."""
    address = urllib.parse.urlsplit(base)
    head = (f"{method} {target} HTTP/1.1\r\nHost: {address.hostname}\r\nContent-Type: {content_type}\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
    with socket.create_connection((address.hostname, address.port), timeout=10) as connection:
        try:
            connection.sendall(head + body)
        except OSError:
            pass
        answer = connection.recv(4096)
    status = int(answer.split(b" ")[1]) if answer.startswith(b"HTTP/1.1 ") else 0
    return status, answer


def check_edges(results, base):
    for method, target, body, content_type, expected in EDGE_PROBES:
        if body is not None and len(body) > 65536:
            status, answer = oversized_status(base, method, target, body, content_type)
            results.check(f"{method} {target} ({content_type}) {len(body)} bytes answers {expected}", status == expected,
                          f"{status} {answer[:200]!r}")
            continue
        request = urllib.request.Request(base + target, data=body, method=method)
        if content_type:
            request.add_header("Content-Type", content_type)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                status, answer = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, answer = error.code, error.read()
        shown = ""
        if body is not None:
            shown = f" ({content_type}) " + (body.decode() if len(body) < 100 else f"{len(body)} bytes")
        results.check(f"{method} {target}{shown} answers {expected}", status == expected, f"{status} {answer[:200]!r}")


# The tools


def run_schemathesis(results, python, base):
    max_examples = os.environ.get("API_CHECK_MAX_EXAMPLES", "200")
    # schemathesis keeps its cache (and `st replay` data) in `.schemathesis/` of its working directory: keep that
    # inside the git-ignored environment, with every path given absolute.
    workdir = VENV / "schemathesis-run"
    workdir.mkdir(exist_ok=True)
    # One worker: with more, CPython 3.11's ast.parse races between threads (gh-106905) and schemathesis reports
    # "AST constructor recursion depth mismatch" as a runtime error.
    command = [
        str(python.parent / "schemathesis"),
        "--no-color",
        "--config-file",
        str(ROOT / SCHEMATHESIS_CONFIG),
        "run",
        str(ROOT / SPEC),
        "--url",
        base,
        "--checks",
        "all",
        "--mode",
        "all",
        "--max-examples",
        max_examples,
        "--workers",
        "1",
        "--output-sanitize",
        "false",
    ]
    if os.environ.get("API_CHECK_SEED"):
        command += ["--seed", os.environ["API_CHECK_SEED"]]
    environment = dict(os.environ, SCHEMATHESIS_HOOKS=str(ROOT / HOOKS), PYTHONDONTWRITEBYTECODE="1")
    print(f"$ (cd {workdir} && SCHEMATHESIS_HOOKS={ROOT / HOOKS} " + " ".join(command) + ")", flush=True)
    run = subprocess.run(command, cwd=workdir, env=environment, timeout=SCHEMATHESIS_TIMEOUT)
    results.check(
        f"schemathesis: every check, positive and negative data, {max_examples} examples per operation",
        run.returncode == 0,
        f"exit status {run.returncode} (the failures, a curl line to reproduce each and the seed are above)",
    )


def run_redbot(results, python, base):
    for label, path, status in REDBOT_TARGETS:
        run = subprocess.run(
            [str(python.parent / "redbot"), "--output-format", "har", base + path],
            capture_output=True,
            text=True,
            timeout=REDBOT_TIMEOUT,
        )
        name = f"REDbot: {label} {path}"
        try:
            entry = json.loads(run.stdout)["log"]["entries"][0]
        except (ValueError, KeyError, IndexError):
            results.check(name, False, f"no HAR output (exit {run.returncode}): {run.stderr.strip()[-500:]}")
            continue
        notes = entry["_red_messages"]
        bad = [note for note in notes if note["level"] == "BAD"]
        warnings = [note for note in notes if note["level"] == "WARN"]
        unexplained = [note for note in warnings if label not in KNOWN_WARNINGS.get(note["note_id"], (set(), ""))[0]]
        problems = [f"{note['level']} {note['note_id']}: {note['summary']}" for note in bad + unexplained]
        got = entry["response"]["status"]
        if got != status:
            problems.insert(0, f"status {got}, expected {status}")
        results.check(name + " has no bad note and no unexplained warning", not problems, "; ".join(problems))
        for note in warnings:
            if note not in unexplained:
                print(f"     warning {note['note_id']} ({note['summary']}): {KNOWN_WARNINGS[note['note_id']][1]}")
        raised = {note["note_id"] for note in warnings}
        for note_id, (labels, _) in KNOWN_WARNINGS.items():
            if label in labels and note_id not in raised:
                print(f"     note: REDbot no longer warns {note_id} here; take '{label}' out of KNOWN_WARNINGS")


def check_server_after(results, base, log_path):
    status, _, body = fetch(base + "/healthz")
    results.check("the server still answers /healthz after the run", status == 200, f"{status} {body[:200]!r}")
    errors = [record for record in log_records(log_path) if record.get("level") in ("error", "critical")]
    server_errors = [record for record in log_records(log_path) if str(record.get("status", "")).startswith("5")]
    results.check(
        "the server logged no error and answered no 5xx",
        not errors and not server_errors,
        json.dumps((errors + server_errors)[:3]),
    )


def main():
    if not inside_environment():
        python = ensure_environment()
        os.execv(str(python), [str(python), str(Path(__file__).resolve())] + sys.argv[1:])
    os.chdir(ROOT)
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/deeplinkd"
    python = VENV / "bin" / "python"
    results = Results()
    server = None
    started = time.monotonic()
    for stop_signal in (signal.SIGTERM, signal.SIGHUP):  # exit through `finally`, which stops the server
        signal.signal(stop_signal, lambda signum, frame: sys.exit(128 + signum))
    with tempfile.TemporaryDirectory(prefix="deeplinkd-api-check-") as workdir:
        try:
            check_spec_valid(results, python)
            check_spec_matches_table(results)
            server, log_path, base = start_server(binary, workdir)
            check_spec_served(results, base)
            check_edges(results, base)
            run_schemathesis(results, python, base)
            run_redbot(results, python, base)
            check_server_after(results, base, log_path)
        except Exception as error:  # a broken file or tool is a failed check, reported with the others
            results.check("the API check ran to the end", False, f"{type(error).__name__}: {error}")
        finally:
            stop_server(server)
    print(f"({time.monotonic() - started:.1f} s)")
    print(f"{results.passed} passed, {results.failed} failed")
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
