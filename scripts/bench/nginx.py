"""nginx as the reference: serving, as static files, copies of what deeplinkd answers (the same bytes for the AASA
and the landing pages, one file as long as the mix's answers on average for /resolve)."""

import os
import statistics
import string

from bench import PACKAGE
from bench.cases import AASA_PATH, LANDING_IDS, LANDING_PATH, resolve_mix_paths
from bench.servers import Server, free_port, http_get, started, tail_of


def config_template(name):
    with open(os.path.join(PACKAGE, name)) as file:
        return string.Template(file.read())


def fetch(deeplinkd, path):
    status, body = http_get(deeplinkd.port, path)
    if status != 200:
        raise RuntimeError(f"deeplinkd answered {status} for {path}")
    return body


def prepare_static_files(deeplinkd, directory):
    """Fetches what deeplinkd serves and writes nginx's copies under DIRECTORY/www; returns their sizes."""
    www = os.path.join(directory, "www")
    os.makedirs(os.path.join(www, "c"), exist_ok=True)
    os.makedirs(os.path.join(directory, "temp"), exist_ok=True)
    aasa, landing = fetch(deeplinkd, AASA_PATH), fetch(deeplinkd, LANDING_PATH)
    # The pages of the landing-many case, each into a file of its own.
    many_sizes = set()
    for number in range(LANDING_IDS):
        path = f"/c/B{number:05d}"
        page = fetch(deeplinkd, path)
        with open(os.path.join(www, path.lstrip("/")), "wb") as file:
            file.write(page)
        many_sizes.add(len(page))
    resolve_bodies = [fetch(deeplinkd, path) for path in resolve_mix_paths()]
    # nginx answers every /resolve with one static file as long as the mix's responses on average: the longest
    # response no longer than that, padded with spaces (JSON allows trailing white space).
    typical = round(statistics.mean(len(body) for body in resolve_bodies))
    shorter = [body for body in resolve_bodies if len(body) <= typical] or [min(resolve_bodies, key=len)]
    resolve_static = max(shorter, key=len)[:typical].ljust(typical, b" ")
    for name, body in (("aasa.json", aasa), ("landing.html", landing), ("resolve.json", resolve_static)):
        with open(os.path.join(www, name), "wb") as file:
            file.write(body)
    # nginx's workers may run as an unprivileged user: let them read the files.
    for root, _, files in os.walk(directory):
        os.chmod(root, 0o755)
        for name in files:
            os.chmod(os.path.join(root, name), 0o644)
    return {"aasa": len(aasa), "landing": len(landing), "landing_many": sorted(many_sizes),
            "resolve": [len(body) for body in resolve_bodies], "resolve_static": typical}


def start_nginx(directory, workers="auto", cpus=None, certificates=None):
    """nginx on a free port; with `certificates` ({name: (certificate, key)}) also an HTTPS server for each, whose
    ports are `server.tls_ports` ({name: port}). Its plain-HTTP server for the pipelined load shape, set up for that
    shape, listens on `server.pipelined_port` (`pipelined_view`)."""
    main, tls = config_template("nginx.conf"), config_template("nginx-tls.conf")
    config_path = os.path.join(directory, "nginx.conf")
    with open(os.path.join(directory, "locations.conf"), "w") as locations:
        locations.write(config_template("nginx-locations.conf").substitute(
            directory=directory, aasa_path=AASA_PATH, landing_path=LANDING_PATH))

    def make():
        port, pipelined_port = free_port(), free_port()
        tls_ports = {name: free_port() for name in (certificates or {})}
        tls_servers = "".join(
            tls.substitute(port=tls_ports[name], certificate=certificate, key=key, aasa_path=AASA_PATH,
                           directory=directory)
            for name, (certificate, key) in (certificates or {}).items())
        with open(config_path, "w") as config:
            config.write(main.substitute(directory=directory, port=port, pipelined_port=pipelined_port,
                                         workers=workers, tls_servers=tls_servers))
        server = Server("nginx", ["nginx", "-p", directory, "-c", config_path, "-e",
                                  os.path.join(directory, "nginx-error.log"), "-g", "daemon off;"],
                        port, os.path.join(directory, "nginx-stderr.log"), includes_children=True, cpus=cpus)
        server.tls_ports = tls_ports
        server.pipelined_port = pipelined_port
        return server

    try:
        return started(make)
    except RuntimeError as error:
        raise RuntimeError(f"{error}; error log: {tail_of(os.path.join(directory, 'nginx-error.log'))}") from None


def tls_view(server, port):
    """Another view of a running nginx: the same processes, reached over HTTPS on `port` (its TLS servers)."""
    return view_of(server, port, "https")


def pipelined_view(server):
    """Another view of a running nginx: the same processes, reached on its plain-HTTP server for the pipelined shape."""
    return view_of(server, server.pipelined_port, "http")


def view_of(server, port, scheme):
    view = Server(server.label, [], port, server.log_path, includes_children=server.includes_children, scheme=scheme)
    view.process = server.process
    return view
