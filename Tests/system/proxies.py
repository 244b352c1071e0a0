"""Debian's nginx and haproxy as front proxies of the system tests (the Kubernetes Ingress case): a minimal config
written into a directory, the proxy started in the foreground on a free port, proxying to deeplinkd over HTTP/1.1
with keep-alive connections to it (so one client's bytes could reach another's request), its access log read back.

Both are configured as an ingress is: request headers passed on as received, the Host kept, connections to the
upstream reused (nginx's `keepalive` pool; haproxy's `http-reuse always`, its most aggressive sharing), no retry of a
request that failed. Timeouts are short so that a vector that leaves a party waiting ends within seconds.
"""

import json
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

ATTEMPTS = 3  # a free port can be taken between choosing it and the proxy binding it


class ProxyEntry:
    """One request as the proxy's access log shows it."""

    def __init__(self, path, forwarded, upstream_status, status, line):
        self.path = path
        self.forwarded = forwarded  # whether the proxy sent it to deeplinkd
        self.upstream_status = upstream_status  # the status deeplinkd answered, as the proxy read it (None: none)
        self.status = status  # the status the client got (None: none)
        self.line = line

    def __repr__(self):
        return self.line


class Proxy:
    """A proxy process started by `start`; `entries` reads its access log."""

    name = ""
    binary = ""

    def __init__(self, directory, upstream_port):
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.upstream_port = upstream_port
        self.process = None
        self.port = None

    def start(self):
        if shutil.which(self.binary) is None and not Path(self.binary).exists():
            raise RuntimeError(f"{self.binary} is not installed: scripts/install-deps.sh nginx haproxy")
        for _ in range(ATTEMPTS):
            self.port = free_port()
            config = self.write_config()
            output = open(self.directory / "output.log", "ab")
            self.process = subprocess.Popen(self.command(config), cwd=self.directory, stdin=subprocess.DEVNULL,
                                            stdout=output, stderr=subprocess.STDOUT)
            output.close()
            if wait_for_port(self.port, self.process):
                return self
            self.stop()
        raise RuntimeError(f"{self.name} did not accept connections on a free port:\n{self.output()}")

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)

    def output(self):
        path = self.directory / "output.log"
        return path.read_text(errors="replace") if path.exists() else ""


class Nginx(Proxy):
    name = "nginx"
    binary = "/usr/sbin/nginx"

    def command(self, config):
        return [self.binary, "-p", str(self.directory), "-e", str(self.directory / "error.log"), "-c", str(config)]

    def write_config(self):
        d = self.directory
        # One process, in the foreground, as the invoking user (no user switch, so the temporary files stay ours).
        config = f"""daemon off;
master_process off;
pid {d}/nginx.pid;
error_log {d}/error.log info;
events {{ worker_connections 512; }}
http {{
    log_format probe escape=json '{{"path":"$uri","status":"$status","upstream":"$upstream_addr",'
                                 '"upstream_status":"$upstream_status","request":"$request"}}';
    access_log {d}/access.log probe;
    client_body_temp_path {d}/body;
    proxy_temp_path {d}/proxy;
    fastcgi_temp_path {d}/fastcgi;
    uwsgi_temp_path {d}/uwsgi;
    scgi_temp_path {d}/scgi;
    client_header_timeout 5s;
    client_body_timeout 5s;
    keepalive_timeout 5s;
    send_timeout 5s;
    # After answering an error to a request whose body it did not read, nginx reads and drops what the client sends
    # until it has been quiet this long (5 s by default), then closes.
    lingering_timeout 1s;
    upstream deeplinkd {{
        server 127.0.0.1:{self.upstream_port};
        keepalive 8;
    }}
    server {{
        listen 127.0.0.1:{self.port};
        location / {{
            proxy_pass http://deeplinkd;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_next_upstream off;
            proxy_connect_timeout 2s;
            proxy_send_timeout 5s;
            proxy_read_timeout 5s;
        }}
    }}
}}
"""
        path = d / "nginx.conf"
        path.write_text(config)
        return path

    def entries(self):
        path = self.directory / "access.log"
        result = []
        for line in (path.read_text(errors="replace").splitlines() if path.exists() else []):
            record = json.loads(line)
            upstream = record["upstream_status"]
            # Several upstream statuses only with retries, which the config turns off; nginx records a 502 or 504 of
            # its own when no answer came (deeplinkd never sends either).
            status = int(upstream) if upstream.isdigit() and upstream not in ("502", "504") else None
            result.append(ProxyEntry(record["path"], record["upstream"] not in ("", "-"), status, int(record["status"]),
                                     line))
        return result


class HAProxy(Proxy):
    name = "haproxy"
    binary = "/usr/sbin/haproxy"

    def command(self, config):
        return [self.binary, "-db", "-f", str(config)]

    def write_config(self):
        # The log line: client, server (<NOSRV> when nothing was forwarded), status to the client, time to the
        # server's response headers (-1: none came), then the path and the request line, quoted.
        config = f"""global
    log stdout format raw local0
    nbthread 1

defaults
    mode http
    log global
    timeout connect 2s
    timeout client 5s
    timeout server 5s
    timeout http-request 5s
    timeout http-keep-alive 5s
    retries 0
    http-reuse always

frontend public
    bind 127.0.0.1:{self.port}
    log-format "%ci:%cp %s %ST %Tr %{{+Q}}HP %{{+Q}}r"
    default_backend deeplinkd

backend deeplinkd
    server deeplinkd 127.0.0.1:{self.upstream_port}
"""
        path = self.directory / "haproxy.cfg"
        path.write_text(config)
        return path

    def entries(self):
        result = []
        for line in self.output().splitlines():
            fields = line.split(" ", 4)
            if len(fields) < 5 or not all(field.lstrip("-").isdigit() for field in fields[2:4]):
                continue  # a startup or warning line
            _, server, status, response_time, quoted = fields
            path = quoted[1:quoted.find('" "')] if quoted.startswith('"') else quoted
            forwarded = server != "<NOSRV>"
            answered = forwarded and int(response_time) >= 0
            sent = int(status) if int(status) >= 0 else None  # -1: the client left before an answer
            result.append(ProxyEntry(path, forwarded, sent if answered else None, sent, line))
        return result


PROXIES = {"nginx": Nginx, "haproxy": HAProxy}


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port, process):
    """True once `port` accepts a connection; False if `process` ends first. No fixed time: the test's own timeout
    (pytest.ini) bounds a proxy that hangs."""
    while process.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            time.sleep(0.05)
    return False
