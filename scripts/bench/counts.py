"""Instructions, allocations and simulated instruction-cache misses per request: deeplinkd runs under callgrind and answers a batch
of each case's requests (keep-alive, or one TLS connection per request), the profile zeroed before the batch and dumped
after it. Counts are of the whole process (deeplinkd, libmicrohttpd, GnuTLS, libc, the Swift runtime); an allocation
is a call of malloc, calloc, realloc, posix_memalign or aligned_alloc. They repeat to within a few hundred instructions
(hash tables are seeded afresh in each process), so a regression shows as a number where requests/s would hide it in
the machine's noise. callgrind counts `rep stosb` one
per byte, so libmicrohttpd's clearing of its per-connection memory pool after each request (16 KiB by default) is
counted as about 16k instructions of each keep-alive request.

valgrind (Debian `valgrind`) is needed, and `objcopy` (binutils): valgrind 3.19 cannot read the DWARF 5 of the
lld-linked binary, so it runs on a copy without debug sections.
"""

import os
import re
import signal
import socket
import ssl
import subprocess
import time

from bench import REPOSITORY, log
from bench.cases import AASA_PATH, CASES, LANDING_IDS, LANDING_PATH, RESOLVE_IDS, resolve_many_formats, \
    resolve_mix_paths
from bench.servers import build_libmicrohttpd_alone, deeplinkd_command, free_port, gnutls_serv_command, \
    libmicrohttpd_alone_command

ALLOCATORS = {"malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc"}
# The Swift runtime's reference counting: each call an atomic operation on the object's header, unless the value is
# a small string or an immortal object. Counted where something else calls them (a bridge object's retain calls
# swift_retain itself, and is one operation).
REFERENCE_COUNTING = {"swift_retain", "swift_release", "swift_retain_n", "swift_release_n", "swift_bridgeObjectRetain",
                      "swift_bridgeObjectRelease", "swift_bridgeObjectRetain_n", "swift_bridgeObjectRelease_n",
                      "swift_unknownObjectRetain", "swift_unknownObjectRelease"}
# callgrind simulates the caches with a fixed geometry (this machine's L1 caches: 32 KiB, 8-way, 64-byte lines), so
# the instruction-cache misses it counts are the same on any machine: how much distinct code a request runs through.
CACHE_SIMULATION = ["--cache-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64", "--LL=2097152,16,64"]
HOST = "links.example.com"


def batch_targets(case, count):
    """The targets of `count` requests of `case`, as its wrk script sends them."""
    if CASES[case].path == AASA_PATH:
        return [AASA_PATH] * count
    if case == "landing":
        return [LANDING_PATH] * count
    if case == "resolve":
        paths = resolve_mix_paths()
        return [paths[number % len(paths)] for number in range(count)]
    if case == "landing-many":
        return [f"/c/B{number % LANDING_IDS:05d}" for number in range(count)]
    if case == "resolve-many":
        formats = resolve_many_formats()
        return [formats[number % len(formats)] % ((number // len(formats)) % RESOLVE_IDS) for number in range(count)]
    raise ValueError(f"no batch for case {case}")


def read_response(connection, pending):
    """Reads one response (Content-Length framed) from `connection`; returns what follows it."""
    while True:
        head, separator, rest = pending.partition(b"\r\n\r\n")
        if separator:
            found = re.search(rb"(?im)^content-length:\s*(\d+)", head)
            length = int(found.group(1)) if found else 0
            if len(rest) >= length:
                return rest[length:]
        chunk = connection.recv(65536)
        if not chunk:
            raise RuntimeError("the server closed the connection in the middle of the batch")
        pending += chunk


def keep_alive_batch(connect, targets):
    """Every target on one connection, each answer read whole before the next request."""
    connection = connect()
    try:
        pending = b""
        for target in targets:
            connection.sendall(f"GET {target} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
            pending = read_response(connection, pending)
    finally:
        connection.close()


def connection_per_request_batch(connect, targets):
    """A new connection for every target, with `Connection: close`."""
    for target in targets:
        connection = connect()
        try:
            connection.sendall(f"GET {target} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n".encode())
            read_response(connection, b"")
        finally:
            connection.close()


def parse_profile(path):
    """(instructions, allocations, reference-counting calls, instruction-cache misses) of a callgrind profile written
    with --compress-strings=no; the misses are None when the profile has no cache simulation."""
    instructions = 0
    allocations = 0
    retains = 0
    misses = None
    events = []
    caller = None
    callee = None
    with open(path, errors="replace") as profile:
        for line in profile:
            if line.startswith("events:"):
                events = line.split()[1:]
            elif line.startswith("summary:") or line.startswith("totals:"):
                values = [int(value) for value in line.split()[1:]]
                instructions = max(instructions, values[0])
                if "I1mr" in events and events.index("I1mr") < len(values):
                    misses = max(misses or 0, values[events.index("I1mr")])
            elif line.startswith("fn="):
                caller = re.sub(r"^\(\d+\)\s*", "", line[3:].strip())
            elif line.startswith("cfn="):
                callee = line[4:].strip()
                callee = re.sub(r"^\(\d+\)\s*", "", callee)
            elif line.startswith("calls=") and callee is not None:
                calls = int(line[6:].split()[0])
                if callee in ALLOCATORS:
                    allocations += calls
                elif callee in REFERENCE_COUNTING and caller not in REFERENCE_COUNTING:
                    retains += calls
                callee = None
    return instructions, allocations, retains, misses


def measure(binary, directory, cases, count, tls=None):
    """{case: {"instructions": per request, "allocations": per request}} or {case: {"error": text}}.

    `tls` is (certificate path, key path) for the HTTPS cases, which run on a second server under callgrind.
    """
    results = {}
    plain = [case for case in cases if not CASES[case].https]
    secure = [case for case in cases if CASES[case].https]
    stripped = os.path.join(directory, "deeplinkd-callgrind")
    if not os.path.exists(stripped):
        subprocess.run(["objcopy", "--strip-debug", binary, stripped], check=True, timeout=120)

    def deeplinkd(port, tls_files):
        return deeplinkd_command(stripped, port, threads=1, tls=tls_files)

    if plain:
        results.update(_measure_server(lambda port: deeplinkd(port, None), "/healthz", directory, "plain", plain, count,
                                       batch_targets, False))
    if secure and tls:
        # A handshake costs tens of times a request: fewer of them give as exact a figure.
        results.update(_measure_server(lambda port: deeplinkd(port, tls), "/healthz", directory, "tls", secure,
                                       max(50, count // 10), batch_targets, True))
    return results


def measure_libmicrohttpd(directory, www, cases, count):
    """The same figures for libmicrohttpd alone (bench/mhd-alone.c) answering the plain cases with the files under
    `www`: the library's share of deeplinkd's."""
    executable = build_libmicrohttpd_alone(directory)
    plain = [case for case in cases if not CASES[case].https]
    return _measure_server(lambda port: libmicrohttpd_alone_command(executable, port, www), "/healthz", directory,
                           "libmicrohttpd", plain, count, batch_targets, False)


def measure_gnutls_serv(directory, certificate, key, body_path, count):
    """The same figures for gnutls-serv, GnuTLS's own server, per connection (full and resumed handshakes)."""

    def targets(case, number):
        return ["/"] * number

    return _measure_server(lambda port: gnutls_serv_command(port, certificate, key, body_path), "/", directory,
                           "gnutls-serv", ["https-full", "https-resumed"], max(50, count // 10), targets, True)


def _measure_server(make_command, ready_path, directory, label, cases, count, targets_of, tls):
    port = free_port()
    output = os.path.join(directory, f"callgrind-{label}.out")
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={output}", "--dump-instr=no",
               "--compress-strings=no", "--compress-pos=no"] + CACHE_SIMULATION + make_command(port)
    context = None
    if tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        context.minimum_version = ssl.TLSVersion.TLSv1_3

    last_session = []

    def connect(resume=False):
        """A new connection; over TLS, `resume` offers the session the previous connection was given."""
        connection = socket.create_connection(("127.0.0.1", port), timeout=60)
        if not context:
            return connection
        session = last_session[-1] if resume and last_session else None
        return context.wrap_socket(connection, session=session)

    def resuming():
        connection = connect(resume=True)
        original_close = connection.close

        def close():
            if connection.session is not None:
                last_session.append(connection.session)
                del last_session[:-1]
            original_close()

        connection.close = close
        return connection

    results = {}
    log_path = os.path.join(directory, f"callgrind-{label}.log")
    label_text = {"plain": "deeplinkd", "tls": "deeplinkd", "libmicrohttpd": "libmicrohttpd alone"}.get(label, label)
    with open(log_path, "w") as server_log:
        server = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=server_log,
                                  cwd=REPOSITORY)
        try:
            deadline = time.monotonic() + 180
            while True:
                try:
                    keep_alive_batch(connect, [ready_path])
                    break
                except (OSError, RuntimeError):
                    if server.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(f"{label_text} did not start under valgrind (see {log_path})")
                    time.sleep(0.3)
            for case in cases:
                targets = targets_of(case, count)
                batch = connection_per_request_batch if case in ("https-full", "https-resumed") else keep_alive_batch
                connector = resuming if case == "https-resumed" else connect
                try:
                    batch(connector, targets[: max(1, count // 10)])  # warm-up: caches, first-use costs
                    _dump(server.pid, output, f"{case}-before")  # resets the counts
                    batch(connector, targets)
                    instructions, allocations, retains, misses = _dump(server.pid, output, f"{case}-after")
                    results[case] = {"instructions": instructions / count, "allocations": allocations / count,
                                     "reference_counting": retains / count, "requests": count}
                    if misses is not None:
                        results[case]["instruction_cache_misses"] = misses / count
                    log(f"counts {label_text} {case}: {instructions / count:,.0f} instructions, "
                        f"{allocations / count:.1f} allocations, {retains / count:.0f} retains and releases"
                        + (f", {misses / count:,.0f} L1i misses" if misses is not None else "")
                        + f" per request ({count} requests)")
                except (OSError, RuntimeError, subprocess.SubprocessError) as error:
                    results[case] = {"error": f"{type(error).__name__}: {error}"}
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=120)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
    return results


def _dump(pid, output, label):
    """Dumps the profile (callgrind_control -d) and returns its (instructions, allocations, reference-counting calls,
    instruction-cache misses): a dump holds the counts since the previous one, so the dump right after a batch
    measures that batch."""
    existing = set(_dumps(output))
    subprocess.run(["callgrind_control", "-d", label, str(pid)], check=True, capture_output=True, timeout=120)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        new = [path for path in _dumps(output) if path not in existing]
        if new:
            time.sleep(0.2)
            return parse_profile(new[0])
        time.sleep(0.1)
    raise RuntimeError("callgrind wrote no dump")


def _dumps(output):
    directory, name = os.path.split(output)
    return [os.path.join(directory, entry) for entry in os.listdir(directory) if entry.startswith(name + ".")]
