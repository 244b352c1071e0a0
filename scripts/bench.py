#!/usr/bin/env python3
"""deeplinkd's benchmarks (issue 4); `make bench` runs this and it writes docs/performance.md.

1. End to end, pinned (the headline, issue 16): each server on CPU 0 with one worker, wrk -t1 on CPU 1 (taskset);
   deeplinkd and nginx (serving the same bytes as static files) for the AASA, a /resolve mix, a landing page and
   5,000 distinct URLs of each; over HTTPS (an ECDSA P-256 and an RSA 2048 certificate, the same for every server)
   keep-alive, a new connection per request resuming its session, and one with a full handshake (wrk with
   scripts/bench/no-resume.c preloaded), with GnuTLS's own gnutls-serv beside them for the cost of a connection.
   wrk loads each server in turn, the order rotated every round. Per run: requests/s, p50, p99, the server's CPU
   (cores, from /proc/PID/stat), wrk's CPU (from its rusage) and the server's peak RSS (VmRSS every 0.2 s; for
   nginx the master plus its workers).
1b. End to end, shared: the same HTTP cases with the servers' default workers and wrk -t2, all on both cores.
1c. Instructions and allocations per request, deeplinkd under callgrind (scripts/bench_counts.py), and per
   connection for gnutls-serv.
2. deeplinkd alone: idle RSS, RSS after the load, and the time from process start to the first 200 on /healthz.
3. With --threading: deeplinkd with --threads 1, 2 and 4 on the AASA, interleaved the same way.
4. The routing core's micro-benchmarks (package-benchmark, in Benchmarks/, a target of the root package when
   DEEPLINKD_BENCHMARKS is set).
5. Table scale (scripts/table_scale.py): `check` and start-to-first-200 times for 1,000, 10,000 and 20,000 routes.

Everything runs on 127.0.0.1 and stops by itself: every child has a timeout and both servers are stopped in a
`finally`, on Ctrl-C and on SIGTERM too. A case that fails is reported in the output, not raised.
The section "## What was tried and what remains" of the existing output file is kept verbatim.
Python 3 standard library only.
"""

import argparse
import datetime
import http.client
import json
import os
import platform
import re
import resource
import shutil
import signal
import ssl
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

import bench_counts
import table_scale
from checklib import free_port, seconds_to_first_healthy, stop_process

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LUA_DIRECTORY = os.path.join(REPOSITORY, "scripts", "bench")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
MIB = 1024 * 1024
HAND_WRITTEN_HEADING = "## What was tried and what remains"
HAND_WRITTEN_PLACEHOLDER = "(written by hand after each run)"
AASA_PATH = "/.well-known/apple-app-site-association"
LANDING_PATH = "/c/CH-42"
# The "landing-many" case rotates over this many distinct charger pages (scripts/bench/landing-many.lua).
LANDING_IDS = 5000
# The "resolve-many" case gives each kind of URL of the mix this many distinct ids (scripts/bench/resolve-many.lua).
RESOLVE_IDS = 5000

# Only loopback, never a proxy from the environment.
LOOPBACK = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class Interrupted(Exception):
    """SIGINT or SIGTERM turned into an exception, so every `finally` runs (and stops the servers)."""


def log(message):
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------------------------
# Processes: start, find, measure, stop


def http_get(port, path, timeout=5.0):
    """(status, body) of GET http://127.0.0.1:port/path; urllib's HTTPError still carries the status."""
    try:
        with LOOPBACK.open(f"http://127.0.0.1:{port}{path}", timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def https_status(port, path, timeout=5.0):
    """The status of GET https://127.0.0.1:port/path without checking the certificate (the bench's own)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    connection = http.client.HTTPSConnection("127.0.0.1", port, timeout=timeout, context=context)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def process_ticks(pid):
    """utime and stime of a process (all its threads), in clock ticks."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]), int(fields[12])


def process_rss(pid, field="VmRSS"):
    """VmRSS (or RssAnon, RssFile) in bytes."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    return 0


def child_pids(parent):
    children = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                if int(stat.read().rsplit(")", 1)[1].split()[1]) == parent:
                    children.append(int(entry))
        except (OSError, ValueError, IndexError):
            pass
    return children


class Server:
    """A server process under test: deeplinkd, nginx (whose CPU and RSS include its workers) or gnutls-serv.

    With `cpus` it runs under `taskset -c CPUS` (taskset executes the server in its own process, so the pid is the
    server's). `scheme` is how wrk reaches it.
    """

    def __init__(self, label, command, port, log_path, includes_children=False, cpus=None, scheme="http"):
        self.label = label
        self.command = (["taskset", "-c", cpus] if cpus is not None else []) + command
        self.port = port
        self.log_path = log_path
        self.includes_children = includes_children
        self.scheme = scheme
        self.reads_log = True
        self.process = None
        self.started_at = None

    def start(self, ready_path="/healthz", timeout=15.0):
        # O_APPEND, so truncating the log between runs leaves no hole where the server's offset was.
        with open(self.log_path, "ab") as log_file:
            self.started_at = time.monotonic()
            self.process = subprocess.Popen(self.command, stdin=subprocess.DEVNULL, stdout=log_file, stderr=log_file,
                                            cwd=REPOSITORY)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.label} exited with status {self.process.returncode}: {self.log_tail()}")
            try:
                if self.scheme == "https" and https_status(self.port, ready_path, timeout=1.0) == 200:
                    return
                if self.scheme == "http" and http_get(self.port, ready_path, timeout=1.0)[0] == 200:
                    return
            except (OSError, http.client.HTTPException):
                pass
            time.sleep(0.02)
        raise RuntimeError(f"{self.label} did not answer {ready_path} within {timeout:.0f} s: {self.log_tail()}")

    def is_running(self):
        return self.process is not None and self.process.poll() is None

    def exit_description(self):
        """Why the server is gone: its exit status or signal, and the log lines that are not info-level."""
        code = self.process.poll() if self.process else None
        text = f"{self.label} killed by signal {-code}" if code is not None and code < 0 else \
            f"{self.label} exited with status {code}"
        problems = log_problems(self.log_path)
        return text + (f"; its log: {' / '.join(problems)}" if problems else "")

    def pids(self):
        if not self.is_running():
            return []
        pids = [self.process.pid]
        if self.includes_children:
            pids += child_pids(self.process.pid)
        return pids

    def log_tail(self, size=600):
        try:
            with open(self.log_path, "rb") as log_file:
                log_file.seek(0, os.SEEK_END)
                log_file.seek(max(0, log_file.tell() - size))
                return log_file.read().decode(errors="replace").strip().replace("\n", " | ")
        except OSError:
            return "(no log)"

    def truncate_log(self):
        """deeplinkd writes a JSON line per request: about 300 MB per 10 s run, so the log is emptied between runs."""
        try:
            os.truncate(self.log_path, 0)
        except OSError:
            pass

    def stop(self):
        stop_process(self.process)


class Sampler(threading.Thread):
    """Samples the summed VmRSS of a fixed set of processes every 0.2 s and keeps the peak."""

    def __init__(self, pids, interval=0.2):
        super().__init__(daemon=True)
        self.pids = pids
        self.interval = interval
        self.peak = 0
        self.stopping = threading.Event()

    def sample(self):
        total = 0
        for pid in self.pids:
            try:
                total += process_rss(pid)
            except OSError:
                pass
        self.peak = max(self.peak, total)

    def run(self):
        while not self.stopping.is_set():
            self.sample()
            self.stopping.wait(self.interval)

    def finish(self):
        self.stopping.set()
        self.join(timeout=2)
        self.sample()
        return self.peak


def total_ticks(pids):
    """The summed utime and stime of `pids`, in clock ticks."""
    user = system = 0
    for pid in pids:
        try:
            process_user, process_system = process_ticks(pid)
        except OSError:
            continue
        user += process_user
        system += process_system
    return user, system


# ---------------------------------------------------------------------------------------------------------------
# wrk


def run_wrk(server, path, script, connections, duration, wrk_threads, wrk_cpus=None, preload=None):
    """One wrk run against `server`; a dict of figures, or {"error": ...}.

    `wrk_cpus` pins wrk (taskset); `preload` is a library wrk runs with (LD_PRELOAD: the full-handshake shim).
    """
    if not server.is_running():
        return {"error": server.exit_description()}
    server.truncate_log()
    pids = server.pids()
    command = (["taskset", "-c", wrk_cpus] if wrk_cpus is not None else []) + [
        "wrk", f"-t{wrk_threads}", f"-c{connections}", f"-d{duration}s", "--latency", "-s",
        os.path.join(LUA_DIRECTORY, script), f"{server.scheme}://127.0.0.1:{server.port}{path}"]
    environment = dict(os.environ, LANDING_IDS=str(LANDING_IDS), RESOLVE_IDS=str(RESOLVE_IDS))
    if preload:
        environment["LD_PRELOAD"] = preload
    sampler = Sampler(pids)
    ticks_before = total_ticks(pids)
    load_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    sampler.start()
    try:
        completed = subprocess.run(command, capture_output=True, text=True, timeout=duration + 30, env=environment)
    except subprocess.TimeoutExpired:
        sampler.finish()
        return {"error": f"wrk did not finish within {duration + 30} s"}
    elapsed = time.monotonic() - started
    ticks_after = total_ticks(pids)
    load_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    load_seconds = (load_after.ru_utime - load_before.ru_utime) + (load_after.ru_stime - load_before.ru_stime)
    peak_rss = sampler.finish()
    match = re.search(r"^BENCH (\{.*\})$", completed.stdout, re.MULTILINE)
    if completed.returncode != 0 or match is None:
        detail = (completed.stderr or completed.stdout).strip().replace("\n", " | ")[:300]
        return {"error": f"wrk exited with status {completed.returncode}: {detail}"}
    figures = json.loads(match.group(1))
    result = {
        "rps": figures["requests"] / (figures["duration_us"] / 1e6),
        "p50_us": figures["p50_us"],
        "p99_us": figures["p99_us"],
        "max_us": figures["max_us"],
        "requests": figures["requests"],
        "cpu_cores": (sum(ticks_after) - sum(ticks_before)) / CLOCK_TICKS / elapsed,
        "system_cores": (ticks_after[1] - ticks_before[1]) / CLOCK_TICKS / elapsed,
        "load_cpu_us_per_request": load_seconds / figures["requests"] * 1e6 if figures["requests"] else 0.0,
        "load_cores": load_seconds / elapsed,
        "peak_rss": peak_rss,
        "errors": {name: figures[name] for name in
                   ("non_2xx_3xx", "connect_errors", "read_errors", "write_errors", "timeouts") if figures[name]},
    }
    # gnutls-serv reports every handshake wrk cuts at the end of a run; only the servers' own logs are read.
    result["log_problems"] = log_problems(server.log_path) if server.reads_log else []
    if not server.is_running():
        result["error"] = f"during the run: {server.exit_description()}"
    return result


def log_problems(path):
    """Lines of the server's log that are not info-level (deeplinkd logs JSON; nginx's stderr is usually empty)."""
    try:
        completed = subprocess.run(["grep", "-v", "-m", "20", '"level":"info"', path], capture_output=True,
                                   text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return []
    # libmicrohttpd's note of a handshake cut short is what wrk causes when a run ends in the middle of handshakes.
    return [line[:200] for line in completed.stdout.splitlines()
            if line.strip() and "received handshake message out of context" not in line][:3]


def describe_run(label, case, connections, result):
    if "error" in result and "rps" not in result:
        return f"{case} c={connections} {label}: FAILED: {result['error']}"
    text = (f"{case} c={connections} {label}: {result['rps']:,.0f} req/s, p50 {format_latency(result['p50_us'])}, "
            f"p99 {format_latency(result['p99_us'])}, CPU {result['cpu_cores']:.2f}, "
            f"peak RSS {result['peak_rss'] / MIB:.1f} MiB")
    if result["errors"]:
        text += f", errors {result['errors']}"
    if result.get("log_problems"):
        text += f", server log: {' | '.join(result['log_problems'])}"
    if "error" in result:
        text += f", FAILED: {result['error']}"
    return text


def interleaved(servers, cases, connection_counts, rounds, duration, wrk_threads, results):
    """Runs every (case, connections) on every server, round after round; the server order rotates each round."""
    jobs = [{"key": (case_name, connections), "servers": servers, "path": path, "script": script,
             "connections": connections}
            for case_name, (path, script) in cases.items() for connections in connection_counts]
    interleaved_jobs(jobs, rounds, duration, wrk_threads, None, results)


def interleaved_jobs(jobs, rounds, duration, wrk_threads, wrk_cpus, results):
    """Runs every job on each of its servers, round after round, the server order rotated each round; results go to
    results[job key + (server label,)]."""
    for round_index in range(rounds):
        for job in jobs:
            servers = job["servers"]
            shift = round_index % len(servers)
            for server in servers[shift:] + servers[:shift]:
                try:
                    result = run_wrk(server, job["path"], job["script"], job["connections"], duration, wrk_threads,
                                     wrk_cpus, job.get("preload"))
                except Interrupted:
                    raise
                except Exception as error:  # one failed run is reported in the table, the others go on
                    result = {"error": f"{type(error).__name__}: {error}"}
                result["round"] = round_index
                results.setdefault(job["key"] + (server.label,), []).append(result)
                name = " ".join(str(part) for part in job["key"][:-1] if part is not None)
                log(f"round {round_index + 1}/{rounds}: " + describe_run(server.label, name, job["connections"], result))
                time.sleep(0.5)


# ---------------------------------------------------------------------------------------------------------------
# Set-up of the servers


def deeplinkd_command(binary, port, threads=None, tls=None):
    command = [binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--config", "config/deeplinkd.yaml",
               "--public", "Public", "--per-ip-limit", "0"]
    if threads is not None:
        command += ["--threads", str(threads)]
    if tls is not None:
        command += ["--tls-cert", tls[0], "--tls-key", tls[1]]
    return command


def start_deeplinkd(binary, directory, label, threads=None, cpus=None, tls=None, log_name=None):
    """Starts deeplinkd on a free loopback port (retrying when another process takes the port first); with `tls`
    (certificate and key paths) it serves HTTPS."""
    last_error = None
    for attempt in range(3):
        port = free_port()
        server = Server(label, deeplinkd_command(binary, port, threads, tls), port,
                        os.path.join(directory, f"{log_name or label}-{attempt}.log"), cpus=cpus,
                        scheme="https" if tls else "http")
        try:
            server.start()
            return server
        except RuntimeError as error:
            server.stop()
            last_error = error
    raise RuntimeError(str(last_error))


def resolve_paths():
    """The /resolve paths the wrk script rotates over, read from it so there is one list."""
    with open(os.path.join(LUA_DIRECTORY, "resolve-mix.lua")) as script:
        return re.findall(r'"(/resolve\?[^"]+)"', script.read())


NGINX_CONFIG = """\
# Written by scripts/bench.py for one benchmark run; nothing outside this directory is used.
worker_processes {workers};
pid {directory}/nginx.pid;
error_log {directory}/nginx-error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    sendfile on;
    tcp_nopush on;
    tcp_nodelay on;
    keepalive_requests 1000000;
    open_file_cache max=10000;
    client_body_temp_path {directory}/temp/body;
    proxy_temp_path {directory}/temp/proxy;
    fastcgi_temp_path {directory}/temp/fastcgi;
    uwsgi_temp_path {directory}/temp/uwsgi;
    scgi_temp_path {directory}/temp/scgi;
    server {{
        listen 127.0.0.1:{port};
        location = {aasa_path} {{
            alias {directory}/www/aasa.json;
            default_type application/json;
            add_header Cache-Control "public, max-age=300";
        }}
        location = /resolve {{
            alias {directory}/www/resolve.json;
            default_type "application/json; charset=utf-8";
            add_header Cache-Control no-store;
        }}
        location = {landing_path} {{
            alias {directory}/www/landing.html;
            default_type "text/html; charset=utf-8";
            add_header Cache-Control "public, max-age=300";
        }}
        location /c/ {{
            root {directory}/www;
            default_type "text/html; charset=utf-8";
            add_header Cache-Control "public, max-age=300";
        }}
        location = /healthz {{
            default_type application/json;
            return 200 '{{"status":"ok"}}';
        }}
    }}
{tls_servers}}}
"""

# An HTTPS server of the pinned mode: the AASA with the certificate deeplinkd and gnutls-serv use. nginx 1.22 offers
# only TLS 1.2 and lower unless TLS 1.3 is listed; session tickets are on by default (a key per worker, one worker).
NGINX_TLS_SERVER = """\
    server {{
        listen 127.0.0.1:{port} ssl;
        ssl_certificate {certificate};
        ssl_certificate_key {key};
        ssl_protocols TLSv1.2 TLSv1.3;
        location = {aasa_path} {{
            alias {directory}/www/aasa.json;
            default_type application/json;
            add_header Cache-Control "public, max-age=300";
        }}
    }}
"""


def prepare_static_files(deeplinkd, directory):
    """Fetches what deeplinkd serves and writes nginx's copies; returns the sizes, for the method section."""
    www = os.path.join(directory, "www")
    os.makedirs(www, exist_ok=True)
    os.makedirs(os.path.join(directory, "temp"), exist_ok=True)
    sizes = {}
    status, aasa = http_get(deeplinkd.port, AASA_PATH)
    if status != 200:
        raise RuntimeError(f"deeplinkd answered {status} for the AASA")
    status, landing = http_get(deeplinkd.port, LANDING_PATH)
    if status != 200:
        raise RuntimeError(f"deeplinkd answered {status} for {LANDING_PATH}")
    # The pages of the landing-many case, each fetched from deeplinkd into a file of its own.
    os.makedirs(os.path.join(www, "c"), exist_ok=True)
    many_sizes = set()
    for number in range(LANDING_IDS):
        path = f"/c/B{number:05d}"
        status, page = http_get(deeplinkd.port, path)
        if status != 200:
            raise RuntimeError(f"deeplinkd answered {status} for {path}")
        with open(os.path.join(www, path.lstrip("/")), "wb") as file:
            file.write(page)
        many_sizes.add(len(page))
    sizes["landing_many"] = sorted(many_sizes)
    resolve_bodies = []
    for path in resolve_paths():
        status, body = http_get(deeplinkd.port, path)
        if status != 200:
            raise RuntimeError(f"deeplinkd answered {status} for {path}")
        resolve_bodies.append(body)
    # nginx answers every /resolve with one static file as long as the mix's responses on average: the longest
    # response no longer than that, padded with spaces (JSON allows trailing white space).
    typical = round(statistics.mean(len(body) for body in resolve_bodies))
    shorter = [body for body in resolve_bodies if len(body) <= typical] or [min(resolve_bodies, key=len)]
    resolve_static = max(shorter, key=len)[:typical].ljust(typical, b" ")
    for name, body in (("aasa.json", aasa), ("landing.html", landing), ("resolve.json", resolve_static)):
        with open(os.path.join(www, name), "wb") as file:
            file.write(body)
    sizes["aasa"] = len(aasa)
    sizes["landing"] = len(landing)
    sizes["resolve"] = [len(body) for body in resolve_bodies]
    sizes["resolve_static"] = typical
    # nginx's workers may run as an unprivileged user: let them read the files.
    for root, directories, files in os.walk(directory):
        os.chmod(root, 0o755)
        for name in files:
            os.chmod(os.path.join(root, name), 0o644)
    return sizes


def start_nginx(directory, workers="auto", cpus=None, certificates=None):
    """nginx on a free port; with `certificates` ({name: (certificate, key)}) also an HTTPS server for each, whose
    ports are returned as `server.tls_ports` ({name: port})."""
    last_error = None
    for attempt in range(3):
        port = free_port()
        tls_ports = {name: free_port() for name in (certificates or {})}
        tls_servers = "".join(
            NGINX_TLS_SERVER.format(port=tls_ports[name], certificate=certificate, key=key, aasa_path=AASA_PATH,
                                    directory=directory)
            for name, (certificate, key) in (certificates or {}).items())
        config_path = os.path.join(directory, "nginx.conf")
        with open(config_path, "w") as config:
            config.write(NGINX_CONFIG.format(directory=directory, port=port, aasa_path=AASA_PATH,
                                             landing_path=LANDING_PATH, workers=workers, tls_servers=tls_servers))
        server = Server("nginx", ["nginx", "-p", directory, "-c", config_path, "-e",
                                  os.path.join(directory, "nginx-error.log"), "-g", "daemon off;"],
                        port, os.path.join(directory, "nginx-stderr.log"), includes_children=True, cpus=cpus)
        server.tls_ports = tls_ports
        try:
            server.start()
            return server
        except RuntimeError as error:
            server.stop()
            last_error = f"{error}; error log: {tail_of(os.path.join(directory, 'nginx-error.log'))}"
    raise RuntimeError(last_error)


def tls_view(server, port, label):
    """Another view of a running server: the same processes, reached over HTTPS on `port` (nginx's TLS servers)."""
    view = Server(label, [], port, server.log_path, includes_children=server.includes_children, scheme="https")
    view.process = server.process
    return view


def start_gnutls_serv(directory, label, certificate, key, priorities, cpus=None):
    """GnuTLS's own test server, answering every request with the AASA's bytes over HTTP/1.0 and closing: the cost
    of a connection in GnuTLS alone. Client certificates are not asked for; tickets are on (its default)."""
    last_error = None
    for attempt in range(3):
        port = free_port()
        command = ["gnutls-serv", "--http", "--disable-client-cert", "--port", str(port), "--x509certfile",
                   certificate, "--x509keyfile", key, "--priority", priorities, "--quiet",
                   f"--httpdata={os.path.join(directory, 'www', 'aasa.json')}"]
        server = Server(label, command, port, os.path.join(directory, f"{label}-{port}.log"), cpus=cpus,
                        scheme="https")
        server.reads_log = False
        try:
            server.start(ready_path="/")
            return server
        except RuntimeError as error:
            server.stop()
            last_error = error
    raise RuntimeError(str(last_error))


def make_certificates(directory, names):
    """Self-signed certificates for 127.0.0.1 and localhost, made with openssl: {name: (certificate, key)} for
    "ecdsa" (P-256) and "rsa" (2048 bits)."""
    made = {}
    for name in names:
        key_option = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"] if name == "ecdsa" else \
            ["-newkey", "rsa:2048"]
        certificate, key = os.path.join(directory, f"{name}.crt"), os.path.join(directory, f"{name}.key")
        subprocess.run(["openssl", "req", "-x509", *key_option, "-nodes", "-keyout", key, "-out", certificate,
                        "-days", "7", "-subj", "/CN=localhost", "-addext",
                        "subjectAltName=DNS:localhost,IP:127.0.0.1"], check=True, capture_output=True, timeout=60)
        os.chmod(key, 0o644)
        made[name] = (certificate, key)
    return made


def build_no_resume_shim(directory):
    """Compiles scripts/bench/no-resume.c (wrk then makes a full handshake on every connection); its path."""
    output = os.path.join(directory, "no-resume.so")
    subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-o", output, os.path.join(LUA_DIRECTORY, "no-resume.c"), "-ldl"],
                   check=True, capture_output=True, timeout=120)
    return output


def tail_of(path, size=400):
    try:
        with open(path, "rb") as file:
            return file.read()[-size:].decode(errors="replace").strip().replace("\n", " | ")
    except OSError:
        return "(none)"


# ---------------------------------------------------------------------------------------------------------------
# Start-up time


def time_to_first_healthy(binary, timeout=10.0):
    """Seconds from starting deeplinkd to its first 200 on /healthz (polled every millisecond)."""
    port = free_port()
    return seconds_to_first_healthy(deeplinkd_command(binary, port), port, REPOSITORY, timeout)


# ---------------------------------------------------------------------------------------------------------------
# Micro-benchmarks


def run_micro_benchmarks(timeout):
    """p50 wall-clock ns and p50 mallocs per operation of each routing benchmark, or {"error": ...}."""
    # The benchmark target is the root package's when DEEPLINKD_BENCHMARKS is set, built in a folder of its own.
    command = ["swift", "package", "--scratch-path", ".build-bench", "benchmark", "--target", "RoutingBenchmarks",
               "--no-progress", "--format", "markdown"]
    try:
        completed = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=REPOSITORY,
                                   env={**os.environ, "DEEPLINKD_BENCHMARKS": "1"})
    except subprocess.TimeoutExpired:
        return {"error": f"`{' '.join(command)}` did not finish within {timeout} s"}
    except OSError as error:
        return {"error": f"`{' '.join(command)}`: {error}"}
    benchmarks = parse_micro_benchmarks(completed.stdout)
    if completed.returncode != 0 or not benchmarks:
        detail = (completed.stderr or completed.stdout).strip()[-500:].replace("\n", " | ")
        return {"error": f"`{' '.join(command)}` exited with status {completed.returncode}: {detail}"}
    notes = [line.strip() for line in (completed.stdout + completed.stderr).splitlines()
             if re.match(r"^\W*(Warning|Note)\b", re.sub(r"\x1b\[[0-9;]*m", "", line))]
    return {"benchmarks": benchmarks, "notes": [re.sub(r"\x1b\[[0-9;]*m", "", note) for note in notes]}


UNIT_SCALE = {"ns": 1.0, "us": 1e3, "μs": 1e3, "ms": 1e6, "s": 1e9}
COUNT_SCALE = {"K": 1e3, "M": 1e6, "G": 1e9}


def parse_micro_benchmarks(output):
    """{name: {"time_ns": p50, "mallocs": p50}} from package-benchmark's markdown tables."""
    benchmarks = {}
    name = None
    header = None
    for line in output.splitlines():
        heading = re.match(r"^### (.+)$", line)
        if heading:
            name, header = heading.group(1).strip(), None
            continue
        if name is None or not line.startswith("|"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[0] == "Metric":
            header = cells
            continue
        if header is None or "p50" not in header or set(cells[0]) <= set(":-"):
            continue
        metric, value = cells[0], float(cells[header.index("p50")])
        entry = benchmarks.setdefault(name, {})
        time_unit = re.search(r"Time \(wall clock\) \((\w+)\)", metric)
        if time_unit:
            entry["time_ns"] = value * UNIT_SCALE.get(time_unit.group(1), float("nan"))
        elif metric.startswith("Malloc (total)"):
            count_scale = re.search(r"\((K|M|G)\)", metric)
            entry["mallocs"] = value * (COUNT_SCALE[count_scale.group(1)] if count_scale else 1)
    return {name: entry for name, entry in benchmarks.items() if "time_ns" in entry}


# ---------------------------------------------------------------------------------------------------------------
# Statistics and formatting


def format_latency(microseconds):
    if microseconds is None:
        return "–"
    if microseconds >= 1000:
        return f"{microseconds / 1000:.2f} ms"
    return f"{microseconds:.0f} µs"


def format_factor(value):
    """2 decimals, or 3 when 2 would hide which side of 1.00 it is on."""
    return f"{value:.3f}×" if value != 1 and f"{value:.2f}" == "1.00" else f"{value:.2f}×"


def format_duration(seconds):
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} min"


def plural(count, noun):
    return f"{count} {noun}" + ("" if count == 1 else "s")


def format_rps(value):
    return f"{value / 1000:.1f}k" if value >= 1000 else f"{value:.0f}"


def format_mib(value):
    return "–" if value is None else f"{value / MIB:.1f} MiB"


def successful(runs):
    return [run for run in runs if "rps" in run]


def summarize(runs):
    """Medians (with the req/s range) over the successful runs; None when none succeeded."""
    good = successful(runs)
    if not good:
        return None
    errors = {}
    for run in good:
        for name, count in run["errors"].items():
            errors[name] = errors.get(name, 0) + count
        if run.get("log_problems"):
            errors["runs with warnings in the server log"] = errors.get("runs with warnings in the server log", 0) + 1
    return {
        "rps": statistics.median(run["rps"] for run in good),
        "rps_min": min(run["rps"] for run in good),
        "rps_max": max(run["rps"] for run in good),
        "p50_us": statistics.median(run["p50_us"] for run in good),
        "p99_us": statistics.median(run["p99_us"] for run in good),
        "cpu_cores": statistics.median(run["cpu_cores"] for run in good),
        "cpu_us_per_request": statistics.median(run["cpu_cores"] / run["rps"] * 1e6 for run in good if run["rps"]),
        "system_us_per_request": statistics.median(run["system_cores"] / run["rps"] * 1e6 for run in good if run["rps"]),
        "load_cpu_us_per_request": statistics.median(run["load_cpu_us_per_request"] for run in good),
        "load_cores": statistics.median(run.get("load_cores", 0.0) for run in good),
        "peak_rss": max(run["peak_rss"] for run in good),
        "errors": errors,
        "runs": len(good),
        "failures": unique(run["error"] for run in runs if "error" in run),
    }


def unique(texts):
    return list(dict.fromkeys(texts))


def table_cell(text, limit=300):
    """Text safe inside a markdown table cell."""
    text = text.replace("|", "/").replace("\n", " ")
    return text if len(text) <= limit else text[:limit] + "…"


def per_round_ratio(runs, reference_runs):
    """Median over rounds of runs' req/s ÷ reference's req/s in the same round (None without a common round)."""
    reference = {run["round"]: run["rps"] for run in successful(reference_runs)}
    ratios = [run["rps"] / reference[run["round"]] for run in successful(runs)
              if reference.get(run["round"])]
    return (statistics.median(ratios), ratios) if ratios else (None, [])


def format_errors(summary):
    if summary is None:
        return "–"
    parts = [f"{count:,} {name.replace('_', ' ')}" for name, count in sorted(summary["errors"].items())]
    parts += [f"failed run(s): {table_cell('; '.join(summary['failures']), 200)}"] if summary["failures"] else []
    return ", ".join(parts) if parts else "none"


def command_output(command):
    try:
        completed = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=REPOSITORY)
        return (completed.stdout + completed.stderr).strip()
    except (OSError, subprocess.TimeoutExpired):
        return ""


def versions(binary):
    commit = command_output(["git", "rev-parse", "--short", "HEAD"]) or "unknown"
    if command_output(["git", "status", "--porcelain", "--", "Sources", "Package.swift", "Public", "config"]):
        commit += " plus uncommitted changes in the working tree"
    wrk_version = re.search(r"wrk (\S+)", command_output(["wrk", "-v"]))
    nginx_version = re.search(r"nginx/(\S+)", command_output(["nginx", "-v"]))
    swift_version = re.search(r"Swift version (\S+)", command_output(["swift", "--version"]))
    return {
        "deeplinkd": f"{commit} (`{os.path.relpath(binary, REPOSITORY)}`, release, static Swift runtime)",
        "Swift": swift_version.group(1) if swift_version else "unknown",
        "libmicrohttpd": command_output(["dpkg-query", "-W", "-f", "${Version}", "libmicrohttpd12"]) or "unknown",
        "nginx": nginx_version.group(1) if nginx_version else "unknown",
        "wrk": wrk_version.group(1) if wrk_version else "unknown",
        "Python": platform.python_version(),
    }


def machine():
    model = "unknown CPU"
    with open("/proc/cpuinfo") as cpuinfo:
        for line in cpuinfo:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as meminfo:
        kilobytes = int(re.search(r"MemTotal:\s+(\d+)", meminfo.read()).group(1))
    return f"{os.cpu_count()} cores ({model}), {kilobytes / 1024 / 1024:.1f} GiB RAM, Linux {platform.release()}"


# ---------------------------------------------------------------------------------------------------------------
# The report


CASE_TITLES = {
    "aasa": "AASA",
    "resolve": "`/resolve` mix",
    "resolve-many": f"`/resolve`, {4 * RESOLVE_IDS:,} URLs",
    "landing": f"landing `{LANDING_PATH}`",
    "landing-many": f"landing, {LANDING_IDS:,} ids",
    "https-keepalive": "HTTPS AASA, keep-alive",
    "https-resumed": "HTTPS, a connection per request, resumed",
    "https-full": "HTTPS, a connection per request, full handshake",
}


def hand_written_section(path):
    """The existing '## What was tried and what remains' section (to the end of the file), or the placeholder."""
    try:
        with open(path) as existing:
            text = existing.read()
    except OSError:
        text = ""
    start = text.find(HAND_WRITTEN_HEADING)
    if start < 0:
        return f"{HAND_WRITTEN_HEADING}\n\n{HAND_WRITTEN_PLACEHOLDER}\n"
    return text[start:].rstrip("\n") + "\n"


def verdict(is_met):
    return "–" if is_met is None else ("met" if is_met else "**not met**")


def pinned_pair(report, case, certificate=None, label="deeplinkd"):
    """The pinned mode's row for `label` in `case` at its first connection count, or None."""
    for (name, certificate_name, _), rows in report.get("pinned", {}).items():
        if name == case and certificate_name == certificate:
            return rows.get(label)
    return None


def build_targets(report):
    """Rows (target, measured, verdict) for every target of issue 16 (pinned mode) and the earlier ones kept."""
    rows = []

    def ratio_target(title, cases, minimum, certificate=None):
        measured = []
        for case in cases:
            row = pinned_pair(report, case, certificate)
            if row and row["ratio"] is not None:
                measured.append((case, row["ratio"]))
        if not measured:
            rows.append((title, "not measured", "–"))
            return
        text = ", ".join(f"{CASE_TITLES[case]} {ratio:.2f}×" for case, ratio in measured)
        rows.append((title, text, verdict(all(ratio >= minimum for _, ratio in measured))))

    ratio_target("AASA ≥ 1.5× nginx", ["aasa"], 1.5)
    ratio_target("`/resolve` and landing, cached, ≥ 1.3× nginx", ["resolve", "landing"], 1.3)
    ratio_target(f"`/resolve` and landing, {LANDING_IDS:,} distinct URLs, ≥ 1.0× nginx static", ["resolve-many",
                                                                                                "landing-many"], 1.0)
    certificates = sorted({key[1] for key in report.get("pinned", {}) if key[1]})
    for certificate in certificates:
        name = CERTIFICATE_TITLES[certificate]
        ratio_target(f"HTTPS keep-alive ≥ 1.2× nginx ({name})", ["https-keepalive"], 1.2, certificate)
        ratio_target(f"HTTPS, a new connection per request, ≥ 1.0× nginx, TLS 1.3 both ({name})",
                     ["https-resumed", "https-full"], 1.0, certificate)
        for case in ("https-full", "https-resumed"):
            ours, theirs = pinned_pair(report, case, certificate), pinned_pair(report, case, certificate, "gnutls-serv")
            if ours and theirs and ours["summary"] and theirs["summary"]:
                factor = ours["summary"]["cpu_us_per_request"] / theirs["summary"]["cpu_us_per_request"]
                rows.append((f"CPU per connection within 5 % of `gnutls-serv` ({CASE_TITLES[case]}, {name})",
                             f"{ours['summary']['cpu_us_per_request']:.0f} µs vs "
                             f"{theirs['summary']['cpu_us_per_request']:.0f} µs ({format_factor(factor)})",
                             verdict(factor <= 1.05)))
    counts = report.get("counts", {})
    for case in ("https-full", "https-resumed"):
        ours, theirs = counts.get("deeplinkd", {}).get(case, {}), counts.get("gnutls-serv", {}).get(case, {})
        if "instructions" in ours and "instructions" in theirs:
            factor = ours["instructions"] / theirs["instructions"]
            rows.append((f"instructions per connection within 5 % of `gnutls-serv` ({CASE_TITLES[case]}, "
                         "callgrind, ECDSA P-256)",
                         f"{ours['instructions'] / 1e6:.2f}M vs {theirs['instructions'] / 1e6:.2f}M "
                         f"({format_factor(factor)})", verdict(factor <= 1.05)))
    largest = report.get("table_scale", {}).get(20000)
    if largest and "error" not in largest:
        rows.append(("20,000-route table: check < 1 s", f"{largest['check'] * 1000:.0f} ms",
                     verdict(largest["check"] < 1.0)))
        rows.append(("20,000-route table: start to first 200 < 1 s", f"{largest['start'] * 1000:.0f} ms",
                     verdict(largest["start"] < 1.0)))
    else:
        rows.append(("20,000-route table: check and start to first 200 < 1 s", "not measured", "–"))
    idle = report.get("idle_rss")
    rows.append(("idle RSS ≤ 14 MiB", format_mib(idle) if idle else "not measured",
                 verdict(idle <= 14 * MIB) if idle else "–"))
    under_load = report.get("rss_under_256")
    rows.append(("RSS under 256 connections ≤ 30 MiB", format_mib(under_load) if under_load else "not measured",
                 verdict(under_load <= 30 * MIB) if under_load else "–"))
    start = report.get("start_median")
    rows.append(("start to first 200 ≤ 50 ms", f"{start * 1000:.1f} ms" if start else "not measured",
                 verdict(start <= 0.050) if start else "–"))
    micro = report.get("micro", {}).get("benchmarks", {})
    default_resolves = {name: entry for name, entry in micro.items()
                        if name.startswith("resolve") and "(default table)" in name}
    if default_resolves:
        slowest = max(default_resolves.items(), key=lambda item: item[1]["time_ns"])
        most_mallocs = max(entry.get("mallocs", 0) for entry in default_resolves.values())
        rows.append(("resolve on the default table ≤ 1 µs per URL",
                     f"{min(e['time_ns'] for e in default_resolves.values()):.0f}–{slowest[1]['time_ns']:.0f} ns "
                     f"(slowest: {slowest[0].replace(' (default table)', '')})", verdict(slowest[1]["time_ns"] <= 1000)))
        rows.append(("resolve on the default table ≤ 2 allocations", f"{most_mallocs:.0f} at most",
                     verdict(most_mallocs <= 2)))
    else:
        rows.append(("resolve on the default table ≤ 1 µs per URL and ≤ 2 allocations", "not measured", "–"))
    small, large = micro.get("resolve on 4 routes"), micro.get("resolve on 10000 routes")
    if small and large:
        factor = large["time_ns"] / small["time_ns"]
        rows.append(("resolve with 10,000 routes ≤ 3× the time with 4 routes",
                     f"{factor:.2f}× ({large['time_ns']:.0f} vs {small['time_ns']:.0f} ns)", verdict(factor <= 3)))
    else:
        rows.append(("resolve with 10,000 routes ≤ 3× the time with 4 routes", "not measured", "–"))
    return rows


def render(report, arguments, output_path):
    lines = []
    add = lines.append
    add("# Performance")
    add("")
    add(f"Generated by `make bench` (`scripts/bench.py`) on {report['date']}; everything above the last section is "
        "rewritten by each run, the last section is written by hand and kept.")
    add("")
    add("**Two modes.** The headline is the pinned mode: each server under test on CPU 0 with one worker "
        "(`deeplinkd --threads 1`, nginx `worker_processes 1`), wrk with one thread on CPU 1, so the figures are what "
        "one core of the server does, and wrk's own load shows apart. The shared mode (second table) is the earlier "
        "one: the servers' default workers and wrk's two threads on the same two cores. Other work on the machine "
        "during the run (builds, tests) adds noise: read the ratios (taken within one round), the CPU per request and "
        "the instruction and allocation counts (exact, from callgrind) rather than the absolute requests/s.")
    add("")
    add("## Machine and versions")
    add("")
    add(f"- Date: {report['date']}")
    add(f"- Machine: {report['machine']}")
    for name, version in report["versions"].items():
        add(f"- {name}: {version}")
    add(f"- This run: {report['settings']}; it took {format_duration(report['elapsed'])}.")
    add("")
    add("## How to re-run")
    add("")
    add("```sh")
    add("make bench                                          # the defaults below, about "
        f"{report['default_minutes']:.0f} min after the build")
    add("make bench BENCH_ARGS='--rounds 1 --duration 2'     # a quick look (no threading comparison)")
    add("python3 scripts/bench.py --modes pinned --cases aasa,https-full --no-micro --no-table-scale  # one question")
    add("python3 scripts/bench.py --help                     # every option (--binary, --no-micro, ...)")
    add("```")
    add("")
    add("`make bench` installs `wrk`, `nginx`, `gnutls-bin` and `valgrind` from Debian when missing, builds the "
        "release binary and runs `scripts/bench.py --threading`. Defaults: 3 interleaved rounds of 10 s per case and "
        "connection count; the pinned mode at 64 connections with the HTTPS cases for an ECDSA P-256 and an RSA 2048 "
        "certificate, the shared mode at 64 and 256; 2 rounds for the threading comparison; the instruction and "
        "allocation counts; table scale; the micro-benchmarks.")
    add("")
    add("## Targets")
    add("")
    add("| target (issue 16; the memory, start and routing rows from issue 4) | measured | verdict |")
    add("| --- | --- | --- |")
    for target, measured, result in build_targets(report):
        add(f"| {target} | {measured} | {result} |")
    add("")
    add("Ratios are the pinned mode's, the median of the per-round ratios of requests/s (for a connection per request "
        "that is connections/s); CPU per connection is the server's CPU time divided by the requests it answered.")
    add("")
    render_pinned(report, add)
    render_counts(report, add)
    render_end_to_end(report, add)
    render_threading(report, add)
    render_micro(report, add)
    if "table_scale" in report:
        table_scale.render(report["table_scale"], add)
    add(hand_written_section(output_path).rstrip("\n"))
    return "\n".join(lines) + "\n"


def render_pinned(report, add):
    add("## Pinned: one core each, deeplinkd against nginx and gnutls-serv")
    add("")
    if "pinned_error" in report:
        add(f"Not measured: {report['pinned_error']}")
        add("")
    pinned = report.get("pinned")
    if not pinned:
        return
    add(f"Each server on CPU 0 with one worker; `taskset -c 1 wrk -t1 -cN -d{report['duration']}s --latency`, "
        f"{plural(report['rounds'], 'round')}, the server order rotated every round. deeplinkd: "
        "`deeplinkd serve --threads 1 --per-ip-limit 0` (its access log on, to a file), over HTTPS with `--tls-cert` "
        "and `--tls-key` and its default profile (TLS 1.3 and 1.2, X25519 first, session tickets). nginx: "
        "`worker_processes 1`, otherwise as in the shared mode below, and for HTTPS the same certificate with "
        "`ssl_protocols TLSv1.2 TLSv1.3` (nginx 1.22 offers only 1.2 without it) and its default session tickets. "
        "gnutls-serv (Debian `gnutls-bin`): `gnutls-serv --http --disable-client-cert --priority` deeplinkd's "
        "priority string `--httpdata` the AASA, which it sends as an HTTP/1.0 answer and closes, so it takes part "
        "only in the cases of a connection per request: the cost of a connection in GnuTLS with nothing around it. "
        "All three negotiate TLS 1.3 with X25519. \"Resumed\" is what wrk does by itself: a new connection offers the "
        "session ticket the connection before it was given, and all three servers resume it (a returning visitor); "
        "\"full handshake\" preloads `scripts/bench/no-resume.c` into wrk, which drops that session, so every "
        "connection makes a full handshake (a first visit). CPU per request is the server's user and system time "
        "over the requests it answered; in brackets, the system time of it: the kernel's share (loopback TCP, the "
        "`recvfrom` and `sendmsg` of each request), which a server lowers only by making fewer system calls. Core "
        "busy is the server's CPU time over the run's length (1.00 = CPU 0 all the time); wrk's core, the same for wrk on CPU 1: when it is near 1.00, wrk is the "
        "bottleneck and the server's idle time is waiting for it.")
    add("")
    add("| case | cert | conns | server | req/s median (min–max) | ÷ nginx | p50 | p99 | CPU per request | "
        "core busy | wrk's core | per-round ratios | errors |")
    add("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for (case, certificate, connections), rows in pinned.items():
        for label, row in rows.items():
            summary = row["summary"]
            title = CASE_TITLES[case]
            cert = CERTIFICATE_TITLES.get(certificate, "–")
            if summary is None:
                add(f"| {title} | {cert} | {connections} | {label} | failed: "
                    f"{table_cell('; '.join(unique(row['failures'])))} | | | | | | | | |")
                continue
            ratio = "1.00" if label == "nginx" else ("–" if row["ratio"] is None else f"**{row['ratio']:.2f}**")
            ratios = ", ".join(f"{value:.2f}" for value in row["ratios"]) if label != "nginx" else ""
            add(f"| {title} | {cert} | {connections} | {label} | {format_rps(summary['rps'])} "
                f"({format_rps(summary['rps_min'])}–{format_rps(summary['rps_max'])}) | {ratio} | "
                f"{format_latency(summary['p50_us'])} | {format_latency(summary['p99_us'])} | "
                f"{summary['cpu_us_per_request']:.1f} µs ({summary['system_us_per_request']:.1f} system) | "
                f"{summary['cpu_cores']:.2f} | {summary['load_cores']:.2f} | {ratios} | {format_errors(summary)} |")
    add("")


def section_results(report, key, title, skipped, add):
    """Writes a section's heading and returns its results, or writes why there are none (`skipped` when the part
    was not run, the error when it failed) and returns None."""
    add(title)
    add("")
    results = report.get(key)
    if results is not None and "error" not in results:
        return results
    add(skipped if results is None else f"Not measured: {results['error']}")
    add("")
    return None


def render_counts(report, add):
    counts = section_results(report, "counts", "## Instructions and allocations per request", "Not run this time (`--no-counts`).", add)
    if counts is None:
        return
    add(f"deeplinkd (`--threads 1`) under callgrind (`scripts/bench_counts.py`): after a warm-up, a batch of "
        f"{report['counts_batch']:,} requests of each case on one keep-alive connection (for a connection per request, "
        "a tenth as many connections, each with one request), the profile zeroed before the batch and dumped after it. "
        "The counts are of the whole process (deeplinkd, libmicrohttpd, GnuTLS, libc, the Swift runtime) and "
        "repeat to within a few instructions, so a change shows as a number where the requests/s above would hide it "
        "in the machine's noise. An allocation is a call of malloc, calloc, realloc, posix_memalign or aligned_alloc. "
        "callgrind counts `rep stosb` one per byte, so libmicrohttpd's clearing of its 16 KiB connection pool after "
        "each request counts as about 16k of every keep-alive request's instructions. The client is Python's `ssl` "
        "(OpenSSL), so the handshakes are the same TLS 1.3 ones as wrk's; gnutls-serv is measured the same way.")
    add("")
    add("| case | server | instructions per request | allocations per request |")
    add("| --- | --- | ---: | ---: |")
    for server, results in counts.items():
        for case, result in results.items():
            if "error" in result:
                add(f"| {CASE_TITLES[case]} | {server} | failed: {table_cell(result['error'])} | |")
            else:
                add(f"| {CASE_TITLES[case]} | {server} | {result['instructions']:,.0f} | {result['allocations']:.1f} |")
    add("")


def render_end_to_end(report, add):
    add("## Shared: deeplinkd against nginx on the same two cores as wrk")
    add("")
    if "end_to_end_error" in report:
        add(f"Not measured: {report['end_to_end_error']}")
        add("")
    if not report.get("end_to_end"):
        return
    sizes = report.get("sizes", {})
    add(f"deeplinkd: `deeplinkd serve --config config/deeplinkd.yaml --public Public --per-ip-limit 0` (default "
        "threads: one per core), its JSON access log (one line per request) on stderr to a file. nginx: "
        "`worker_processes auto`, `access_log off`, `sendfile`, `tcp_nopush`, `tcp_nodelay`, "
        "`keepalive_requests 1000000`, `open_file_cache`, serving static copies fetched from deeplinkd: "
        f"the AASA ({sizes.get('aasa', '?')} bytes, the same bytes), `{LANDING_PATH}` "
        f"({sizes.get('landing', '?')} bytes, the same bytes), and for `/resolve` one file of "
        f"{sizes.get('resolve_static', '?')} bytes, the mean size of the mix's responses "
        f"({', '.join(str(size) for size in sizes.get('resolve', []))} bytes). The landing-many case "
        f"(`scripts/bench/landing-many.lua`) asks for {LANDING_IDS:,} charger pages in turn, `/c/B00000` on, so none "
        "comes again before thousands of others: deeplinkd renders every one (its cache of prepared pages holds 512 a "
        "worker), nginx serves each from its own file "
        f"({', '.join(str(size) for size in sizes.get('landing_many', []))} bytes). The `/resolve` mix "
        "(`scripts/bench/resolve-mix.lua`) rotates a matched Universal Link, an unmatched path, a custom-scheme URL "
        "and a gated route with `state=ready`; nginx gets the same requests. The resolve-many case "
        f"(`scripts/bench/resolve-many.lua`) gives each of those four kinds {RESOLVE_IDS:,} distinct ids, so no "
        "query comes again before thousands of others: deeplinkd resolves every one (its cache of prepared answers, "
        "shared with the landing pages, keeps the matched ones of routes that are not secret), nginx serves its one "
        "`/resolve` file. "
        f"The AASA is `{AASA_PATH}`. `wrk -t2 -cN -d{report['duration']}s --latency`, "
        f"{plural(report['rounds'], 'round')}, the server order swapped every round.")
    add("")
    add("| case | conns | server | req/s median (min–max) | ÷ nginx | p50 | p99 | server CPU (cores) | "
        "CPU per request | peak RSS | errors |")
    add("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for (case, connections), pair in report["end_to_end"].items():
        for label in ("deeplinkd", "nginx"):
            summary = pair[label]
            if summary is None:
                add(f"| {CASE_TITLES[case]} | {connections} | {label} | failed: "
                    f"{table_cell('; '.join(unique(pair[label + '_failures'])))} | | | | | | | |")
                continue
            ratio = "1.00" if label == "nginx" else ("–" if pair["ratio"] is None else f"**{pair['ratio']:.2f}**")
            add(f"| {CASE_TITLES[case]} | {connections} | {label} | {format_rps(summary['rps'])} "
                f"({format_rps(summary['rps_min'])}–{format_rps(summary['rps_max'])}) | {ratio} | "
                f"{format_latency(summary['p50_us'])} | {format_latency(summary['p99_us'])} | "
                f"{summary['cpu_cores']:.2f} | {summary['cpu_us_per_request']:.1f} µs | {format_mib(summary['peak_rss'])} | "
                f"{format_errors(summary)} |")
    add("")
    add("Per round, deeplinkd's requests/s ÷ nginx's (in round order; the median is the ÷ nginx column above); "
        "nginx's CPU per request ÷ deeplinkd's (above 1: deeplinkd spends less CPU on a request); and the CPU wrk "
        "itself spent per request (user and system time, median over the rounds), which comes out of the same two "
        "cores:")
    add("")
    add("| case | conns | per-round ratios | CPU per request, nginx ÷ deeplinkd | wrk's CPU per request (deeplinkd / nginx) |")
    add("| --- | --- | --- | --- | --- |")
    for (case, connections), pair in report["end_to_end"].items():
        ratios = ", ".join(f"{ratio:.2f}" for ratio in pair.get("ratios", [])) or "–"
        ours, theirs = pair["deeplinkd"], pair["nginx"]
        cpu, load = "–", "–"
        if ours and theirs and ours["cpu_us_per_request"]:
            cpu = f"{theirs['cpu_us_per_request'] / ours['cpu_us_per_request']:.2f}"
            load = f"{ours['load_cpu_us_per_request']:.1f} / {theirs['load_cpu_us_per_request']:.1f} µs"
        add(f"| {CASE_TITLES[case]} | {connections} | {ratios} | {cpu} | {load} |")
    add("")
    add("CPU per request is the server's CPU time divided by the requests it answered (median over the rounds); it "
        "moves less with the machine's other load than requests/s does. Peak RSS is the highest VmRSS sampled during that case's runs (nginx: master plus workers). RSS is not "
        "given back, so later cases carry the peak of earlier ones.")
    add("")
    add("deeplinkd alone:")
    add("")
    idle_detail = ""
    if report.get("idle_rss_file") is not None:
        idle_detail = (f" ({format_mib(report['idle_rss_anonymous'])} anonymous, {format_mib(report['idle_rss_file'])} "
                       "file-backed: pages of the executable and its libraries, shared with the page cache)")
    add(f"- Idle RSS (started, answered `/healthz`, before any load): {format_mib(report.get('idle_rss'))}{idle_detail}")
    add(f"- RSS after the load (all cases above, 2 s after the last run): {format_mib(report.get('rss_after_load'))}")
    add(f"- Highest RSS during a 256-connection run: {format_mib(report.get('rss_under_256'))}")
    if report.get("start_times"):
        times = ", ".join(f"{value * 1000:.1f}" for value in report["start_times"])
        add(f"- Start to the first `200` on `/healthz` (fresh process, polled every millisecond): median "
            f"{report['start_median'] * 1000:.1f} ms of {plural(len(report['start_times']), 'start')} ({times} ms)")
    if report.get("start_error"):
        add(f"- Start time: not measured: {report['start_error']}")
    add("")


def render_threading(report, add):
    threading_results = section_results(report, "threading", "## Threading: `--threads 1`, `2`, `4`", "Not run this time (`scripts/bench.py --threading`; `make bench` includes it).", add)
    if threading_results is None:
        return
    add("libmicrohttpd's poll mode with an internal thread pool of N threads (the only mode deeplinkd offers; "
        "the single-thread epoll mode stalls in 0.9.75), on the AASA, "
        f"{plural(threading_results['rounds'], 'round')} of {report['duration']} s, the order rotated every round. "
        f"Ratios are to `--threads 2` in the same round (the default is one thread per core: {os.cpu_count()} here).")
    add("")
    add("| threads | conns | req/s median (min–max) | ÷ 2 threads | p50 | p99 | server CPU (cores) | CPU per request | "
        "peak RSS | errors |")
    add("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for (threads, connections), entry in threading_results["rows"].items():
        summary = entry["summary"]
        if summary is None:
            add(f"| {threads} | {connections} | failed: {table_cell('; '.join(entry['failures']))} | | | | | | | |")
            continue
        ratio = "–" if entry["ratio"] is None else f"{entry['ratio']:.2f}"
        add(f"| {threads} | {connections} | {format_rps(summary['rps'])} ({format_rps(summary['rps_min'])}–"
            f"{format_rps(summary['rps_max'])}) | {ratio} | {format_latency(summary['p50_us'])} | "
            f"{format_latency(summary['p99_us'])} | {summary['cpu_cores']:.2f} | {summary['cpu_us_per_request']:.1f} µs | "
            f"{format_mib(summary['peak_rss'])} | "
            f"{format_errors(summary)} |")
    add("")


def render_micro(report, add):
    micro = section_results(report, "micro", "## Routing micro-benchmarks", "Not run this time (`--no-micro`).", add)
    if micro is None:
        return
    add("`DEEPLINKD_BENCHMARKS=1 swift package --scratch-path .build-bench benchmark --target RoutingBenchmarks "
        "--no-progress --format markdown` (package-benchmark; `Benchmarks/RoutingBenchmarks`). p50 over the samples, "
        "per operation.")
    add("")
    add("| benchmark | p50 wall clock per operation | p50 mallocs per operation |")
    add("| --- | --- | --- |")

    def order(name):
        routes = re.match(r"resolve on (\d+) routes", name)
        return (1, int(routes.group(1)), name) if routes else (0 if name.startswith("resolve") else 2, 0, name)

    for name in sorted(micro["benchmarks"], key=order):
        entry = micro["benchmarks"][name]
        time_ns = entry["time_ns"]
        time_text = f"{time_ns / 1000:.2f} µs" if time_ns >= 10_000 else f"{time_ns:.0f} ns"
        mallocs = entry.get("mallocs")
        add(f"| {name} | {time_text} | {'–' if mallocs is None else f'{mallocs:.0f}'} |")
    add("")
    for note in micro.get("notes", []):
        add(f"> {note}")
        add("")


# ---------------------------------------------------------------------------------------------------------------
# Main


HTTP_CASES = {
    "aasa": (AASA_PATH, "report.lua"),
    "resolve": ("/resolve", "resolve-mix.lua"),
    "resolve-many": ("/", "resolve-many.lua"),
    "landing": (LANDING_PATH, "report.lua"),
    "landing-many": ("/", "landing-many.lua"),
}
# The HTTPS cases of the pinned mode, all on the AASA: keep-alive; a new connection per request resuming the session
# of the connection before (what wrk does by itself: a returning visitor); a new connection with a full handshake
# (the no-resume shim: a first visit). The servers that take part in each.
HTTPS_CASES = {
    "https-keepalive": ("report.lua", False, ("deeplinkd", "nginx")),
    "https-resumed": ("close.lua", False, ("deeplinkd", "nginx", "gnutls-serv")),
    "https-full": ("close.lua", True, ("deeplinkd", "nginx", "gnutls-serv")),
}
CERTIFICATE_TITLES = {"ecdsa": "ECDSA P-256", "rsa": "RSA 2048"}
# deeplinkd's default GnuTLS priority string (HTTPServer+TLSPolicy.swift, the README's TLS section), given to
# gnutls-serv so both negotiate the same.
DEEPLINKD_PRIORITIES = ("NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2:-KX-ALL:+ECDHE-ECDSA:+ECDHE-RSA:-CIPHER-ALL"
                        ":+AES-128-GCM:+AES-256-GCM:+CHACHA20-POLY1305:-MAC-ALL:+AEAD"
                        ":-GROUP-ALL:+GROUP-X25519:+GROUP-SECP256R1:+GROUP-SECP384R1")
SERVER_CPU = "0"
LOAD_CPU = "1"


def pinned_end_to_end(arguments, directory, report):
    """The headline comparison: each server on CPU 0 with one worker, wrk (one thread) on CPU 1."""
    servers = []
    try:
        deeplinkd = start_deeplinkd(arguments.binary, directory, "deeplinkd", threads=1, cpus=SERVER_CPU)
        servers.append(deeplinkd)
        if "sizes" not in report:
            report["sizes"] = prepare_static_files(deeplinkd, directory)
        https_cases = [case for case in HTTPS_CASES if case in arguments.cases]
        certificates = make_certificates(directory, arguments.certificates) if https_cases else {}
        nginx = start_nginx(directory, workers=1, cpus=SERVER_CPU, certificates=certificates)
        servers.append(nginx)
        jobs = [{"key": (case, None, connections), "servers": [deeplinkd, nginx], "path": path, "script": script,
                 "connections": connections}
                for case, (path, script) in HTTP_CASES.items() if case in arguments.cases
                for connections in arguments.pinned_connections]
        shim = build_no_resume_shim(directory) if "https-full" in https_cases else None
        for name, (certificate, key) in certificates.items():
            secure = {
                "deeplinkd": start_deeplinkd(arguments.binary, directory, "deeplinkd", threads=1, cpus=SERVER_CPU,
                                             tls=(certificate, key), log_name=f"deeplinkd-{name}"),
                "nginx": tls_view(nginx, nginx.tls_ports[name], "nginx"),
            }
            servers.append(secure["deeplinkd"])
            if any("gnutls-serv" in HTTPS_CASES[case][2] for case in https_cases):
                secure["gnutls-serv"] = start_gnutls_serv(directory, "gnutls-serv", certificate, key,
                                                          DEEPLINKD_PRIORITIES, cpus=SERVER_CPU)
                servers.append(secure["gnutls-serv"])
            for case in https_cases:
                script, full, taking_part = HTTPS_CASES[case]
                jobs += [{"key": (case, name, connections), "servers": [secure[label] for label in taking_part],
                          "path": AASA_PATH, "script": script, "connections": connections,
                          "preload": shim if full else None}
                         for connections in arguments.pinned_connections]
        results = {}
        interleaved_jobs(jobs, arguments.rounds, arguments.duration, 1, LOAD_CPU, results)
        table = {}
        for job in jobs:
            reference = results.get(job["key"] + ("nginx",), [])
            rows = {}
            for server in job["servers"]:
                runs = results.get(job["key"] + (server.label,), [])
                ratio, ratios = per_round_ratio(runs, reference)
                rows[server.label] = {"summary": summarize(runs), "ratio": ratio, "ratios": ratios,
                                      "failures": [run["error"] for run in runs if "error" in run]}
            table[job["key"]] = rows
        report["pinned"] = table
    finally:
        for server in servers:
            server.stop()


def end_to_end(arguments, directory, report):
    servers = []
    try:
        deeplinkd = start_deeplinkd(arguments.binary, directory, "deeplinkd")
        servers.append(deeplinkd)
        time.sleep(1.0)
        report["idle_rss"] = process_rss(deeplinkd.process.pid)
        report["idle_rss_anonymous"] = process_rss(deeplinkd.process.pid, "RssAnon")
        report["idle_rss_file"] = process_rss(deeplinkd.process.pid, "RssFile")
        log(f"deeplinkd idle RSS {format_mib(report['idle_rss'])}")
        if "sizes" not in report:
            report["sizes"] = prepare_static_files(deeplinkd, directory)
        nginx = start_nginx(directory)
        servers.append(nginx)
        cases = {name: case for name, case in HTTP_CASES.items() if name in arguments.cases}
        results = {}
        interleaved(servers, cases, arguments.connections, arguments.rounds, arguments.duration,
                    arguments.wrk_threads, results)
        time.sleep(2.0)
        if deeplinkd.is_running():
            report["rss_after_load"] = process_rss(deeplinkd.process.pid)
        table = {}
        peaks_under_256 = []
        for case in cases:
            for connections in arguments.connections:
                ours = results.get((case, connections, "deeplinkd"), [])
                theirs = results.get((case, connections, "nginx"), [])
                ratio, ratios = per_round_ratio(ours, theirs)
                table[(case, connections)] = {
                    "deeplinkd": summarize(ours), "nginx": summarize(theirs), "ratio": ratio, "ratios": ratios,
                    "deeplinkd_failures": [run["error"] for run in ours if "error" in run],
                    "nginx_failures": [run["error"] for run in theirs if "error" in run],
                }
                if connections == 256:
                    peaks_under_256 += [run["peak_rss"] for run in successful(ours)]
        report["end_to_end"] = table
        if peaks_under_256:
            report["rss_under_256"] = max(peaks_under_256)
    finally:
        for server in servers:
            server.stop()


def instruction_counts(arguments, directory):
    """{server: {case: counts}} from callgrind: deeplinkd for every case asked for, gnutls-serv for the handshakes."""
    counting = os.path.join(directory, "counts")
    os.makedirs(counting, exist_ok=True)
    certificate = make_certificates(counting, ["ecdsa"])["ecdsa"]
    cases = [case for case in CASE_TITLES if case in arguments.cases]
    counts = {"deeplinkd": bench_counts.measure(arguments.binary, counting, cases, arguments.counts, resolve_paths(),
                                                LANDING_IDS, RESOLVE_IDS, tls=certificate, log=log)}
    if any(case in ("https-full", "https-resumed") for case in cases):
        body = os.path.join(counting, "aasa.json")
        with open(body, "wb") as file:
            file.write(b'{"applinks":{"details":[]}}\n')
        counts["gnutls-serv"] = bench_counts.measure_gnutls_serv(counting, *certificate, DEEPLINKD_PRIORITIES, body,
                                                                 arguments.counts, log=log)
    return counts


def threading_comparison(arguments, directory, report):
    servers = []
    try:
        for threads in (1, 2, 4):
            servers.append(start_deeplinkd(arguments.binary, directory, f"threads-{threads}", threads))
        results = {}
        interleaved(servers, {"aasa": (AASA_PATH, "report.lua")}, arguments.connections,
                    arguments.threading_rounds, arguments.duration, arguments.wrk_threads, results)
        rows = {}
        for threads in (1, 2, 4):
            for connections in arguments.connections:
                runs = results.get(("aasa", connections, f"threads-{threads}"), [])
                reference = results.get(("aasa", connections, "threads-2"), [])
                rows[(threads, connections)] = {
                    "summary": summarize(runs), "ratio": per_round_ratio(runs, reference)[0],
                    "failures": [run["error"] for run in runs if "error" in run],
                }
        report["threading"] = {"rounds": arguments.threading_rounds, "rows": rows}
    finally:
        for server in servers:
            server.stop()


def estimated_seconds(arguments):
    per_run = arguments.duration + 1.5
    http_cases = [case for case in arguments.cases if case in HTTP_CASES]
    https_runs = sum(len(HTTPS_CASES[case][2]) for case in arguments.cases if case in HTTPS_CASES)
    seconds = 0
    if "shared" in arguments.modes:
        seconds += 2 * len(http_cases) * len(arguments.connections) * arguments.rounds * per_run
    if "pinned" in arguments.modes:
        seconds += (2 * len(http_cases) + https_runs * len(arguments.certificates)) * \
            len(arguments.pinned_connections) * arguments.rounds * per_run
    if arguments.counts:
        seconds += 120
    if arguments.threading:
        seconds += 3 * len(arguments.connections) * arguments.threading_rounds * per_run
    seconds += 10 + (150 if arguments.micro else 0)  # the micro-benchmarks, with the rebuild a change in Sources causes
    return seconds


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/deeplinkd",
                        help="the deeplinkd to measure (default: .build/release/deeplinkd, as `make release` builds)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds per case (default 3)")
    parser.add_argument("--duration", type=int, default=10, help="seconds per wrk run (default 10)")
    parser.add_argument("--modes", default="pinned,shared",
                        help="pinned (one core each, the headline), shared (all on both cores); default both")
    parser.add_argument("--connections", default="64,256", help="connection counts of the shared mode (default 64,256)")
    parser.add_argument("--pinned-connections", default="64",
                        help="connection counts of the pinned mode (default 64)")
    parser.add_argument("--cases", default=",".join(CASE_TITLES),
                        help="end-to-end cases (default: all; the https ones run in the pinned mode only)")
    parser.add_argument("--certificates", default="ecdsa,rsa",
                        help="certificates of the HTTPS cases: ecdsa (P-256), rsa (2048); default both")
    parser.add_argument("--wrk-threads", type=int, default=2, help="wrk threads of the shared mode (default 2)")
    parser.add_argument("--counts", type=int, default=2000,
                        help="requests per case counted under callgrind (default 2000; 0 skips the counts)")
    parser.add_argument("--threading", action="store_true", help="also compare --threads 1, 2 and 4")
    parser.add_argument("--threading-rounds", type=int, default=2, help="rounds of the threading comparison (default 2)")
    parser.add_argument("--starts", type=int, default=5, help="fresh starts timed to the first 200 (default 5)")
    parser.add_argument("--no-end-to-end", dest="end_to_end", action="store_false",
                        help="skip the comparison with nginx")
    parser.add_argument("--no-micro", dest="micro", action="store_false", help="skip the micro-benchmarks")
    parser.add_argument("--no-table-scale", dest="table_scale", action="store_false",
                        help="skip timing check and start-up with 1,000 / 10,000 / 20,000 routes")
    parser.add_argument("--micro-timeout", type=int, default=1800,
                        help="seconds allowed for the micro-benchmarks, build included (default 1800)")
    parser.add_argument("--output", default="docs/performance.md", help="the report to write (default docs/performance.md)")
    parser.add_argument("--keep-temp", action="store_true", help="keep the temporary directory (logs, nginx config)")
    arguments = parser.parse_args()
    arguments.binary = os.path.abspath(os.path.join(REPOSITORY, arguments.binary))
    arguments.output = os.path.abspath(os.path.join(REPOSITORY, arguments.output))
    arguments.connections = [int(value) for value in arguments.connections.split(",") if value]
    arguments.pinned_connections = [int(value) for value in arguments.pinned_connections.split(",") if value]
    arguments.cases = [value for value in arguments.cases.split(",") if value]
    arguments.modes = [value for value in arguments.modes.split(",") if value]
    arguments.certificates = [value for value in arguments.certificates.split(",") if value]
    if set(arguments.modes) - {"pinned", "shared"}:
        parser.error("--modes takes pinned, shared or both")
    if set(arguments.certificates) - set(CERTIFICATE_TITLES):
        parser.error(f"--certificates takes {', '.join(CERTIFICATE_TITLES)}")
    unknown = [case for case in arguments.cases if case not in CASE_TITLES]
    if unknown:
        parser.error(f"unknown case(s) {', '.join(unknown)}; known: {', '.join(CASE_TITLES)}")
    if arguments.rounds < 1 or arguments.duration < 1 or arguments.threading_rounds < 1:
        parser.error("--rounds, --duration and --threading-rounds must be at least 1")
    if any(count < arguments.wrk_threads for count in arguments.connections):
        parser.error("every connection count must be at least --wrk-threads")
    return arguments


def on_signal(signal_number, frame):
    raise Interrupted()


def main():
    arguments = parse_arguments()
    # Explicitly, since a shell starting us in the background would have SIGINT ignored.
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    tools = ["wrk", "nginx"] if arguments.end_to_end else []
    if arguments.end_to_end and "pinned" in arguments.modes:
        tools += ["taskset", "openssl", "cc", "gnutls-serv"]
    if arguments.counts:
        tools += ["valgrind", "callgrind_control", "objcopy"]
    for tool in tools:
        if shutil.which(tool) is None:
            sys.exit(f"bench: `{tool}` is missing (scripts/install-deps.sh wrk nginx gnutls-bin valgrind installs "
                     "what the bench needs)")
    if not os.access(arguments.binary, os.X_OK):
        sys.exit(f"bench: no deeplinkd at {arguments.binary} (make release builds it; or pass --binary)")
    started = time.monotonic()
    log(f"estimated time: about {format_duration(estimated_seconds(arguments))} "
        "(the first run of the micro-benchmarks also builds their dependencies)")
    report = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine(),
        "versions": versions(arguments.binary),
        "connections": arguments.connections,
        "rounds": arguments.rounds,
        "duration": arguments.duration,
        "counts_batch": arguments.counts,
        "settings": (f"{plural(arguments.rounds, 'round')} × {arguments.duration} s, modes {', '.join(arguments.modes)}, "
                     f"connections {', '.join(map(str, arguments.pinned_connections))} pinned and "
                     f"{', '.join(map(str, arguments.connections))} shared, cases {', '.join(arguments.cases)}, "
                     f"certificates {', '.join(arguments.certificates)}"
                     + (f", threading comparison {plural(arguments.threading_rounds, 'round')}" if arguments.threading
                        else "")),
    }
    defaults = argparse.Namespace(duration=10, cases=list(CASE_TITLES), connections=[64, 256], rounds=3,
                                  threading=True, threading_rounds=2, micro=True, modes=["pinned", "shared"],
                                  pinned_connections=[64], certificates=list(CERTIFICATE_TITLES), counts=2000)
    report["default_minutes"] = estimated_seconds(defaults) / 60
    directory = tempfile.mkdtemp(prefix="deeplinkd-bench-")
    interrupted = False
    try:
        starts = []
        try:
            for _ in range(arguments.starts):
                starts.append(time_to_first_healthy(arguments.binary))
            if starts:
                report["start_times"] = starts
                report["start_median"] = statistics.median(starts)
                log(f"start to first 200: {', '.join(f'{value * 1000:.1f}' for value in starts)} ms")
        except (RuntimeError, OSError) as error:
            report["start_error"] = str(error)
            log(f"start time: FAILED: {error}")
        if arguments.end_to_end and "pinned" in arguments.modes:
            try:
                pinned_end_to_end(arguments, directory, report)
            except Interrupted:
                raise
            except Exception as error:  # reported in the output; the other parts still run
                report["pinned_error"] = f"{type(error).__name__}: {error}"
                log(f"pinned: FAILED: {error}")
        if arguments.end_to_end and "shared" in arguments.modes and any(case in HTTP_CASES for case in arguments.cases):
            try:
                end_to_end(arguments, directory, report)
            except Interrupted:
                raise
            except Exception as error:  # reported in the output; the other parts still run
                report["end_to_end_error"] = f"{type(error).__name__}: {error}"
                log(f"end to end: FAILED: {error}")
        if arguments.counts:
            try:
                report["counts"] = instruction_counts(arguments, directory)
            except Interrupted:
                raise
            except Exception as error:  # reported in the output; the other parts still run
                report["counts"] = {"error": f"{type(error).__name__}: {error}"}
                log(f"counts: FAILED: {error}")
        if arguments.threading:
            try:
                threading_comparison(arguments, directory, report)
            except Interrupted:
                raise
            except Exception as error:  # reported in the output; the other parts still run
                report["threading"] = {"error": f"{type(error).__name__}: {error}"}
                log(f"threading: FAILED: {error}")
        if arguments.table_scale:
            log("table scale: check and start-up with 1,000 / 10,000 / 20,000 routes")
            report["table_scale"] = table_scale.measure(arguments.binary)
            for size, result in report["table_scale"].items():
                log(f"table scale {size}: {result}")
        if arguments.micro:
            log("micro-benchmarks (builds them in release mode in .build-bench the first time)")
            report["micro"] = run_micro_benchmarks(arguments.micro_timeout)
            if "error" in report["micro"]:
                log(f"micro-benchmarks: FAILED: {report['micro']['error']}")
    except Interrupted:
        interrupted = True
        log("interrupted: servers stopped, no report written")
    finally:
        if arguments.keep_temp:
            log(f"kept {directory}")
        else:
            shutil.rmtree(directory, ignore_errors=True)
    if interrupted:
        sys.exit(130)
    report["elapsed"] = time.monotonic() - started
    text = render(report, arguments, arguments.output)
    os.makedirs(os.path.dirname(arguments.output), exist_ok=True)
    with open(arguments.output, "w") as output:
        output.write(text)
    log(f"wrote {os.path.relpath(arguments.output, REPOSITORY)} in {format_duration(report['elapsed'])}")
    targets = build_targets(report)
    for target, measured, result in targets:
        print(f"{result:>12}  {target}: {measured}")


if __name__ == "__main__":
    main()
