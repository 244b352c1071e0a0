"""Hostile HTTP over raw sockets (hostile_cases.py): the server answers each case as its family allows, never with
a 5xx, never hangs, never lets a hidden request through, and is as healthy afterwards as before.

The 608 exchanges run eight at a time in one module fixture (2.8 s instead of about a minute one by one); each case
is then its own test, named by family and case, judged on what its connection got back.
"""

import concurrent.futures

import pytest

import hostile_cases
from rawhttp import exchange, fetch

CASES = hostile_cases.all_cases()
WORKERS = 8
RSS_BOUND_MIB = 64
AASA = "/.well-known/apple-app-site-association"


@pytest.fixture(scope="module")
def hostile(server):
    """Touches every endpoint once (lazily opened files join the baseline), then runs every case."""
    server.warm_up()
    aasa, _ = fetch(server.port, AASA)
    run = {"aasa": aasa.body, "descriptors": server.stable_descriptor_count(), "rss": server.rss_mib(),
           "log_start": len(server.log_text())}
    with concurrent.futures.ThreadPoolExecutor(max_workers=WORKERS) as pool:
        futures = {case.name: pool.submit(exchange, server.port, case.pieces, case.methods, case.expected_count,
                                          case.grace) for case in CASES}
        run["results"] = {name: future.result() for name, future in futures.items()}
    return run


@pytest.mark.parametrize("case", CASES, ids=[f"{case.family}: {case.name}" for case in CASES])
def test_hostile_request(case, hostile):
    result = hostile["results"][case.name]
    errors = case.judge(result, hostile["aasa"])
    assert not errors, f"{'; '.join(errors)}\n  sent: {case.wire()}\n  got:  {result.describe()}"


def test_the_server_still_runs_after_the_hostile_requests(server, hostile):
    assert server.is_alive()


def test_healthz_answers_200_after_the_hostile_requests(server, hostile):
    response, result = fetch(server.port, "/healthz")
    assert response is not None and response.status == 200 and b'"status":"ok"' in response.body, result.describe()


def test_descriptors_go_back_to_the_baseline(server, hostile):
    assert server.settled_descriptor_count(hostile["descriptors"]) <= hostile["descriptors"]


def test_memory_stays_bounded(server, hostile):
    assert server.rss_mib() < RSS_BOUND_MIB, f"RSS {hostile['rss']:.1f} -> {server.rss_mib():.1f} MiB"


def test_the_log_shows_no_5xx_and_no_error(server, hostile):
    assert server.problems(hostile["log_start"]) == []
