"""Fixtures of the system tests: the deeplinkd binary as built, started on a free port and stopped, and a client.

The tests build nothing: `make system-check` builds the binary first, and DEEPLINKD_BINARY may name another one.
"""

import json
import os
import signal
import subprocess
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_CONFIG = ROOT / "config" / "deeplinkd.yaml"
STARTUP_TIMEOUT = 15.0


class Server:
    """A `deeplinkd serve` process on 127.0.0.1 and a free port; its standard error goes to a file."""

    def __init__(self, binary, arguments, log_path):
        self.log_path = log_path
        with open(log_path, "wb") as log:
            self.process = subprocess.Popen(
                [str(binary), "serve", "--host", "127.0.0.1", "--port", "0", *arguments],
                cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        self.port = self._wait_for_port()
        self.base = f"http://127.0.0.1:{self.port}"

    def _wait_for_port(self):
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while time.monotonic() < deadline and self.process.poll() is None:
            for entry in self.log_entries():
                if entry.get("message") == "serving":
                    port = urllib.parse.urlsplit(entry.get("url", "")).port
                    if port:
                        return port
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"deeplinkd did not log its port within {STARTUP_TIMEOUT:.0f} s:\n{self.log_text()}")

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
