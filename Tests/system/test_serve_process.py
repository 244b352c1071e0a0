"""What only the `deeplinkd serve` process shows: the port it binds (a second instance, the default 8080,
DEEPLINKD_PORT), where the table comes from (--config, DEEPLINKD_CONFIG, the default) and a SIGTERM that a client
still sending its request does not hold for the whole drain time."""

import os
import socket
import subprocess

from conftest import DEFAULT_CONFIG, ROOT, Server
from rawhttp import fetch

DRAIN_SECONDS = 20


def run(binary, arguments, environment=None, removing=()):
    """`deeplinkd ARGUMENTS` from the repository to its end, with `environment` added to this process's and the
    variables in `removing` taken out."""
    variables = {name: value for name, value in {**os.environ, **(environment or {})}.items() if name not in removing}
    return subprocess.run([str(binary), *arguments], cwd=ROOT, env=variables, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)


def test_a_second_instance_on_the_same_port_fails_to_bind_instead_of_sharing_it(binary, server):
    second = run(binary, ["serve", "--host", "127.0.0.1", "--port", str(server.port)])
    assert second.returncode == 1
    assert f"deeplinkd: cannot listen on 127.0.0.1:{server.port}: address already in use" in second.stderr


def test_without_port_or_deeplinkd_port_it_listens_on_8080(binary):
    # Holds 127.0.0.1:8080 (unless something else already does), so the bind fails and names the port without the
    # test depending on the port being free.
    with socket.socket() as holder:
        holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            holder.bind(("127.0.0.1", 8080))
            holder.listen(1)
        except OSError:
            pass
        unset = run(binary, ["serve", "--host", "127.0.0.1"], removing=["DEEPLINKD_PORT"])
    assert unset.returncode == 1
    assert "deeplinkd: cannot listen on 127.0.0.1:8080: address already in use" in unset.stderr


def test_deeplinkd_port_names_the_port_when_port_is_not_given_and_port_overrides_it(binary):
    # Two ports held by this test: a server binding either fails and names the one it tried.
    with socket.socket() as first, socket.socket() as second:
        for holder in (first, second):
            holder.bind(("127.0.0.1", 0))
            holder.listen(1)
        environment_port, option_port = first.getsockname()[1], second.getsockname()[1]
        environment = {"DEEPLINKD_PORT": str(environment_port)}
        from_environment = run(binary, ["serve", "--host", "127.0.0.1"], environment=environment)
        from_option = run(binary, ["serve", "--host", "127.0.0.1", "--port", str(option_port)], environment=environment)
    assert from_environment.returncode == 1
    assert f"cannot listen on 127.0.0.1:{environment_port}: address already in use" in from_environment.stderr
    assert from_option.returncode == 1
    assert f"cannot listen on 127.0.0.1:{option_port}: address already in use" in from_option.stderr


def test_a_deeplinkd_port_that_is_not_a_port_is_refused(binary):
    for bad in ["http", "70000", ""]:
        refused = run(binary, ["serve", "--host", "127.0.0.1"], environment={"DEEPLINKD_PORT": bad})
        assert refused.returncode == 64, bad
        assert f"DEEPLINKD_PORT must be a port number (0...65535), not '{bad}'" in refused.stderr


def test_the_table_comes_from_config_then_deeplinkd_config_then_the_default(binary):
    missing = {"DEEPLINKD_CONFIG": "/nonexistent.yaml"}
    check = run(binary, ["check"], environment=missing)
    assert (check.returncode, check.stderr) == (1, "/nonexistent.yaml: cannot read the config: no such file\n")
    resolve = run(binary, ["resolve", "https://links.example.com/c/1"], environment=missing)
    assert (resolve.returncode, resolve.stderr) == (1, "/nonexistent.yaml: cannot read the config: no such file\n")
    overridden = run(binary, ["check", "--config", "config/deeplinkd.yaml"], environment=missing)
    assert overridden.returncode == 0, overridden.stderr
    default = run(binary, ["check"], removing=["DEEPLINKD_CONFIG"])
    assert (default.returncode, default.stdout) == (0, "config/deeplinkd.yaml: OK (5 routes, 2 domains, 1 scheme)\n")


def test_a_client_that_never_finishes_its_request_does_not_hold_sigterm_for_the_drain_time(binary, tmp_path):
    server = Server(binary, ["--config", str(DEFAULT_CONFIG), "--drain-seconds", str(DRAIN_SECONDS)],
                    tmp_path / "server.log")
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as connection:
            connection.sendall(b"GET /c/CH-42 HTTP/1.1\r\nHost: links.example.com\r\n")
            # A connection made after it is answered: the listener has taken this one from its backlog by then.
            assert fetch(server.port, "/healthz")[0].status == 200
            status, took = server.terminate(DRAIN_SECONDS + 30)
    finally:
        server.stop()
    print(f"\nexit {status} {took:.2f} s after SIGTERM with a request half sent (drain limit {DRAIN_SECONDS} s)")
    assert status == 0
    assert took < DRAIN_SECONDS / 2
