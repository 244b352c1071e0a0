"""The bench package's pure parts (scripts/bench): wrk's output read, the load generator's cap turned into bounded
ratios and verdicts, the report rendered from measurements, the options; and the pipelined load shape against a
server that records how the requests arrive. `make bench` itself is not run here."""

import http.client
import json
import os
import re
import socket
import struct
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from bench import cases, formatting, load, measures, micro, options, report, run, servers, tables  # noqa: E402

WRK_OUTPUT = """Running 2s test @ http://127.0.0.1:8080/.well-known/apple-app-site-association
  1 threads and 64 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   712.00us  201.00us   5.10ms   90.00%
  172800 requests in 2.00s, 150.00MB read
Requests/sec:  86400.00
Transfer/sec:     75.00MB
BENCH {"requests":172800,"duration_us":2000000,"bytes":157286400,"connect_errors":0,"read_errors":0,\
"write_errors":0,"timeouts":0,"non_2xx_3xx":3,"p50_us":662,"p90_us":900,"p99_us":1750,"max_us":5100,"mean_us":712.0}
"""


def summary(rps, load_cores, user=3.0, system=8.0, cpu_cores=0.99):
    return {"rps": rps, "rps_min": rps * 0.9, "rps_max": rps * 1.1, "p50_us": 662.0, "p99_us": 1750.0,
            "cpu_cores": cpu_cores, "cpu_us_per_request": user + system, "system_us_per_request": system,
            "user_us_per_request": user, "load_cores": load_cores, "load_cpu_us_per_request": 9.5,
            "peak_rss": 20 * 1048576, "errors": {}, "runs": 3, "failures": []}


def pinned(case, shape, server, rps, load_cores, ratio=None, certificate=None, **figures):
    return {"case": case, "certificate": certificate, "connections": 64, "shape": shape, "server": server,
            "summary": summary(rps, load_cores, **figures), "ratio": ratio, "ratios": [ratio] if ratio else [],
            "failures": []}


def measurements():
    """A run with both load shapes: the AASA's serial runs capped by wrk on deeplinkd's side, its pipelined runs
    not; a cached landing page capped on nginx's side; 20,000 URLs capped on both."""
    rows = [
        pinned("aasa", "serial", "deeplinkd", 90000, 0.97, 1.25),
        pinned("aasa", "serial", "nginx", 72000, 0.80),
        pinned("aasa", "pipelined", "deeplinkd", 180000, 0.55, 1.55, user=1.0, system=4.0),
        pinned("aasa", "pipelined", "nginx", 116000, 0.60, user=1.5, system=6.5),
        pinned("aasa", "pipelined", "libmicrohttpd", 250000, 0.45, 2.16, user=0.6, system=3.4),
        pinned("landing", "serial", "deeplinkd", 80000, 0.85, 1.10),
        pinned("landing", "serial", "nginx", 72700, 0.95, user=1.9, system=9.6),
        pinned("resolve-many", "serial", "deeplinkd", 60000, 0.93, 0.70),
        pinned("resolve-many", "serial", "nginx", 85700, 0.96),
        pinned("https-full", "serial", "deeplinkd", 570, 1.0, 0.36, certificate="rsa", user=1667.0, system=67.0),
        pinned("https-full", "serial", "nginx", 1600, 1.0, certificate="rsa", user=546.0, system=68.0),
        pinned("https-full", "serial", "gnutls-serv", 440, 1.0, 0.27, certificate="rsa", user=1812.0, system=112.0),
        pinned("https-full", "serial", "deeplinkd", 1700, 1.0, 0.95, certificate="ecdsa", user=289.0, system=85.0),
        pinned("https-full", "serial", "nginx", 1800, 1.0, certificate="ecdsa", user=320.0, system=73.0),
        pinned("https-full", "serial", "gnutls-serv", 1300, 1.0, 0.71, certificate="ecdsa", user=291.0, system=99.0),
    ]
    return {
        "date": "2026-11-27 09:00 UTC", "machine": "2 cores (test)", "versions": {"deeplinkd": "abc1234"},
        "settings": {"quick": False, "rounds": 3, "duration": 10, "modes": ["pinned"],
                     "shapes": ["serial", "pipelined"], "pipeline_depth": 16, "pinned_connections": [64],
                     "connections": [64, 256], "cases": ["aasa", "landing", "resolve-many", "https-full"],
                     "certificates": ["ecdsa", "rsa"], "wrk_threads": 2, "counts": 2000, "threading_rounds": 2,
                     "starts": 5, "scale_runs": 3, "parts": ["start", "pinned", "table-scale"]},
        "elapsed": 600.0,
        "pinned": {"rows": rows},
        "start": {"times": [0.012, 0.013, 0.014], "median": 0.013},
        "table_scale": {"runs": 3, "rows": [{"routes": 20000, "check": 0.72, "check_cpu": 0.71, "start": 0.70}]},
        "counts": {"error": "RuntimeError: deeplinkd did not start under valgrind"},
    }


def rendered(data=None):
    hand_written = "## What bounds the figures, and what is left\n\nkept"
    return report.render(measurements() if data is None else data, hand_written)


def targets_by_title(data):
    return {title: (measured, verdict) for title, measured, verdict in report.targets(data)}


def test_wrk_output_is_read_from_the_bench_line():
    figures = load.parse_wrk_output(WRK_OUTPUT)
    assert figures["requests"] == 172800
    assert figures["p99_us"] == 1750
    assert figures["non_2xx_3xx"] == 3
    run_figures = load.figures_of_run(figures, (50, 150), load_seconds=1.8, elapsed=2.0)
    assert run_figures["rps"] == pytest.approx(86400)
    assert run_figures["cpu_cores"] == pytest.approx(200 / measures.CLOCK_TICKS / 2.0)
    assert run_figures["user_cores"] == pytest.approx(50 / measures.CLOCK_TICKS / 2.0)
    assert run_figures["load_cores"] == pytest.approx(0.9)
    assert run_figures["errors"] == {"non_2xx_3xx": 3}


@pytest.mark.parametrize("output", [
    "Running 2s test\n  0 requests in 2.00s\n",
    "BENCH {\"requests\":10,\n",
    'BENCH {"requests":10,"duration_us":0,"connect_errors":0,"read_errors":0,"write_errors":0,"timeouts":0,'
    '"non_2xx_3xx":0}\n',
    'BENCH {"requests":10,"duration_us":100}\n',
])
def test_wrk_output_without_a_whole_bench_line_is_none(output):
    assert load.parse_wrk_output(output) is None


@pytest.mark.parametrize("ours, theirs, kind", [
    (0.89, 0.90, "exact"), (0.91, 0.50, "at least"), (0.50, 0.91, "at most"), (0.95, 1.00, "neither")])
def test_the_load_generator_above_90_percent_bounds_the_ratio(ours, theirs, kind):
    assert measures.bound(summary(1000, ours), summary(1000, theirs)) == kind


@pytest.mark.parametrize("ours_core, theirs_core, kind", [(0.95, 0.99, "exact"), (0.60, 0.99, "starved"),
                                                          (0.99, 0.85, "starved")])
def test_a_server_held_back_by_other_work_leaves_its_ratio_undecided(ours_core, theirs_core, kind):
    ours, theirs = summary(1000, 0.30, cpu_cores=ours_core), summary(1000, 0.30, cpu_cores=theirs_core)
    assert measures.bound(ours, theirs) == kind
    assert measures.judge(0.5, kind, 1.0) == ("not met" if kind == "exact" else "undecided")


def test_bounded_ratios_are_written_with_their_sign():
    assert [formatting.ratio(1.2, kind) for kind in ("exact", "at least", "at most", "neither", "starved")] == [
        "1.20×", "≥ 1.20×", "≤ 1.20×", "≈ 1.20×", "~ 1.20×"]
    assert formatting.ratio(0.996) == "0.996×"
    assert formatting.ratio(None) == "–"


@pytest.mark.parametrize("ratio, kind, verdict", [
    (1.25, "exact", "met"), (1.15, "exact", "not met"), (1.25, "at least", "met"), (1.15, "at least", "undecided"),
    (1.15, "at most", "not met"), (1.25, "at most", "undecided"), (1.25, "neither", "undecided"),
    (1.25, "starved", "undecided"),
    (None, "exact", None)])
def test_a_bounded_ratio_decides_only_on_its_side_of_the_target(ratio, kind, verdict):
    assert measures.judge(ratio, kind, 1.2) == verdict


def test_the_serial_shape_decides_and_the_pipelined_one_only_where_wrk_capped_it():
    assert measures.combine(["undecided", "met"]) == "met"
    assert measures.combine(["undecided", "not met"]) == "not met"
    assert measures.combine(["not met", "met"]) == "not met"
    assert measures.combine(["met", "not met"]) == "met"
    assert measures.combine(["undecided", None]) == "undecided"
    assert measures.combine([None]) is None


def test_capped_ratios_print_as_bounds_with_their_verdicts():
    text = rendered()
    assert ("| AASA | – | serial | 64 | deeplinkd | 90.0k (81.0k–99.0k) | **≥ 1.25×** | undecided | 662 µs | 1.75 ms "
            "| 3.0 + 8.0 µs | 0.99 | 0.97 capped | 1.25 | none |") in text
    assert "| AASA | – | pipelined | 64 | deeplinkd | 180.0k (162.0k–198.0k) | **1.55×** | met |" in text
    assert ("| landing `/c/CH-42` | – | serial | 64 | deeplinkd | 80.0k (72.0k–88.0k) | **≤ 1.10×** "
            "| **not met** |") in text
    assert ("| `/resolve`, 20,000 URLs | – | serial | 64 | deeplinkd | 60.0k (54.0k–66.0k) | **≈ 0.70×** "
            "| undecided |") in text
    assert ("| HTTPS, a connection per request, full handshake | RSA 2048 | – | 64 | gnutls-serv | 440 (396–484) "
            "| **≈ 0.27×** |  |") in text


def test_targets_combine_both_shapes_and_name_the_capped_cases():
    found = targets_by_title(measurements())
    assert found["AASA ≥ 1.5× nginx"] == ("AASA, serial ≥ 1.25×; AASA, pipelined 1.55×", "met")
    assert found["`/resolve` and landing, cached, ≥ 1.3× nginx"] == ("landing `/c/CH-42`, serial ≤ 1.10×", "not met")
    measured, verdict = found["wrk not the limit: each keep-alive case has a load shape with wrk's core ≤ 0.90"]
    assert verdict == "not met"
    assert measured == ("wrk's core at most 0.97 serial, wrk's core at most 0.60 pipelined; capped in every shape: "
                        "landing `/c/CH-42`, `/resolve`, 20,000 URLs")
    assert found["idle RSS ≤ 14 MiB"] == ("not measured", None)
    assert found["start to first 200 ≤ 50 ms"] == ("13.0 ms", "met")


def test_user_time_equal_to_nginx_is_not_above_it():
    found = targets_by_title(measurements())
    assert found["user CPU per request ≤ nginx's, every plain-HTTP case (serial)"] == (
        "above in landing `/c/CH-42` 3.0 vs 1.9 µs", "not met")


def test_a_load_generator_free_shape_for_every_case_meets_the_load_target():
    data = measurements()
    data["pinned"]["rows"] = [row for row in data["pinned"]["rows"] if row["case"] in ("aasa", "https-full")]
    measured, verdict = targets_by_title(data)[
        "wrk not the limit: each keep-alive case has a load shape with wrk's core ≤ 0.90"]
    assert verdict == "met"


def test_the_rsa_gap_is_stated_with_its_measured_cause_and_the_certificate_to_use():
    text = rendered()
    assert "furthest behind nginx:\n≈ 0.36× nginx's connections/s with RSA 2048.\n" in text
    assert ("a connection costs gnutls-serv 1.92 ms of CPU and deeplinkd 1.73 ms (0.90× gnutls-serv's), against "
            "nginx's 0.61 ms: an RSA handshake costs GnuTLS 3.1 times what it costs OpenSSL.\n") in text
    assert ("With an ECDSA P-256 certificate a full handshake costs\ndeeplinkd 0.37 ms, gnutls-serv 0.39 ms, "
            "nginx 0.39 ms of CPU a connection.\n") in text
    assert "The recommended certificate for deeplinkd's built-in TLS is therefore ECDSA P-256" in text
    assert "the same certificate. Measured:\nnot measured in this run.\n" in text


def test_the_keep_alive_target_reads_each_certificate_and_shape():
    data = measurements()
    data["pinned"]["rows"] += [
        pinned("https-keepalive", "serial", "deeplinkd", 70000, 0.95, 1.18, certificate="ecdsa"),
        pinned("https-keepalive", "serial", "nginx", 59000, 0.94, certificate="ecdsa"),
        pinned("https-keepalive", "pipelined", "deeplinkd", 120000, 0.50, 1.22, certificate="ecdsa"),
        pinned("https-keepalive", "pipelined", "nginx", 98000, 0.45, certificate="ecdsa")]
    assert ("Measured:\n≈ 1.18× with ECDSA P-256, serial (undecided); 1.22× with ECDSA P-256, pipelined (met).\n"
            in rendered(data))
    assert targets_by_title(data)["HTTPS keep-alive ≥ 1.2× nginx (ECDSA P-256)"] == (
        "HTTPS AASA, keep-alive, serial ≈ 1.18×; HTTPS AASA, keep-alive, pipelined 1.22×", "met")


def test_the_bounds_table_gives_the_user_time_each_target_needs():
    row = "| AASA | pipelined | 1.0 µs | 4.0 µs | 0.6 + 3.4 µs | 1.5 µs | 6.5 µs | 2.00× | 1.50×: 1.3 µs |"
    assert row in rendered()


def test_libmicrohttpd_alone_has_its_ratio_and_no_verdict_and_a_case_without_it_a_dash():
    text = rendered()
    assert re.search(r"\| AASA \| – \| pipelined \| 64 \| libmicrohttpd \| [^|]+ \| \*\*2\.16×\*\* \|  \|", text)
    assert re.search(r"\| landing `/c/CH-42` \| serial \| [^|]+ \| [^|]+ \| – \|", text)


def start_libmicrohttpd_alone(directory):
    """mhd-alone, built in `directory` and started with small files of each kind to answer with."""
    www = directory / "www"
    www.mkdir()
    (www / "aasa.json").write_bytes(b'{"applinks":{}}')
    (www / "landing.html").write_bytes(b"<!doctype html><title>page</title>")
    (www / "resolve.json").write_bytes(b'{"matched":true}')
    return servers.start_libmicrohttpd(str(directory), "libmicrohttpd", str(www))


def test_libmicrohttpd_alone_answers_what_deeplinkd_answers_and_makes_a_response_per_new_target(tmp_path):
    """mhd-alone.c, built and run: the AASA and a page with deeplinkd's fields, kept for a repeated target and made
    anew for another, on one keep-alive connection."""
    server = start_libmicrohttpd_alone(tmp_path)
    try:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        answers = []
        for target in (cases.AASA_PATH, "/c/CH-42", "/c/B00001", "/resolve?url=x", "/nothing", "/c/B00002"):
            connection.request("GET", target)
            response = connection.getresponse()
            answers.append((response.status, response.getheader("Content-Type"), response.getheader("Connection"),
                            response.getheader("Referrer-Policy"), response.read()))
        connection.close()
    finally:
        server.stop()
    assert answers[0] == (200, "application/json", None, None, b'{"applinks":{}}')
    page = (200, "text/html; charset=utf-8", None, "strict-origin-when-cross-origin",
            b"<!doctype html><title>page</title>")
    assert answers[1] == answers[2] == answers[5] == page
    assert answers[3] == (200, "application/json; charset=utf-8", None, None, b'{"matched":true}')
    assert answers[4][0] == 404


def test_libmicrohttpd_alone_batches_pipelined_answers_as_deeplinkd_does(tmp_path):
    """mhd-alone is built with deeplinkd's poll() (Sources/CBatchedAnswers) and adopts its connections: sixteen
    pipelined requests are answered whole, in far fewer segments than answers."""
    server = start_libmicrohttpd_alone(tmp_path)
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as connection:
            def received():  # tcpi_segs_in, at byte 140 of Linux's struct tcp_info
                return struct.unpack_from("=I", connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 256), 140)[0]

            before = received()
            connection.sendall(b"".join(b"GET /c/B%05d HTTP/1.1\r\nHost: links.example.com\r\n\r\n" % number
                                        for number in range(16)))
            buffer = b""
            while buffer.count(b"<title>page</title>") < 16:
                chunk = connection.recv(65536)
                assert chunk, "mhd-alone closed the connection before the sixteenth answer"
                buffer += chunk
            segments = received() - before
    finally:
        server.stop()
    assert buffer.count(b"HTTP/1.1 200 OK") == 16
    assert segments < 8, f"16 answers came in {segments} segments"


def test_libmicrohttpd_alone_makes_once_the_response_of_every_target_deeplinkd_keeps():
    """Every repeated target follows the AASA argument, the AASA first among them: a repeated target missing from the
    command (the AASA was, once) gets a response made per request, and the library's share of that case is overstated."""
    command = servers.libmicrohttpd_alone_command("mhd-alone", 8080, "/www")
    assert command[:4] == ["mhd-alone", "8080", "/www", cases.AASA_PATH]
    assert command[4:] == [cases.AASA_PATH, cases.LANDING_PATH, *cases.resolve_mix_paths()]


def test_parts_not_run_or_failed_say_so():
    text = rendered()
    assert "Not run this time (`--no-micro`; `--quick` leaves them out)." in text
    assert "Not run this time (`--threading`; `make bench` includes it)." in text
    assert "Not measured: RuntimeError: deeplinkd did not start under valgrind" in text
    assert "| 20,000 | 720 ms | 710 ms | 700 ms |" in text
    assert text.endswith("## What bounds the figures, and what is left\n\nkept\n")
    assert "$" not in text.replace("$(", "")


def test_a_quick_run_is_marked_as_one():
    data = measurements()
    data["settings"]["quick"] = True
    assert "**A quick run** (`--quick`)" in rendered(data)
    assert "**A quick run**" not in rendered()


def test_a_run_without_the_pipelined_shape_says_so():
    data = measurements()
    data["settings"]["shapes"] = ["serial"]
    data["pinned"]["rows"] = [row for row in data["pinned"]["rows"] if row["shape"] == "serial"]
    assert "it took 10 min. The pinned mode ran in the serial load shape only.\n" in rendered(data)
    assert "serial load shape only" not in rendered()


def test_a_failed_run_is_a_row_that_says_why():
    data = measurements()
    row = data["pinned"]["rows"][0]
    row["summary"], row["ratio"], row["failures"] = None, None, ["wrk exited with status 1: connection refused"]
    assert ("| AASA | – | serial | 64 | deeplinkd | failed: wrk exited with status 1: connection refused |"
            in rendered(data))


def test_the_committed_report_is_the_template_rendered_from_the_committed_measurements():
    with open(ROOT / "docs" / "performance.json") as file:
        data = json.load(file)
    path = ROOT / "docs" / "performance.md"
    assert report.render(data, report.hand_written_section(str(path))) == path.read_text(), \
        "docs/performance.md differs from its template: python3 scripts/bench --render-only docs/performance.json"


def test_quick_mode_is_short_and_writes_under_build():
    chosen = options.parse(["--quick"])
    assert (chosen.rounds, chosen.duration, chosen.counts, chosen.starts) == (1, 2, 200, 2)
    assert chosen.output == str(ROOT / ".build" / "bench" / "performance.md")
    assert "micro" not in chosen.parts
    assert run.measurements_path(chosen.output) == str(ROOT / ".build" / "bench" / "performance.json")
    assert options.estimated_seconds(chosen) < 600


def test_every_option_of_the_old_script_is_still_accepted():
    chosen = options.parse(["--binary", ".build/release/deeplinkd", "--rounds", "1", "--duration", "2", "--modes",
                            "pinned", "--connections", "64", "--pinned-connections", "64", "--cases",
                            "aasa,https-full", "--certificates", "ecdsa", "--wrk-threads", "1", "--counts", "0",
                            "--threading", "--threading-rounds", "1", "--starts", "0", "--no-end-to-end",
                            "--no-micro", "--no-table-scale", "--micro-timeout", "60", "--output", "/tmp/p.md",
                            "--keep-temp"])
    assert chosen.parts == ["threading", "app"]
    assert options.parse(["--only", "table-scale"]).parts == ["table-scale"]


@pytest.mark.parametrize("arguments", [["--cases", "aasa,nope"], ["--shapes", "burst"], ["--only", "everything"],
                                       ["--rounds", "0"], ["--connections", "1", "--wrk-threads", "2"]])
def test_bad_options_are_refused(arguments, capsys):
    with pytest.raises(SystemExit) as exit_info:
        options.parse(arguments)
    assert exit_info.value.code == 2
    assert "error:" in capsys.readouterr().err


def test_the_pipelined_shape_runs_wrk_with_the_case_script_inside_the_pipeline_script():
    command = load.wrk_command("http://127.0.0.1:1/resolve", "resolve-mix.lua", "pipelined", 64, 10, 1, "1")
    assert command[:3] == ["taskset", "-c", "1"]
    assert command[-2:] == [os.path.join(ROOT, "scripts", "bench", "wrk", "pipeline.lua"), "http://127.0.0.1:1/resolve"]
    environment = load.wrk_environment("resolve-mix.lua", "pipelined", 8, base={})
    assert (environment["BENCH_CASE_SCRIPT"], environment["PIPELINE_DEPTH"]) == ("resolve-mix.lua", "8")
    assert "BENCH_CASE_SCRIPT" not in load.wrk_environment("resolve-mix.lua", "serial", base={})


def test_micro_benchmark_tables_are_read_per_benchmark():
    output = """### resolve matched (default table)

| Metric | p0 | p25 | p50 | p75 | p90 | p99 | p100 | Samples |
|:---|---:|---:|---:|---:|---:|---:|---:|---:|
| Malloc (total) * | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 100 |
| Time (wall clock) (ns) * | 650 | 680 | 691 | 700 | 720 | 800 | 900 | 100 |

### AASA generation (default table)

| Metric | p0 | p25 | p50 | p75 | p90 | p99 | p100 | Samples |
|:---|---:|---:|---:|---:|---:|---:|---:|---:|
| Malloc (total) (K) * | 0 | 0 | 0.134 | 0 | 0 | 0 | 0 | 100 |
| Time (wall clock) (us) * | 16 | 16 | 17 | 17 | 18 | 19 | 20 | 100 |
"""
    assert micro.parse(output) == {"resolve matched (default table)": {"mallocs": 1.0, "time_ns": 691.0},
                                   "AASA generation (default table)": {"mallocs": 134.0, "time_ns": 17000.0}}


class RecordingServer(threading.Thread):
    """A loopback HTTP/1.1 server that answers every request with 200 and records, per connection, the request
    lines each read held."""

    def __init__(self):
        super().__init__(daemon=True)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.reads = []
        self.lock = threading.Lock()

    def run(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self.serve, args=(connection,), daemon=True).start()

    def serve(self, connection):
        reads = []
        with self.lock:
            self.reads.append(reads)
        pending = b""
        with connection:
            while True:
                try:
                    chunk = connection.recv(65536)
                except OSError:
                    return
                if not chunk:
                    return
                pending += chunk
                *requests, pending = pending.split(b"\r\n\r\n")
                with self.lock:
                    reads.append([request.split(b"\r\n")[0].decode() for request in requests])
                try:
                    connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok" * len(requests))
                except OSError:
                    return


@pytest.mark.skipif(subprocess.run(["sh", "-c", "command -v wrk"], capture_output=True).returncode != 0,
                    reason="wrk is not installed (make system-check installs it)")
def test_the_pipelined_shape_sends_its_depth_of_the_case_requests_in_each_write():
    server = RecordingServer()
    server.start()
    try:
        command = load.wrk_command(f"http://127.0.0.1:{server.port}/resolve", "resolve-mix.lua", "pipelined", 2, 1, 1)
        completed = subprocess.run(command, capture_output=True, text=True, timeout=60,
                                   env=load.wrk_environment("resolve-mix.lua", "pipelined", 4))
    finally:
        server.listener.close()
    assert completed.returncode == 0, completed.stderr
    figures = load.parse_wrk_output(completed.stdout)
    assert figures is not None and figures["requests"] > 0
    with server.lock:
        connections = [[lines for lines in reads if lines] for reads in server.reads]
    connections = [reads for reads in connections if reads]
    assert connections
    # wrk writes a batch of 4 and waits for its 4 answers: no read holds more, and each connection has whole ones.
    for reads in connections:
        assert max(len(lines) for lines in reads) == 4, reads[:5]
    paths = {line.split()[1] for reads in connections for lines in reads for line in lines}
    assert paths == set(cases.resolve_mix_paths())


def test_a_run_that_answered_nothing_is_a_failure_not_a_figure():
    answered = load.figures_of_run(load.parse_wrk_output(WRK_OUTPUT), (50, 150), 1.8, 2.0)
    nothing = dict(answered, rps=0.0, requests=0, error="no request answered in 2 s")
    runs = [dict(answered, round=0, peak_rss=1), dict(nothing, round=1, peak_rss=1)]
    summarized = measures.summarize(runs)
    assert summarized["runs"] == 1
    assert summarized["failures"] == ["no request answered in 2 s"]
    assert measures.summarize([dict(nothing, round=0, peak_rss=1)]) is None
    assert measures.per_round_ratio([dict(answered, round=1)], [dict(nothing, round=1)]) == (None, [])


def test_a_warning_in_the_server_log_counts_unless_wrk_caused_it_by_ending_the_run(tmp_path):
    """A handshake cut short, or in a pipelined run a batch reset while its answers were being sent, is what wrk
    causes when it ends a run: not a warning of the server's. Any other line not at info level is, and so is a reset
    in a serial run, where wrk has no batch in flight."""
    reset = ('{"level":"warning","message":"Failed to send the response headers for the request for `/c/CH-42\'. '
             'Error: The connection was forcibly closed by remote peer."}')
    handshake = '{"level":"warning","message":"TLS: received handshake message out of context"}'
    other = '{"level":"warning","message":"the access log could not be written"}'
    log = tmp_path / "server.log"
    log.write_text('{"level":"info","message":"serving"}\n' + reset + "\n" + handshake + "\n")
    assert servers.log_problems(str(log), pipelined=True) == []
    assert servers.log_problems(str(log)) == [reset[:200]]
    log.write_text(reset + "\n" + other + "\n")
    assert servers.log_problems(str(log), pipelined=True) == [other]
    answered = dict(load.figures_of_run(load.parse_wrk_output(WRK_OUTPUT), (50, 150), 1.8, 2.0), peak_rss=1, errors={})
    summarized = measures.summarize([dict(answered, round=0, log_problems=[other]), dict(answered, round=1)])
    assert summarized["errors"] == {"runs with warnings in the server log": 1}


def test_the_counts_table_puts_libmicrohttpd_alone_beside_deeplinkd_for_each_case():
    data = measurements()
    data["counts"] = {"batch": 2000,
                      "deeplinkd": {"aasa": {"instructions": 45600.4, "allocations": 2.0, "reference_counting": 146.3,
                                             "instruction_cache_misses": 970.4},
                                    "landing-many": {"instructions": 79200.0, "allocations": 25.6}},
                      "libmicrohttpd": {"aasa": {"instructions": 31000.0, "allocations": 1.0},
                                        "landing-many": {"error": "RuntimeError: no dump"}},
                      "gnutls-serv": {"https-full": {"instructions": 3100000.0, "allocations": 160.0}}}
    rows = [line for line in rendered(data).splitlines() if "instructions" not in line and (
        "| deeplinkd |" in line or "| libmicrohttpd alone |" in line or "| gnutls-serv |" in line) and "µs" not in line
        and line.count("|") == 7]
    assert rows == [
        "| AASA | deeplinkd | 45,600 | 2.0 | 146 | 970 |",
        "| AASA | libmicrohttpd alone | 31,000 | 1.0 | – | – |",
        "| landing, 5,000 ids | deeplinkd | 79,200 | 25.6 | – | – |",
        "| landing, 5,000 ids | libmicrohttpd alone | failed: RuntimeError: no dump |  |  |  |",
        "| HTTPS, a connection per request, full handshake | gnutls-serv | 3,100,000 | 160.0 | – | – |"]


def test_a_profile_gives_its_instructions_allocations_retains_and_instruction_cache_misses(tmp_path):
    from bench import counts
    simulated = tmp_path / "simulated.out"
    simulated.write_text("""version: 1
events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
fn=main
1 500 10 10 7 0 0 0 0 0
cfn=malloc
calls=3 0
1 40 0 0 2 0 0 0 0 0
cfn=free
calls=3 0
1 30 0 0 1 0 0 0 0 0
cfn=swift_bridgeObjectRetain
calls=4 0
1 30 0 0 1 0 0 0 0 0
cfn=swift_release
calls=5 0
1 30 0 0 1 0 0 0 0 0
fn=swift_bridgeObjectRetain
1 20 0 0 0 0 0 0 0 0
cfn=swift_retain
calls=4 0
1 20 0 0 0 0 0 0 0 0
summary: 151187078 23833011 64582920 3530371 825877 832560 214 718 24132
""")
    # The bridge object's own call of swift_retain is not a second operation.
    assert counts.parse_profile(simulated) == (151187078, 3, 9, 3530371)
    plain = tmp_path / "plain.out"
    plain.write_text("events: Ir\nfn=main\ncfn=calloc\ncalls=2 0\n1 10\nsummary: 9000\n")
    assert counts.parse_profile(plain) == (9000, 2, 0, None)
    assert "--cache-sim=yes" in counts.CACHE_SIMULATION and "--I1=32768,8,64" in counts.CACHE_SIMULATION


def test_idle_memory_is_the_median_of_fresh_starts_and_the_report_shows_each():
    starts = iter([14.8, 13.9, 14.0, 13.8, 14.1])

    class FakeProcess:
        pid = 1

    class FakeServer:
        process = FakeProcess()

        def stop(self):
            pass

    def rss(pid, field="VmRSS"):
        return (next(starts) if field == "VmRSS" else {"RssAnon": 2.0, "RssFile": 12.0}[field]) * 1048576

    evicted = []
    original = (run.start_deeplinkd, run.process_rss, run.time.sleep, run.evict_from_page_cache)
    run.start_deeplinkd, run.process_rss, run.time.sleep = (lambda *args, **kwargs: FakeServer()), rss, (lambda seconds: None)
    run.evict_from_page_cache = evicted.append
    try:
        memory = run.idle_memory("deeplinkd", "/tmp")
    finally:
        run.start_deeplinkd, run.process_rss, run.time.sleep, run.evict_from_page_cache = original
    assert evicted == ["deeplinkd"]
    assert memory["idle_rss"] == 14.0 * 1048576
    assert memory["idle_rss_samples"] == [value * 1048576 for value in (14.8, 13.9, 14.0, 13.8, 14.1)]
    lines = tables.memory_list({"memory": memory}).splitlines()
    assert lines[0] == ("- Idle RSS (started, answered `/healthz`, before any load, the median of 5 fresh starts): 14.0 MiB "
                        "(2.0 MiB anonymous, 12.0 MiB file-backed: pages of the executable and its libraries, shared with "
                        "the page cache); each start: 14.8, 13.9, 14.0, 13.8, 14.1 MiB")
    assert tables.memory_list({"memory": {"idle_rss": 14.4 * 1048576}}).splitlines()[0] == (
        "- Idle RSS (started, answered `/healthz`, before any load): 14.4 MiB")


def test_a_binary_just_written_leaves_the_page_cache_and_reads_back_whole():
    # Beside the binaries the bench measures (under .build/), on their file system: a tmpfs /tmp keeps its pages.
    binary = ROOT / ".build" / f"evict-test-{os.getpid()}"
    binary.parent.mkdir(exist_ok=True)
    binary.write_bytes(bytes(range(256)) * 4096)
    try:
        check_evicted(binary)
    finally:
        binary.unlink()


def check_evicted(binary):

    def cached_bytes():
        # fincore (util-linux, on every Debian) counts the file's pages in the page cache.
        done = subprocess.run(["fincore", "--bytes", "--noheadings", "--output", "RES", str(binary)],
                              capture_output=True, text=True, check=True)
        return int(done.stdout.strip())

    assert cached_bytes() == 1048576
    run.evict_from_page_cache(str(binary))
    assert cached_bytes() == 0
    assert binary.read_bytes() == bytes(range(256)) * 4096
