"""Readiness on SIGTERM: /readyz turns 503 first, while everything else is still served for --drain-delay seconds,
and only then is the listener closed. A load balancer probing /readyz has stopped sending by the time connections
are refused."""

import http.client
import signal
import time

from conftest import DEFAULT_CONFIG, Server

DRAIN_DELAY = 2


def probe(port, path):
    """The status of GET `path` on a new connection, or "refused" when the connection is. A connection the kernel
    queued just before the listener closed is reset by that close rather than refused: the same moment, so the same
    answer (a reset earlier than the drain delay still fails the timing check below)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", path)
        return connection.getresponse().status
    except (ConnectionRefusedError, ConnectionResetError):
        return "refused"
    finally:
        connection.close()


def test_readyz_turns_503_on_sigterm_before_the_listener_closes(binary, tmp_path):
    server = Server(binary, ["--config", str(DEFAULT_CONFIG), "--drain-delay", str(DRAIN_DELAY)], tmp_path / "server.log")
    try:
        assert probe(server.port, "/readyz") == 200
        signalled = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        seen = []  # (seconds after the signal, /readyz status, /healthz status)
        while time.monotonic() - signalled < DRAIN_DELAY + 10:
            ready = probe(server.port, "/readyz")
            health = probe(server.port, "/healthz") if ready != "refused" else "refused"
            seen.append((round(time.monotonic() - signalled, 2), ready, health))
            if ready == "refused":
                break
            time.sleep(0.02)
        assert server.process.wait(timeout=15) == 0, server.log_text()[-2000:]
    finally:
        server.stop()

    statuses = [ready for _, ready, _ in seen]
    assert statuses[-1] == "refused", f"the listener never closed: {seen[-3:]}"
    first_503 = statuses.index(503)
    # After the first 503, /readyz never says 200 again; it stays 503 until the connection is refused.
    assert set(statuses[first_503:-1]) == {503}, seen
    # It turned unready at once, and connections were accepted for about the drain delay after that.
    assert seen[first_503][0] < 0.5, seen[:5]
    refused_at = seen[-1][0]
    assert DRAIN_DELAY - 0.2 <= refused_at < DRAIN_DELAY + 5, f"refused {refused_at} s after SIGTERM"
    # /healthz (liveness) stays 200 while draining: a draining server is not one to restart. Each sample asks
    # /readyz, then /healthz; the listener may close between the two, so the last 503 sample's /healthz may be
    # refused, and only that one.
    draining = [health for _, ready, health in seen if ready == 503]
    assert set(draining[:-1]) == {200} and draining[-1] in (200, "refused"), seen
    messages = [entry.get("message") for entry in server.log_entries()]
    assert "draining: /readyz answers 503; still serving" in messages
    assert messages.index("draining: /readyz answers 503; still serving") < messages.index(
        "shutting down: finishing requests in flight")
