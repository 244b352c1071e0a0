"""Fixtures of the system tests: the deeplinkd binary as built, started on a free port and stopped (exit 0 asserted),
and its log as captured; rawhttp.py is the raw-socket client.

The tests build nothing: `make system-check` builds the binary first, and DEEPLINKD_BINARY may name another one.
"""

import json
import os
import re
import signal
import subprocess
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from proxies import PROXIES
from rawhttp import fetch

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_CONFIG = ROOT / "config" / "deeplinkd.yaml"
WARM_UP = ["/healthz", "/metrics", "/openapi.yaml", "/static/deeplinkd.css", "/.well-known/assetlinks.json",
           "/resolve?url=https%3A%2F%2Flinks.example.com%2Fc%2FCH-42", "/link?route=charger&id=CH-42", "/c/CH-42",
           "/u/abcd", "/m/Mq7Zt2vXk9Lw4Rb8Hn3Pd6Ys", "/nope", "/apple-app-site-association",
           "/.well-known/apple-app-site-association"]


class Server:
    """A `deeplinkd serve` process on 127.0.0.1 and a free port; its standard output and error go to a file, or to
    `output` (a pipe's write end) when given, whose reader then copies what it reads into `log_path`. The one place
    the system tests start deeplinkd: ready once it logs its port."""

    def __init__(self, binary, arguments, log_path, output=None, environment=None):
        self.log_path = log_path
        with open(log_path, "wb") as log:
            self.process = subprocess.Popen(
                [str(binary), "serve", "--host", "127.0.0.1", "--port", "0", *arguments],
                cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log if output is None else output, stderr=subprocess.STDOUT,
                env=environment)
        self.pid = self.process.pid
        self.port = self._wait_for_port()
        self.base = f"http://127.0.0.1:{self.port}"

    def is_alive(self):
        return self.process.poll() is None

    def descriptor_count(self):
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def warm_up(self):
        """Touches every endpoint once, so lazily opened files are in a descriptor baseline taken next."""
        for target in WARM_UP:
            fetch(self.port, target)
        time.sleep(0.3)

    def stable_descriptor_count(self):
        """The descriptor count once two readings 0.2 s apart agree (a client's close may still be in flight)."""
        previous = self.descriptor_count()
        for _ in range(20):
            time.sleep(0.2)
            current = self.descriptor_count()
            if current == previous:
                return current
            previous = current
        return previous

    def settled_descriptor_count(self, baseline, seconds=5.0):
        """The descriptor count once it is back to `baseline`, or after `seconds`."""
        deadline = time.monotonic() + seconds
        count = self.descriptor_count()
        while count > baseline and time.monotonic() < deadline:
            time.sleep(0.1)
            count = self.descriptor_count()
        return count

    def rss_mib(self):
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def _wait_for_port(self):
        try:
            serving = self.wait_for_log('"message":"serving"')
        except BaseException:  # pytest-timeout's, or an interrupt: the process must not outlive the test
            self.stop()
            raise
        port = urllib.parse.urlsplit(json.loads(serving).get("url", "")).port if serving else None
        if not port:
            self.stop()
            raise RuntimeError(f"deeplinkd exited without logging its port:\n{self.log_text()}")
        return port

    def wait_for_log(self, text):
        """The first line of the log that holds `text`, waited for as long as the server runs: a signal, never a
        fixed time that a loaded machine (or a sanitized binary) misses; the test's own timeout (pytest.ini) bounds a
        server that hangs. None if the process exits without writing it."""
        while True:
            is_running = self.process.poll() is None  # before reading: a line written just before the exit counts
            line = next((line for line in self.log_text().splitlines() if text in line), None)
            if line is not None or not is_running:
                return line
            time.sleep(0.02)

    def log_text(self):
        return Path(self.log_path).read_text(encoding="utf-8", errors="replace")

    def log_entries(self):
        entries = []
        for line in self.log_text().splitlines():
            try:
                entries.append(json.loads(line))
            except ValueError:
                continue
        return entries

    def problems(self, since=0):
        """Log lines from byte `since` on that show a 5xx answer (a 505 aside) or an error."""
        text = self.log_text()[since:]
        return [line for line in text.splitlines() if re.search(r'"status":5(?!05)\d\d\b', line)
                or re.search(r'"level":"(error|critical)"', line)]

    def post_json(self, path, document):
        """POSTs `document` as JSON; returns (status, decoded JSON answer)."""
        request = urllib.request.Request(
            self.base + path, data=json.dumps(document).encode(), method="POST",
            headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.load(answer)
        except urllib.error.HTTPError as error:
            return error.code, json.load(error)

    def terminate(self, limit):
        """SIGTERM, then (exit status, seconds from the signal to the exit), waiting up to `limit` seconds."""
        signalled = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        status = self.process.wait(timeout=limit)
        return status, time.monotonic() - signalled

    def stop(self, grace=10):
        """SIGTERM, then the exit status (deeplinkd drains and exits 0); SIGKILL after `grace` seconds."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        return self.process.returncode


@pytest.fixture(scope="session")
def binary():
    path = Path(os.environ.get("DEEPLINKD_BINARY", ROOT / ".build" / "debug" / "deeplinkd"))
    if not path.exists():
        pytest.fail(f"{path} does not exist: build it first (swift build), or set DEEPLINKD_BINARY")
    return path


@pytest.fixture(scope="module")
def server(binary, tmp_path_factory):
    """The default config served for a whole test module; stopping it must exit 0."""
    running = Server(binary, ["--config", str(DEFAULT_CONFIG)], tmp_path_factory.mktemp("server") / "server.log")
    yield running
    status = running.stop()
    assert status == 0, f"deeplinkd exited with status {status}:\n{running.log_text()[-2000:]}"


@pytest.fixture(scope="module")
def serve(binary, tmp_path_factory):
    """Starts servers with the given arguments for a test module; each must exit 0 when stopped at its end."""
    started, directory = [], tmp_path_factory.mktemp("servers")

    def start(*arguments, name="server"):
        started.append(Server(binary, [str(argument) for argument in arguments], directory / f"{name}.log"))
        return started[-1]

    yield start
    for running in started:
        status = running.stop()
        assert status == 0, f"deeplinkd exited with status {status}:\n{running.log_text()[-2000:]}"


class LogCapture:
    """The part of a server's log written since the capture began."""

    def __init__(self, server):
        self.server = server
        self.start = len(server.log_text())

    def text(self):
        return self.server.log_text()[self.start:]

    def problems(self):
        return self.server.problems(self.start)


@pytest.fixture
def server_log(server):
    """The module server's log from the start of the test on; the test fails if it shows a 5xx or an error."""
    capture = LogCapture(server)
    yield capture
    assert capture.problems() == [], "the server logged a 5xx or an error"


@pytest.fixture(scope="module")
def front_proxy(tmp_path_factory):
    """Starts Debian's nginx or haproxy (proxies.py) in front of a deeplinkd port, in a directory of its own; every
    proxy started is stopped at the end of the module."""
    started = []

    def start(kind, upstream_port):
        started.append(PROXIES[kind](tmp_path_factory.mktemp(kind), upstream_port).start())
        return started[-1]

    yield start
    for proxy in started:
        proxy.stop()
