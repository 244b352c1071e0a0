"""100 SIGHUP reloads during a wrk run (2 threads, 16 connections, reload-mix.lua), with zero failed requests.

wrk rotates valid URLs (the AASA, /resolve of a charger link and of the probe path /ops/probe-1, the landing page
/c/CH-42 and /healthz) and counts every response by status and by body in Lua. Meanwhile the test sends a SIGHUP every
RELOAD_INTERVAL, each after atomically replacing the config file with one of four variants: `base` (the default
table) and `probe` (plus a route `reloadProbe`, `ops/$(id)`), the valid ones, each reload switching to the one not
served, so every applied reload changes what /resolve of the probe path and the AASA answer; `syntax` (every tenth
reload from the 4th, a YAML syntax error) and `invalid` (every tenth from the 8th, min 5 > max 2), which must be
rejected with the previous config still served. After each SIGHUP the test waits until `deeplinkd_reloads_total`
has counted it (the site is swapped before the counter moves), then asks which config is served.
"""

import http.client
import json
import os
import re
import signal
import subprocess
import time
import urllib.parse
from email.utils import parsedate_to_datetime
from pathlib import Path

import pytest

from conftest import DEFAULT_CONFIG
from rawhttp import HOST

RELOADS = 100
RELOAD_INTERVAL = 0.15  # seconds between SIGHUPs
RELOAD_TIMEOUT = 5.0  # a SIGHUP must be counted in /metrics within this
LOAD_LEAD_SECONDS = 1.0  # wrk runs alone this long before the first SIGHUP, and this long after the last
WRK = ["wrk", "-t2", "-c16", "--timeout", "5s", "-d60s", "-s", str(Path(__file__).with_name("reload-mix.lua"))]
MIN_WRK_REQUESTS = 2000  # far below what even a busy machine serves in the run: only shows the load was on
PROBE_PATH = "/resolve?url=" + urllib.parse.quote(f"https://{HOST}/ops/probe-1", safe="")
AASA_PATH = "/.well-known/apple-app-site-association"
PROBE_ROUTE = """  - name: reloadProbe
    path: ops/$(id)
    params:
      id: {charset: "A-Za-z0-9_-", min: %d, max: %d}
    notification: reloadProbeRequested
"""
BROKEN = {4: "syntax", 8: "invalid"}  # reload number modulo 10 -> the broken variant written before it
PROBLEMS = {"syntax": "YAML syntax error", "invalid": "min 5 is greater than max 2"}
BASE = DEFAULT_CONFIG.read_text()
VARIANTS = {"base": BASE, "probe": BASE + PROBE_ROUTE % (1, 64), "syntax": BASE + "  - name: [reloadProbe\n",
            "invalid": BASE + PROBE_ROUTE % (5, 2)}
VALID = ("base", "probe")


def write_config(path, text):
    """Replaces the file in one rename, so a reload reads either the old text or the new one, never half."""
    Path(f"{path}.new").write_text(text)
    os.replace(f"{path}.new", path)


class Probe:
    """One keep-alive connection for the test's own requests; reconnects once after an error."""

    def __init__(self, port):
        self.port, self.connection = port, None

    def get(self, path, headers=None, with_headers=False):
        for attempt in (1, 2):
            try:
                if self.connection is None:
                    self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
                self.connection.request("GET", path, headers={"Host": HOST, **(headers or {})})
                response = self.connection.getresponse()
                text = response.read().decode("utf-8", "replace")
                return (response.status, text, dict(response.getheaders())) if with_headers else (response.status, text)
            except (OSError, http.client.HTTPException):
                self.connection = None
                if attempt == 2:
                    raise

    def reload_counts(self):
        """(applied, rejected) from deeplinkd_reloads_total in /metrics."""
        _, text = self.get("/metrics")
        return tuple(int(match[1]) if (match := re.search(rf'^deeplinkd_reloads_total\{{result="{result}"\}} (\d+)$',
                                                          text, re.MULTILINE)) else 0 for result in ("ok", "rejected"))

    def served_config(self):
        """Which valid config the server answers from, by /resolve of the probe path and by the AASA."""
        status, text = self.get(PROBE_PATH)
        resolved = json.loads(text) if status == 200 else {}
        by_resolve = ("probe" if resolved.get("route") == "reloadProbe" and resolved.get("matched") else "base"
                      ) if status == 200 else f"status {status}"
        status, text = self.get(AASA_PATH)
        by_aasa = ("probe" if '"/ops/' in text else "base") if status == 200 else f"status {status}"
        return by_resolve if by_resolve == by_aasa else f"resolve says {by_resolve}, AASA says {by_aasa}"

    def aasa_dates(self, earlier):
        """The AASA's `Date`, `Last-Modified` and `ETag`, and the status of a revalidation with the `Last-Modified` of
        `earlier` (the previous answer's dates, or None)."""
        _, _, headers = self.get(AASA_PATH, with_headers=True)
        answer = {"date": headers["Date"], "last_modified": headers["Last-Modified"], "etag": headers["ETag"]}
        if earlier:
            answer["revalidated"] = self.get(AASA_PATH, {"If-Modified-Since": earlier["last_modified"]})[0]
        return answer


@pytest.fixture(scope="module")
def reloads(serve, tmp_path_factory):
    """Runs the reloads under wrk; returns what each did and wrk's figures. The server stops (exit 0) at the end."""
    config = tmp_path_factory.mktemp("reload") / "deeplinkd.yaml"
    write_config(config, VARIANTS["base"])
    server = serve("--config", config, "--per-ip-limit", 0, name="reload")
    probe, run = Probe(server.port), {"server": server, "counted": [], "dates": []}
    run["served_at_start"] = probe.served_config()
    wrk = subprocess.Popen(WRK + [server.base + "/"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(LOAD_LEAD_SECONDS)
        run["wrk_running_before"] = wrk.poll() is None
        served, first = "base", time.monotonic()
        for number in range(1, RELOADS + 1):
            time.sleep(max(0.0, first + (number - 1) * RELOAD_INTERVAL - time.monotonic()))
            variant = BROKEN.get(number % 10) or ("probe" if served == "base" else "base")
            write_config(config, VARIANTS[variant])
            server.process.send_signal(signal.SIGHUP)
            deadline = time.monotonic() + RELOAD_TIMEOUT
            while sum(counts := probe.reload_counts()) < number and time.monotonic() < deadline:
                time.sleep(0.005)
            if sum(counts) < number:
                break
            served = variant if variant in VALID else served
            run["counted"].append((number, variant, counts, probe.served_config()))
            run["dates"].append(probe.aasa_dates(run["dates"][-1] if run["dates"] else None))
        time.sleep(LOAD_LEAD_SECONDS)
        run["wrk_running_after"] = wrk.poll() is None
        wrk.send_signal(signal.SIGINT)  # wrk then reports as at the end of its duration
        output, errors = wrk.communicate(timeout=15)
    finally:
        if wrk.poll() is None:
            wrk.kill()
            wrk.wait()
    match = re.search(r"^OPS (\{.*\})$", output, re.MULTILINE)
    run["wrk"] = json.loads(match[1]) if match else {"missing": (errors or output)[:300]}
    server.stop()  # a clean stop flushes the whole log; the serve fixture checks the exit status
    return run


def test_check_accepts_the_valid_variants_and_rejects_the_broken_ones(binary, tmp_path):
    outcomes = {}
    for name, text in VARIANTS.items():
        write_config(tmp_path / f"{name}.yaml", text)
        completed = subprocess.run([binary, "check", "--config", tmp_path / f"{name}.yaml"], capture_output=True)
        outcomes[name] = "accepted" if completed.returncode == 0 else "rejected"
    assert outcomes == {"base": "accepted", "probe": "accepted", "syntax": "rejected", "invalid": "rejected"}


def test_the_server_starts_on_the_base_config(reloads):
    assert reloads["served_at_start"] == "base"


def test_wrk_runs_before_the_first_sighup(reloads):
    assert reloads["wrk_running_before"]


def test_wrk_still_runs_after_the_last_sighup(reloads):
    assert reloads["wrk_running_after"]


def test_every_sighup_is_counted_in_metrics(reloads):
    assert len(reloads["counted"]) == RELOADS, f"reload {len(reloads['counted']) + 1} was not counted"


def test_metrics_counts_applied_and_rejected_reloads(reloads):
    rejected = sum(1 for number in range(1, RELOADS + 1) if number % 10 in BROKEN)
    assert reloads["counted"][-1][2] == (RELOADS - rejected, rejected)


def test_each_applied_reload_changes_what_is_served(reloads):
    wrong = [(n, variant, seen) for n, variant, _, seen in reloads["counted"] if variant in VALID and seen != variant]
    assert wrong == [], "(reload, written, served)"


def test_each_rejected_reload_leaves_the_previous_config_serving(reloads):
    counted = reloads["counted"]
    wrong = [(n, variant, seen, previous[3]) for previous, (n, variant, _, seen) in zip(counted, counted[1:])
             if variant not in VALID and seen != previous[3]]
    assert wrong == [], "(reload, written, served, served before)"


def test_last_modified_is_never_after_date_through_the_reloads(reloads):
    dates = reloads["dates"]
    assert len(dates) == RELOADS
    ahead = [(number, answer["last_modified"], answer["date"]) for number, answer in enumerate(dates, 1)
             if parsedate_to_datetime(answer["last_modified"]) > parsedate_to_datetime(answer["date"])]
    assert ahead == [], ahead[:5]


def test_a_revalidation_with_the_previous_date_gets_200_for_changed_bytes_and_304_for_unchanged(reloads):
    dates = reloads["dates"]
    changed, unchanged = [], []
    for number in range(1, len(dates)):
        answer, before = dates[number], dates[number - 1]
        if answer["etag"] != before["etag"]:
            changed.append(answer["revalidated"])
            continue
        # A rejected reload keeps the bytes and their date, which proves them unless other bytes shared its second.
        other = next((dates[index] for index in range(number - 1, -1, -1) if dates[index]["etag"] != answer["etag"]), None)
        shared = other is not None and other["last_modified"] == answer["last_modified"]
        unchanged.append((number, answer["revalidated"], 200 if shared else 304))
    assert len(changed) >= 60 and set(changed) == {200}, changed
    assert len(unchanged) >= 10 and [entry for entry in unchanged if entry[1] != entry[2]] == [], unchanged


def test_wrk_made_requests_during_the_reloads(reloads):
    assert reloads["wrk"].get("requests", 0) >= MIN_WRK_REQUESTS, reloads["wrk"]


def test_wrk_saw_only_2xx_responses(reloads):
    figures = reloads["wrk"]
    statuses = figures.get("statuses", {})
    assert sum(statuses.values()) > 0 and figures["non_2xx_3xx"] == 0, statuses
    assert [status for status in statuses if not status.startswith("2")] == [], statuses


def test_wrk_saw_no_socket_error_and_no_timeout(reloads):
    errors = {name: reloads["wrk"].get(name) for name in ("connect_errors", "read_errors", "write_errors", "timeouts")}
    assert not any(errors.values()), errors


def test_every_body_is_the_answer_its_url_gives(reloads):
    bodies = reloads["wrk"].get("bodies", {})
    assert "other" not in bodies and all(bodies.get(kind) for kind in ("aasa", "resolve", "landing", "healthz")), bodies


def log_entries(reloads):
    """The "reloaded" and "reload rejected" entries, the other lines above info, and the count of 5xx answers."""
    entries = [entry for entry in reloads["server"].log_entries() if entry.get("message") != "request"]
    server_errors = sum(1 for line in reloads["server"].log_text().splitlines()
                        if '"message":"request"' in line and '"status":5' in line)
    return ([entry for entry in entries if entry.get("message", "").startswith("reload")],
            [entry for entry in entries if not entry.get("message", "").startswith("reload")
             and entry.get("level") not in ("info", "debug", "trace")], server_errors)


def test_the_log_has_each_reload_in_the_order_written(reloads):
    kinds = ["applied" if entry["message"] == "reloaded" else "rejected" for entry in log_entries(reloads)[0]]
    expected = ["applied" if variant in VALID else "rejected" for _, variant, _, _ in reloads["counted"]]
    assert expected and kinds == expected


def test_each_rejection_names_its_problem(reloads):
    rejections = [entry for entry in log_entries(reloads)[0] if entry["message"] != "reloaded"]
    variants = [variant for _, variant, _, _ in reloads["counted"] if variant not in VALID]
    unexplained = [(variant, entry.get("problems", "")) for variant, entry in zip(variants, rejections)
                   if PROBLEMS[variant] not in entry.get("problems", "")]
    assert rejections and unexplained == []


def test_the_log_has_no_5xx_and_no_error_besides_the_rejections(reloads):
    _, problems, server_errors = log_entries(reloads)
    assert server_errors == 0 and problems == []
