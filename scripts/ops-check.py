#!/usr/bin/env python3
"""Operations under load: 100 SIGHUP reloads during a wrk run, then SIGTERM with requests in flight.

Usage: scripts/ops-check.py [DEEPLINKD_BINARY]   (default .build/debug/deeplinkd; run from the repository root)

The script starts the already-built server itself (127.0.0.1, port 0, `--per-ip-limit 0` so load from one address
is not cut, every other limit at its default), reads the port from the "serving" log line, and runs two phases,
each against a fresh server whose config is a copy of config/deeplinkd.yaml in a temporary directory.

1. Reloads. wrk (2 threads, 16 connections, scripts/ops/reload-mix.lua) rotates valid URLs: the AASA, /resolve of
   a charger link and of the probe path /ops/probe-1, the landing page /c/CH-42 and /healthz, and counts every
   response by status and by body in Lua. Meanwhile the script sends 100 SIGHUPs, one every RELOAD_INTERVAL,
   each after atomically replacing the config file with one of four variants:
     - `base`, the default table, and `probe`, the default table plus a route `reloadProbe` (`ops/$(id)`): the two
       valid configs. Each valid reload switches to the one not being served, so every one of them must change
       what the server answers: /resolve of https://links.example.com/ops/probe-1 matches `reloadProbe` only
       under `probe`, and only `probe`'s AASA lists `/ops/`;
     - `syntax` (every tenth reload, from the 4th: a YAML syntax error) and `invalid` (every tenth, from the 8th:
       well-formed YAML that `deeplinkd check` rejects, a parameter with min 5 > max 2): both must be rejected,
       and the config served before them must go on being served.
   `deeplinkd check` must accept the valid variants and reject the broken ones, so the fixtures cannot rot.
   After each SIGHUP the script waits until `deeplinkd_reloads_total` in /metrics has counted it (the site is
   swapped before the counter moves), then asks /resolve and the AASA which config is served. Passing means: all
   100 reloads counted, 80 applied and 20 rejected by /metrics and by the log (each rejection naming its problem),
   every applied reload visible at once and every rejected one leaving the previous config in place, and wrk,
   still running after the last reload, saw zero non-2xx responses, zero connect/read/write errors and zero
   timeouts, every body being the kind of answer its URL gives. The server's own log may show no 5xx and no
   error other than the 20 rejections.

2. SIGTERM. Keep-alive clients over raw sockets (KEEP_ALIVE_CLIENTS sending GETs one at a time, BULK_CLIENTS
   alternating a GET with a POST /resolve of 1,000 URLs, each taking tens of milliseconds to answer) run for
   LOAD_SECONDS; IDLE_CLIENTS keep-alive connections, answered once, then sit idle as in a client's pool; one more
   client has sent a POST /resolve but for the last TRICKLE_BYTES of its body. Then the script sends SIGTERM, sends
   the rest of that body TRICKLE_SECONDS later, and from the signal on tries a new connection every PROBE_INTERVAL.

   A request counts as accepted when, before the script sent SIGTERM:
     - its last byte had been written (`sendall` returned; on loopback the bytes are then in the server's receive
       buffer), the signal time being read just before `kill`;
     - on a connection on which the server had already answered an earlier request, so the server itself, not
       only the kernel's listen backlog, held the connection. A connection still in the backlog when the server
       stops listening is reset by the kernel, and the client cannot tell it from an accepted one, so the first
       request of each connection is reported but not held to this;
     - and it was the only unanswered request on its connection. The clients never pipeline: HTTP lets a server
       close after any response and leaves pipelined requests to be retried (RFC 9112 section 9.3.2).
   Every accepted request must get a complete response: a 2xx status line, headers, and exactly Content-Length
   bytes of body. In flight at the signal means accepted and not yet completely answered when the signal was
   sent; there must be at least MIN_IN_FLIGHT of them, or the phase proved nothing. No response at all may be cut
   short. The request still being uploaded at the signal must be answered in full, with `Connection: close`; the
   idle connections must be closed by the server (a clean end of stream) while it drains, before that answer, and
   not held until the drain deadline. New connections must be refused while the server is still draining: one
   refused before the uploading request is answered, none accepted after the first refusal. The server must exit
   with status 0 within DRAIN_LIMIT_SECONDS of the signal, and log that no connection was left open at the end of
   its drain.

Everything has a time limit; the servers and wrk are stopped at the end, also on failure, SIGTERM or SIGHUP.
Prints one line per check and ends with `N passed, M failed`; exits 1 when anything failed (the temporary
directory with the server logs is then kept and named).
"""

import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

from checklib import Results, start_server, stop_process

OVERALL_TIMEOUT = 120
SERVER_ARGUMENTS = ["--public", "Public", "--per-ip-limit", "0"]
HOST = "links.example.com"
HTTP_TIMEOUT = 5.0  # for every request the script itself makes

RELOADS = 100
RELOAD_INTERVAL = 0.15  # seconds between SIGHUPs
RELOAD_TIMEOUT = 5.0  # a SIGHUP must be counted in /metrics within this
LOAD_LEAD_SECONDS = 1.0  # wrk runs alone this long before the first SIGHUP
LOAD_TAIL_SECONDS = 1.0  # and this long after the last
WRK_ARGUMENTS = ["-t2", "-c16", "--timeout", "5s"]
WRK_MAX_SECONDS = 60  # wrk's -d; the script stops it with SIGINT once the reloads are done
MIN_WRK_REQUESTS = 2000  # far below what even a busy machine serves in the run: only shows the load was on
LUA_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ops", "reload-mix.lua")
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

KEEP_ALIVE_CLIENTS = 12
BULK_CLIENTS = 2
IDLE_CLIENTS = 2
BULK_URLS = 1000
LOAD_SECONDS = 2.0  # of load before the signal
TRICKLE_BYTES = 1000  # of the uploading request's body, held back until after the signal
TRICKLE_SECONDS = 1.5  # how long after the signal they are sent
PROBE_INTERVAL = 0.02
DRAIN_LIMIT_SECONDS = 10.0  # SIGTERM to exit, at most; also deeplinkd's default --drain-seconds
MIN_IN_FLIGHT = 3
CLIENT_PATHS = [AASA_PATH, "/resolve?url=" + urllib.parse.quote(f"https://{HOST}/c/CH-42", safe=""), "/c/CH-42",
                "/healthz", "/u/abcd1234"]


class CheckError(Exception):
    pass


# ---------------------------------------------------------------------------------------------------------------
# Configs


def config_variants(base):
    """The four config texts, from the default table's text."""
    return {
        "base": base,
        "probe": base + PROBE_ROUTE % (1, 64),
        "syntax": base + "  - name: [reloadProbe\n",
        "invalid": base + PROBE_ROUTE % (5, 2),
    }


def write_config(path, text):
    """Replaces the file in one rename, so a reload reads either the old text or the new one, never half."""
    with open(path + ".new", "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(path + ".new", path)


def check_fixtures(results, binary, workdir, variants):
    outcomes = {}
    for name, text in variants.items():
        path = os.path.join(workdir, f"{name}.yaml")
        write_config(path, text)
        completed = subprocess.run([binary, "check", "--config", path], capture_output=True, text=True, timeout=30)
        outcomes[name] = "accepted" if completed.returncode == 0 else "rejected"
    results.equal("fixtures: `deeplinkd check` accepts base and probe, rejects syntax and invalid", outcomes,
                  {"base": "accepted", "probe": "accepted", "syntax": "rejected", "invalid": "rejected"})


# ---------------------------------------------------------------------------------------------------------------
# Phase 1: reloads under wrk


class Probe:
    """One keep-alive HTTP connection for the script's own requests; reconnects once after an error."""

    def __init__(self, port):
        self.port = port
        self.connection = None

    def get(self, path):
        """(status, body text); raises OSError or HTTPException when a retry on a new connection fails too."""
        try:
            return self.request(path)
        except (OSError, http.client.HTTPException):
            self.close()
            return self.request(path)

    def request(self, path):
        if self.connection is None:
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=HTTP_TIMEOUT)
        self.connection.request("GET", path, headers={"Host": HOST})
        response = self.connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def reload_counts(probe):
    """(applied, rejected) from deeplinkd_reloads_total in /metrics."""
    _, text = probe.get("/metrics")
    counts = []
    for result in ("ok", "rejected"):
        match = re.search(r'^deeplinkd_reloads_total\{result="' + result + r'"\} (\d+)$', text, re.MULTILINE)
        counts.append(int(match.group(1)) if match else 0)
    return tuple(counts)


def wait_for_reload(probe, number):
    """The reload counts once /metrics has counted `number` reloads, or None after RELOAD_TIMEOUT."""
    deadline = time.monotonic() + RELOAD_TIMEOUT
    while time.monotonic() < deadline:
        counts = reload_counts(probe)
        if sum(counts) >= number:
            return counts
        time.sleep(0.005)
    return None


def served_config(probe):
    """Which valid config the server answers from, by /resolve of the probe path and by the AASA."""
    status, text = probe.get(PROBE_PATH)
    resolved = json.loads(text) if status == 200 else {}
    by_resolve = "probe" if resolved.get("route") == "reloadProbe" and resolved.get("matched") else "base"
    if status != 200:
        by_resolve = f"status {status}"
    status, text = probe.get(AASA_PATH)
    by_aasa = ("probe" if '"/ops/' in text else "base") if status == 200 else f"status {status}"
    return by_resolve if by_resolve == by_aasa else f"resolve says {by_resolve}, AASA says {by_aasa}"


def start_wrk(port):
    command = ["wrk", *WRK_ARGUMENTS, f"-d{WRK_MAX_SECONDS}s", "-s", LUA_SCRIPT, f"http://127.0.0.1:{port}/"]
    return subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def finish_wrk(wrk):
    """Stops wrk with SIGINT (it then reports as at the end of its duration); its OPS figures, or None."""
    if wrk.poll() is None:
        wrk.send_signal(signal.SIGINT)
    try:
        output, errors = wrk.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        wrk.kill()
        output, errors = wrk.communicate(timeout=5)
    match = re.search(r"^OPS (\{.*\})$", output, re.MULTILINE)
    if match is None:
        print(f"wrk exited with status {wrk.returncode} without its OPS line: {(errors or output).strip()[:300]}")
        return None
    return json.loads(match.group(1))


def send_reloads(process, probe, config_path, variants):
    """The 100 SIGHUPs; returns what each did: (number, variant written, counts, config served afterwards)."""
    served, log = "base", []
    first = time.monotonic()
    for number in range(1, RELOADS + 1):
        pause = first + (number - 1) * RELOAD_INTERVAL - time.monotonic()
        if pause > 0:
            time.sleep(pause)
        variant = BROKEN.get(number % 10) or ("probe" if served == "base" else "base")
        write_config(config_path, variants[variant])
        process.send_signal(signal.SIGHUP)
        counts = wait_for_reload(probe, number)
        if counts is None:
            log.append((number, variant, None, None))
            break
        if variant in ("base", "probe"):
            served = variant
        log.append((number, variant, counts, served_config(probe)))
    return log, time.monotonic() - first


def reload_log_lines(log_path):
    """The "reloaded" and "reload rejected" entries, the other warnings and errors, and the 5xx access lines."""
    reloads, problems, server_errors = [], [], 0
    with open(log_path, "rb") as handle:
        for line in handle:
            if b'"message":"request"' in line:
                server_errors += b'"status":5' in line
                continue
            try:
                entry = json.loads(line)
            except ValueError:
                problems.append(line[:200].decode("utf-8", "replace"))
                continue
            if entry.get("message", "").startswith("reload"):
                reloads.append(entry)
            elif entry.get("level") not in ("info", "debug", "trace"):
                problems.append(line[:200].decode("utf-8", "replace").strip())
    return reloads, problems, server_errors


def run_reloads(results, binary, workdir, variants):
    config_path = os.path.join(workdir, "deeplinkd.yaml")
    write_config(config_path, variants["base"])
    process, log_path, port = start_server(binary, ["--config", config_path, *SERVER_ARGUMENTS], workdir,
                                           name="reload-server")
    wrk, probe, counted = None, Probe(port), []
    try:
        print(f"reloads: {RELOADS} SIGHUPs every {RELOAD_INTERVAL * 1000:.0f} ms under wrk {' '.join(WRK_ARGUMENTS)} "
              f"(server pid {process.pid}, port {port})", flush=True)
        results.equal("reloads: the server starts on the base config", served_config(probe), "base")
        wrk = start_wrk(port)
        time.sleep(LOAD_LEAD_SECONDS)
        results.check("reloads: wrk is running before the first SIGHUP", wrk.poll() is None)
        log, seconds = send_reloads(process, probe, config_path, variants)
        time.sleep(LOAD_TAIL_SECONDS)
        results.check("reloads: wrk is still running after the last SIGHUP", wrk.poll() is None,
                      f"wrk exited with status {wrk.returncode}")
        figures = finish_wrk(wrk)
        counted = [entry for entry in log if entry[2] is not None]
        results.check(f"reloads: all {RELOADS} SIGHUPs counted in /metrics within {RELOAD_TIMEOUT:.0f} s each "
                      f"({seconds:.1f} s for all)", len(counted) == RELOADS,
                      f"reload {len(counted) + 1} was not counted" if len(counted) < RELOADS else "")
        expected_rejected = sum(1 for number in range(1, RELOADS + 1) if number % 10 in BROKEN)
        final = counted[-1][2] if counted else (0, 0)
        results.equal("reloads: /metrics counts applied and rejected", {"ok": final[0], "rejected": final[1]},
                      {"ok": RELOADS - expected_rejected, "rejected": expected_rejected})
        wrong_applied = [(n, variant, seen) for n, variant, _, seen in counted if variant in ("base", "probe")
                         and seen != variant]
        wrong_kept = [(n, variant, seen, previous[3]) for previous, (n, variant, _, seen) in zip(counted, counted[1:])
                      if variant not in ("base", "probe") and seen != previous[3]]
        applied = sum(1 for entry in counted if entry[1] in ("base", "probe"))
        results.check(f"reloads: each of the {applied} applied reloads changed what /resolve and the AASA answer",
                      not wrong_applied, f"(reload, written, served): {wrong_applied[:5]}")
        results.check(f"reloads: each of the {len(counted) - applied} rejected reloads left the previous config "
                      "serving", not wrong_kept, f"(reload, written, served, served before): {wrong_kept[:5]}")
        check_wrk(results, figures)
    finally:
        probe.close()
        if wrk is not None and wrk.poll() is None:
            wrk.kill()
            wrk.wait(timeout=5)
        stop_process(process)  # a clean stop flushes the whole log
    check_reload_log(results, log_path, counted)


def check_wrk(results, figures):
    if figures is None:
        results.check("reloads: wrk reported its figures", False)
        return
    statuses = figures["statuses"]
    non_2xx = {status: count for status, count in statuses.items() if not status.startswith("2")}
    rate = figures["requests"] / max(figures["duration_us"] / 1e6, 1e-6)
    results.check(f"reloads: wrk made {figures['requests']:,} requests during the reloads ({rate:,.0f} req/s, "
                  f"p99 {figures['p99_us'] / 1000:.1f} ms, max {figures['max_us'] / 1000:.1f} ms)",
                  figures["requests"] >= MIN_WRK_REQUESTS, f"fewer than {MIN_WRK_REQUESTS}")
    results.check(f"reloads: zero non-2xx responses ({sum(non_2xx.values())}; statuses {statuses})",
                  not non_2xx and figures["non_2xx_3xx"] == 0 and sum(statuses.values()) > 0)
    errors = {name: figures[name] for name in ("connect_errors", "read_errors", "write_errors", "timeouts")}
    results.check(f"reloads: zero socket errors and timeouts ({errors})", not any(errors.values()))
    bodies = figures["bodies"]
    results.check(f"reloads: every body is the answer its URL gives ({bodies})",
                  "other" not in bodies and all(bodies.get(kind) for kind in ("aasa", "resolve", "landing", "healthz")))


def check_reload_log(results, log_path, counted):
    reloads, problems, server_errors = reload_log_lines(log_path)
    kinds = [("applied" if entry["message"] == "reloaded" else "rejected") for entry in reloads]
    expected = [("applied" if variant in ("base", "probe") else "rejected") for _, variant, _, _ in counted]
    results.check(f"reloads: the log has {kinds.count('applied')} 'reloaded' and {kinds.count('rejected')} "
                  "'reload rejected' lines, in the order the configs were written", kinds == expected and expected,
                  f"expected {expected.count('applied')} and {expected.count('rejected')}")
    variants = [variant for _, variant, _, _ in counted if variant not in ("base", "probe")]
    rejections = [entry for entry in reloads if entry["message"] != "reloaded"]
    unexplained = [(variant, entry.get("problems", "")) for variant, entry in zip(variants, rejections)
                   if PROBLEMS[variant] not in entry.get("problems", "")]
    results.check("reloads: each rejection names its problem (YAML syntax error; min 5 greater than max 2)",
                  rejections and not unexplained, f"{unexplained[:3]}")
    results.check("reloads: the server log has no 5xx and no error besides the rejections",
                  server_errors == 0 and not problems, f"{server_errors} 5xx; {problems[:5]}")


# ---------------------------------------------------------------------------------------------------------------
# Phase 2: SIGTERM with requests in flight


class Reply:
    """One response as read off a socket: `outcome` is complete, closed, reset, truncated or timeout."""

    def __init__(self, outcome, status=None, headers=None, body=b""):
        self.outcome = outcome
        self.status = status
        self.headers = headers or {}
        self.body = body

    def __repr__(self):
        return f"{self.outcome} {self.status or ''}".strip()


def read_reply(connection):
    """Reads one response (status line, headers, Content-Length bytes of body) from a blocking socket."""
    data, head_end, length = bytearray(), -1, 0
    try:
        while True:
            if head_end < 0 and (head_end := data.find(b"\r\n\r\n")) >= 0:
                lines = bytes(data[:head_end]).decode("latin-1").split("\r\n")
                headers = {}
                for line in lines[1:]:
                    name, _, value = line.partition(":")
                    headers[name.strip().lower()] = value.strip()
                status = int(lines[0].split(" ")[1])
                length = int(headers.get("content-length", "0"))
            if head_end >= 0 and len(data) >= head_end + 4 + length:
                return Reply("complete", status, headers, bytes(data[head_end + 4:head_end + 4 + length]))
            chunk = connection.recv(65536)
            if not chunk:
                return Reply("truncated" if data else "closed")
            data += chunk
    except socket.timeout:
        return Reply("timeout")
    except (ValueError, IndexError):
        return Reply("truncated")  # an unreadable head is as bad as a cut one
    except OSError:
        return Reply("truncated" if data else "reset")


class Attempt:
    """One request: when its last byte was written, whether its connection had been answered before, its reply."""

    def __init__(self, client, label, is_first_on_connection):
        self.client = client
        self.label = label
        self.is_first_on_connection = is_first_on_connection
        self.sent_at = None
        self.done_at = None
        self.reply = None


class Traffic:
    """What the SIGTERM phase's threads share: its events, the signal time and everything they recorded."""

    def __init__(self, port):
        self.port = port
        self.signalled = threading.Event()
        self.stop = threading.Event()
        self.trickle_ready = threading.Event()
        self.idle_ready = threading.Semaphore(0)  # released once by each idle client when it has been answered
        self.signal_at = None
        self.attempts = []  # list.append is atomic, so the threads append without a lock
        self.connects = []  # (started, ended, outcome, who)
        self.trickle = None
        self.idle = []  # (how the server ended the connection, when)
        self.deadline = time.monotonic() + LOAD_SECONDS + DRAIN_LIMIT_SECONDS + 10

    def connect(self, who):
        """A new connection, or None when refused. A refused port may be taken by the client's own ephemeral
        port (a TCP self-connect); that is the kernel talking to itself, so it counts as refused."""
        started = time.monotonic()
        connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        connection.settimeout(HTTP_TIMEOUT)
        try:
            connection.connect(("127.0.0.1", self.port))
            outcome = "refused" if connection.getsockname() == connection.getpeername() else "accepted"
        except ConnectionRefusedError:
            outcome = "refused"
        except OSError as error:
            outcome = f"error: {error}"
        self.connects.append((started, time.monotonic(), outcome, who))
        if outcome != "accepted":
            connection.close()
            return None
        return connection


def get_request(path):
    return f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode()


def post_request(body):
    return (f"POST /resolve HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body


def resolve_body(count):
    return json.dumps({"urls": [f"https://{HOST}/c/CH-{number}" for number in range(count)]}).encode()


def client(traffic, name, requests):
    """Sends `requests` (label, bytes) in turn, one at a time, reconnecting whenever the server closes; stops once
    a reconnect after the signal is refused, or at the end of the phase."""
    connection, answered, index = None, 0, 0
    try:
        while not traffic.stop.is_set() and time.monotonic() < traffic.deadline:
            if connection is None:
                connection, answered = traffic.connect(name), 0
                if connection is None:
                    if traffic.signalled.is_set():
                        return
                    time.sleep(0.01)
                    continue
            label, request = requests[index % len(requests)]
            index += 1
            attempt = Attempt(name, label, answered == 0)
            try:
                connection.sendall(request)
                attempt.sent_at = time.monotonic()
                attempt.reply = read_reply(connection)
            except OSError:
                attempt.reply = Reply("reset")  # the write failed: a close the client saw before its request went
            attempt.done_at = time.monotonic()
            traffic.attempts.append(attempt)
            if attempt.reply.outcome != "complete" or attempt.reply.headers.get("connection", "").lower() == "close":
                connection.close()
                connection = None
            else:
                answered += 1
    finally:
        if connection is not None:
            connection.close()


def trickle_client(traffic):
    """A POST /resolve on an answered connection: all but TRICKLE_BYTES before the signal, those TRICKLE_SECONDS after
    it."""
    connection = traffic.connect("trickle")
    if connection is None:
        return
    try:
        connection.sendall(get_request("/healthz"))
        if read_reply(connection).outcome != "complete":
            return
        request = post_request(resolve_body(100))
        held_back = len(request) - TRICKLE_BYTES
        connection.sendall(request[:held_back])
        traffic.trickle_ready.set()
        if not traffic.signalled.wait(timeout=LOAD_SECONDS + 10):
            return
        time.sleep(TRICKLE_SECONDS)
        connection.sendall(request[held_back:])
        reply = read_reply(connection)
        traffic.trickle = (reply, time.monotonic())
    except OSError as error:
        traffic.trickle = (Reply(f"error: {error}"), time.monotonic())
    finally:
        connection.close()


def idle_client(traffic):
    """A keep-alive connection answered once and then quiet, as in a client's pool: how and when the server ends it."""
    connection = traffic.connect("idle")
    if connection is None:
        return
    try:
        connection.sendall(get_request("/healthz"))
        if read_reply(connection).outcome != "complete":
            return
        traffic.idle_ready.release()
        if not traffic.signalled.wait(timeout=LOAD_SECONDS + 10):
            return
        connection.settimeout(DRAIN_LIMIT_SECONDS + 2)
        try:
            ending = "closed" if connection.recv(1) == b"" else "sent bytes unasked"
        except socket.timeout:
            ending = "still open"
        except OSError:
            ending = "reset"
        traffic.idle.append((ending, time.monotonic()))
    finally:
        connection.close()


def prober(traffic):
    """From the signal on, a new connection every PROBE_INTERVAL; an accepted one asks for /healthz."""
    if not traffic.signalled.wait(timeout=LOAD_SECONDS + 10):
        return
    for _ in range(int((DRAIN_LIMIT_SECONDS + 2) / PROBE_INTERVAL)):
        if traffic.stop.is_set():
            return
        connection = traffic.connect("prober")
        if connection is not None:
            attempt = Attempt("prober", "/healthz", True)
            try:
                connection.sendall(get_request("/healthz"))
                attempt.sent_at = time.monotonic()
                attempt.reply = read_reply(connection)
            except OSError:
                attempt.reply = Reply("reset")
            attempt.done_at = time.monotonic()
            traffic.attempts.append(attempt)
            connection.close()
        time.sleep(PROBE_INTERVAL)


def start_traffic(traffic):
    threads = []
    gets = [(path, get_request(path)) for path in CLIENT_PATHS]
    for number in range(KEEP_ALIVE_CLIENTS):
        # Each client starts at a different path, so the mix is even at every moment.
        mix = gets[number % len(gets):] + gets[:number % len(gets)]
        threads.append(threading.Thread(target=client, args=(traffic, f"keep-alive-{number}", mix), daemon=True))
    bulk = [("/healthz", get_request("/healthz")), (f"POST /resolve ({BULK_URLS} URLs)",
                                                    post_request(resolve_body(BULK_URLS)))]
    for number in range(BULK_CLIENTS):
        threads.append(threading.Thread(target=client, args=(traffic, f"bulk-{number}", bulk), daemon=True))
    threads.append(threading.Thread(target=trickle_client, args=(traffic,), daemon=True))
    for _ in range(IDLE_CLIENTS):
        threads.append(threading.Thread(target=idle_client, args=(traffic,), daemon=True))
    threads.append(threading.Thread(target=prober, args=(traffic,), daemon=True))
    for thread in threads:
        thread.start()
    return threads


def run_sigterm(results, binary, workdir, config_text):
    config_path = os.path.join(workdir, "sigterm.yaml")
    write_config(config_path, config_text)
    process, log_path, port = start_server(binary, ["--config", config_path, *SERVER_ARGUMENTS], workdir,
                                           name="sigterm-server")
    traffic = Traffic(port)
    threads = []
    try:
        print(f"sigterm: {KEEP_ALIVE_CLIENTS} keep-alive, {BULK_CLIENTS} bulk and {IDLE_CLIENTS} idle clients for "
              f"{LOAD_SECONDS:.0f} s, then SIGTERM (server pid {process.pid}, port {port})", flush=True)
        threads = start_traffic(traffic)
        time.sleep(LOAD_SECONDS)
        if not traffic.trickle_ready.wait(timeout=5):
            raise CheckError("the uploading request was not under way before the signal")
        if not all(traffic.idle_ready.acquire(timeout=5) for _ in range(IDLE_CLIENTS)):
            raise CheckError("the idle connections were not answered before the signal")
        traffic.signal_at = time.monotonic()
        process.send_signal(signal.SIGTERM)
        traffic.signalled.set()
        try:
            status = process.wait(timeout=DRAIN_LIMIT_SECONDS + 5)
        except subprocess.TimeoutExpired:
            status = None
        exit_seconds = time.monotonic() - traffic.signal_at
    finally:
        traffic.signalled.set()
        traffic.stop.set()
        for thread in threads:
            thread.join(timeout=DRAIN_LIMIT_SECONDS + 3)
        stop_process(process)
    judge_sigterm(results, traffic, status, exit_seconds, log_path)


def judge_sigterm(results, traffic, status, exit_seconds, log_path):
    signal_at = traffic.signal_at
    attempts = list(traffic.attempts)
    before = [a for a in attempts if a.sent_at is not None and a.sent_at < signal_at and a.done_at <= signal_at]
    results.check(f"sigterm: {len(before):,} requests answered before the signal, all complete and 2xx",
                  before and all(a.reply.outcome == "complete" and 200 <= a.reply.status < 300 for a in before),
                  f"{[(a.label, a.reply) for a in before if a.reply.outcome != 'complete'][:5]}")
    accepted = [a for a in attempts if a.sent_at is not None and a.sent_at < signal_at
                and not a.is_first_on_connection]
    in_flight = [a for a in accepted if a.done_at > signal_at]
    bulk = sum(1 for a in in_flight if a.label.startswith("POST"))
    results.check(f"sigterm: {len(in_flight)} accepted requests in flight at the signal ({bulk} of them bulk POSTs)",
                  len(in_flight) >= MIN_IN_FLIGHT, f"fewer than {MIN_IN_FLIGHT}: the phase proved nothing")
    failed = [(a.client, a.label, a.reply) for a in in_flight
              if a.reply.outcome != "complete" or not 200 <= a.reply.status < 300]
    finished = [a.done_at - signal_at for a in in_flight]
    results.check(f"sigterm: every accepted request in flight completed with a 2xx and its whole body (the last "
                  f"{max(finished, default=0) * 1000:.0f} ms after the signal)", not failed, f"{failed[:5]}")
    truncated = [(a.client, a.label, a.reply) for a in attempts if a.reply.outcome in ("truncated", "timeout")]
    results.check(f"sigterm: no response cut short ({len(attempts):,} requests in all)", not truncated,
                  f"{truncated[:5]}")
    firsts = [a for a in attempts if a.is_first_on_connection and a.sent_at is not None and a.sent_at < signal_at
              and a.done_at > signal_at]
    after = [a for a in attempts if a.sent_at is not None and a.sent_at >= signal_at]
    print(f"     first requests of new connections in flight at the signal: {len(firsts)} "
          f"({outcome_counts(firsts)}); requests sent after it: {len(after)} ({outcome_counts(after)})")
    trickle_reply, trickle_at = traffic.trickle or (Reply("never answered"), None)
    results.check(f"sigterm: the request still uploading at the signal completed with Connection: close "
                  f"({trickle_reply}, {((trickle_at or signal_at) - signal_at) * 1000:.0f} ms after the signal)",
                  trickle_reply.outcome == "complete" and trickle_reply.status == 200
                  and b'"results"' in trickle_reply.body and trickle_reply.headers.get("connection") == "close")
    idle_ends = [(ending, round((at - signal_at) * 1000)) for ending, at in traffic.idle]
    results.check(f"sigterm: the {IDLE_CLIENTS} idle keep-alive connections were closed while draining "
                  f"((ending, ms after the signal): {idle_ends})",
                  len(idle_ends) == IDLE_CLIENTS and trickle_at is not None
                  and all(ending == "closed" and at < trickle_at for ending, at in traffic.idle))
    check_refusals(results, traffic, trickle_at)
    results.equal("sigterm: exit status", status, 0)
    results.check(f"sigterm: exited {exit_seconds:.2f} s after the signal (at most {DRAIN_LIMIT_SECONDS:.0f} s)",
                  status is not None and exit_seconds <= DRAIN_LIMIT_SECONDS)
    with open(log_path, "r", encoding="utf-8", errors="replace") as handle:
        messages = [json.loads(line).get("message", "") for line in handle if '"message":"request"' not in line]
    drained = [message for message in messages if message.startswith("stopped;")]
    results.check(f"sigterm: the log says the drain left nothing open ({drained[-1] if drained else 'no line'})",
                  drained == ["stopped; 0 connection(s) were still open at the end of the drain"]
                  and messages[-1:] == ["stopped"])


def check_refusals(results, traffic, trickle_at):
    connects = sorted((c for c in traffic.connects if c[0] >= traffic.signal_at), key=lambda c: c[0])
    refused = [c for c in connects if c[2] == "refused"]
    if not refused:
        results.check("sigterm: new connections are refused after the signal", False,
                      f"none of {len(connects)} attempts was refused")
        return
    first_refused_at = refused[0][1]
    late = [c for c in connects if c[0] >= first_refused_at and c[2] != "refused"]
    early = [c for c in connects if c[1] < first_refused_at]
    while_draining = trickle_at is not None and first_refused_at < trickle_at
    results.check(f"sigterm: new connections refused from {(first_refused_at - traffic.signal_at) * 1000:.0f} ms "
                  f"after the signal, while still draining, none accepted after ({len(refused)} refused, "
                  f"{sum(1 for c in early if c[2] == 'accepted')} accepted before the listener closed)",
                  while_draining and not late,
                  f"refused while draining: {while_draining}; accepted after the first refusal: {late[:3]}")


def outcome_counts(attempts):
    counts = {}
    for attempt in attempts:
        key = repr(attempt.reply)
        counts[key] = counts.get(key, 0) + 1
    return ", ".join(f"{key}: {count}" for key, count in sorted(counts.items())) or "none"


# ---------------------------------------------------------------------------------------------------------------


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/deeplinkd"
    if not os.access(binary, os.X_OK):
        print(f"ops-check: {binary} is not an executable; build it first", file=sys.stderr)
        return 2
    if shutil.which("wrk") is None:
        print("ops-check: wrk is not installed (scripts/install-deps.sh wrk)", file=sys.stderr)
        return 2
    results = Results()
    workdir = tempfile.mkdtemp(prefix="deeplinkd-ops-check-")
    started = time.monotonic()

    def overall_timeout(signum, frame):
        raise CheckError(f"the ops check did not finish within {OVERALL_TIMEOUT} s")

    signal.signal(signal.SIGALRM, overall_timeout)
    for stop_signal in (signal.SIGTERM, signal.SIGHUP):  # exit through `finally`, which stops every process
        signal.signal(stop_signal, lambda signum, frame: sys.exit(128 + signum))
    signal.alarm(OVERALL_TIMEOUT)
    try:
        with open("config/deeplinkd.yaml", encoding="utf-8") as handle:
            variants = config_variants(handle.read())
        check_fixtures(results, binary, workdir, variants)
        run_reloads(results, binary, workdir, variants)
        run_sigterm(results, binary, workdir, variants["base"])
    except (CheckError, OSError, RuntimeError, ValueError, subprocess.SubprocessError,
            http.client.HTTPException) as error:
        results.check("ops check ran to the end", False, f"{type(error).__name__}: {error}")
    finally:
        signal.alarm(0)
        if results.failed:
            print(f"server logs kept in {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    print(f"({time.monotonic() - started:.1f} s)")
    print(f"{results.passed} passed, {results.failed} failed")
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
