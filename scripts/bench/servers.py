"""The servers under test: a process started on a free loopback port (pinned to a core with taskset when asked),
ready once it answers, stopped with SIGTERM; deeplinkd itself, libmicrohttpd alone, GnuTLS's gnutls-serv, and what
HTTPS needs (certificates, the full-handshake shim). nginx is in `nginx.py`."""

import http.client
import os
import shutil
import signal
import socket
import ssl
import subprocess
import time
import urllib.error
import urllib.request

from bench import REPOSITORY, WRK_SCRIPTS
from bench.cases import AASA_PATH, LANDING_PATH, resolve_mix_paths

# The pinned mode's cores: the server under test on one, the load generator on the other.
SERVER_CPU = "0"
LOAD_CPU = "1"
# deeplinkd's default GnuTLS priority string (docs/tls.md, "Profile"), given to gnutls-serv so both negotiate
# the same.
DEEPLINKD_PRIORITIES = ("NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2:-KX-ALL:+ECDHE-ECDSA:+ECDHE-RSA:-CIPHER-ALL"
                        ":+AES-128-GCM:+AES-256-GCM:+CHACHA20-POLY1305:-MAC-ALL:+AEAD"
                        ":-GROUP-ALL:+GROUP-X25519:+GROUP-SECP256R1:+GROUP-SECP384R1")
# Only loopback, never a proxy from the environment.
LOOPBACK = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stop_process(process, grace=5):
    """SIGTERM (deeplinkd drains and exits 0), then SIGKILL if it is still running after `grace` seconds."""
    if process is None or process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)


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


def answers(scheme, port, path):
    """Whether the server on `port` answers `path` with 200 now (cheap enough to poll every millisecond)."""
    try:
        if scheme == "https":
            return https_status(port, path, timeout=1.0) == 200
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1.0)
        try:
            connection.request("GET", path)
            return connection.getresponse().status == 200
        finally:
            connection.close()
    except (OSError, http.client.HTTPException):
        return False


class Server:
    """A server process under test: deeplinkd, nginx (whose CPU and RSS include its workers) or gnutls-serv.

    With `cpus` it runs under `taskset -c CPUS` (taskset executes the server in its own process, so the pid is the
    server's). `scheme` is how the load generator reaches it.
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

    def start(self, ready_path="/healthz", timeout=15.0):
        """Starts the process and returns once `ready_path` answers 200; raises RuntimeError with the log's end if
        the process exits first or does not answer within `timeout` seconds."""
        # O_APPEND, so truncating the log between runs leaves no hole where the server's offset was.
        with open(self.log_path, "ab") as log_file:
            self.process = subprocess.Popen(self.command, stdin=subprocess.DEVNULL, stdout=log_file, stderr=log_file,
                                            cwd=REPOSITORY)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.label} exited with status {self.process.returncode}: {self.log_tail()}")
            if answers(self.scheme, self.port, ready_path):
                return
            time.sleep(0.02)
        raise RuntimeError(f"{self.label} did not answer {ready_path} within {timeout:.0f} s: {self.log_tail()}")

    def is_running(self):
        return self.process is not None and self.process.poll() is None

    def pids(self):
        """The server's process, and for nginx its workers."""
        if not self.is_running():
            return []
        return [self.process.pid] + (child_pids(self.process.pid) if self.includes_children else [])

    def exit_description(self):
        """Why the server is gone: its exit status or signal, and the log lines that are not info-level."""
        code = self.process.poll() if self.process else None
        text = f"{self.label} killed by signal {-code}" if code is not None and code < 0 else \
            f"{self.label} exited with status {code}"
        problems = log_problems(self.log_path)
        return text + (f"; its log: {' / '.join(problems)}" if problems else "")

    def log_tail(self, size=600):
        return tail_of(self.log_path, size)

    def truncate_log(self):
        """deeplinkd writes a JSON line per request: about 300 MB per 10 s run, so the log is emptied between runs."""
        try:
            os.truncate(self.log_path, 0)
        except OSError:
            pass

    def stop(self):
        stop_process(self.process)


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


# libmicrohttpd's notes, in deeplinkd's log, of what wrk causes when it ends a run: a handshake cut short, and a
# pipelined batch whose answers were still being sent when wrk closed its connection (a reset).
HANDSHAKE_CUT = "received handshake message out of context"
BATCH_RESET = "forcibly closed by remote"


def log_problems(path, pipelined=False):
    """Lines of a server's log that are not info-level (deeplinkd logs JSON; nginx's stderr is usually empty), but
    for the notes of what wrk causes when it ends a run: a handshake cut short, and in a `pipelined` run a reset."""
    try:
        completed = subprocess.run(["grep", "-v", "-m", "20", '"level":"info"', path], capture_output=True,
                                   text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return []
    notes = (HANDSHAKE_CUT, BATCH_RESET) if pipelined else (HANDSHAKE_CUT,)
    return [line[:200] for line in completed.stdout.splitlines()
            if line.strip() and not any(note in line for note in notes)][:3]


def tail_of(path, size=400):
    try:
        with open(path, "rb") as file:
            file.seek(0, os.SEEK_END)
            file.seek(max(0, file.tell() - size))
            return file.read().decode(errors="replace").strip().replace("\n", " | ")
    except OSError:
        return "(no log)"


def started(make_server, ready_path="/healthz"):
    """The first of three servers made by `make_server()` (each on a new free port) that starts: another process
    may take a free port before the server binds it."""
    last_error = None
    for _ in range(3):
        server = make_server()
        try:
            server.start(ready_path)
            return server
        except RuntimeError as error:
            server.stop()
            last_error = error
    raise RuntimeError(str(last_error))


def deeplinkd_command(binary, port, threads=None, tls=None):
    command = [binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--config", "config/deeplinkd.yaml",
               "--public", "Public", "--per-ip-limit", "0"]
    if threads is not None:
        command += ["--threads", str(threads)]
    if tls is not None:
        command += ["--tls-cert", tls[0], "--tls-key", tls[1]]
    return command


def start_deeplinkd(binary, directory, label, threads=None, cpus=None, tls=None, log_name=None):
    """deeplinkd on a free loopback port; with `tls` (certificate and key paths) it serves HTTPS."""
    def make():
        port = free_port()
        return Server(label, deeplinkd_command(binary, port, threads, tls), port,
                      os.path.join(directory, f"{log_name or label}-{port}.log"), cpus=cpus,
                      scheme="https" if tls else "http")
    return started(make)


def start_gnutls_serv(directory, label, certificate, key, body_path, cpus=None):
    """GnuTLS's own test server, answering every request with the bytes of `body_path` over HTTP/1.0 and closing:
    the cost of a connection in GnuTLS alone. Client certificates are not asked for; tickets are on (its default)."""
    def make():
        port = free_port()
        server = Server(label, gnutls_serv_command(port, certificate, key, body_path), port,
                        os.path.join(directory, f"{label}-{port}.log"), cpus=cpus, scheme="https")
        # It reports every handshake the load generator cuts at the end of a run.
        server.reads_log = False
        return server
    return started(make, ready_path="/")


def start_libmicrohttpd(directory, label, www, cpus=None):
    """libmicrohttpd alone (mhd-alone.c, compiled here): deeplinkd's daemon flags and limits, answering with the files
    under `www` and deeplinkd's header fields and doing nothing else (`libmicrohttpd_alone_command`)."""
    executable = build_libmicrohttpd_alone(directory)

    def make():
        port = free_port()
        server = Server(label, libmicrohttpd_alone_command(executable, port, www), port,
                        os.path.join(directory, f"{label}-{port}.log"), cpus=cpus)
        # libmicrohttpd's own error lines (a connection the load generator cuts at the end of a run) are no fault.
        server.reads_log = False
        return server
    return started(make)


def libmicrohttpd_alone_command(executable, port, www):
    """mhd-alone on `port` with the files under `www`: a response made once for each target the cases repeat (the
    AASA, the cached landing page, the `/resolve` mix's URLs), as deeplinkd keeps their answers, and a new one per
    request for every other target."""
    # The AASA path comes twice: as the argument that says which target is the AASA, then first of the repeated ones.
    return [executable, str(port), www, AASA_PATH, *repeated_targets()]


def repeated_targets():
    """The targets the cases ask for again and again, whose answers deeplinkd keeps: the AASA, the cached landing page
    and the `/resolve` mix's URLs."""
    return [AASA_PATH, LANDING_PATH, *resolve_mix_paths()]


def build_libmicrohttpd_alone(directory):
    """Compiles mhd-alone.c into `directory` (once); its path."""
    executable = os.path.join(directory, "mhd-alone")
    if not os.path.exists(executable):
        batching = os.path.join(REPOSITORY, "Sources", "CBatchedAnswers")
        subprocess.run([c_compiler(), "-O2", "-o", executable, "-I", os.path.join(batching, "include"),
                        os.path.join(os.path.dirname(__file__), "mhd-alone.c"),
                        os.path.join(batching, "batched_answers.c"), "-lmicrohttpd"],
                       check=True, capture_output=True, timeout=120)
    return executable


def gnutls_serv_command(port, certificate, key, body_path):
    return ["gnutls-serv", "--http", "--disable-client-cert", "--port", str(port), "--x509certfile", certificate,
            "--x509keyfile", key, "--priority", DEEPLINKD_PRIORITIES, "--quiet", f"--httpdata={body_path}"]


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


def c_compiler():
    """The system's C compiler, or the Swift toolchain's clang where there is none."""
    return shutil.which("cc") or shutil.which("clang") or "cc"


def build_no_resume_shim(directory):
    """Compiles wrk/no-resume.c (wrk then makes a full handshake on every connection); its path."""
    output = os.path.join(directory, "no-resume.so")
    subprocess.run([c_compiler(), "-shared", "-fPIC", "-O2", "-o", output, os.path.join(WRK_SCRIPTS, "no-resume.c"),
                    "-ldl"], check=True, capture_output=True, timeout=120)
    return output


def seconds_to_first_healthy(command, port, timeout):
    """Seconds from starting `command` (a deeplinkd serve on `port`) to its first 200 on /healthz, polled every
    millisecond; the process is stopped afterwards."""
    process = subprocess.Popen(command, cwd=REPOSITORY, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    begun = time.monotonic()
    try:
        while time.monotonic() - begun < timeout:
            if answers("http", port, "/healthz"):
                return time.monotonic() - begun
            if process.poll() is not None:
                raise RuntimeError(f"deeplinkd exited with status {process.returncode} (port {port} taken?)")
            time.sleep(0.001)
        raise RuntimeError(f"no 200 on /healthz within {timeout:.0f} s")
    finally:
        stop_process(process)


def time_to_first_healthy(binary, timeout=10.0):
    """Seconds from starting deeplinkd with the default table to its first 200 on /healthz."""
    port = free_port()
    return seconds_to_first_healthy(deeplinkd_command(binary, port), port, timeout)
