"""The load: wrk against one server at a time, in one of two shapes, while the server's CPU time and memory and
wrk's own CPU time are measured; runs interleaved over rounds, the server order rotated every round.

Shapes: "serial" is wrk's default, one request at a time on each connection (a client waits for each answer);
"pipelined" sends PIPELINE_DEPTH requests in one write (wrk/pipeline.lua), so wrk spends a fraction of the system
calls a request and can keep the server's core busy where "serial" leaves wrk's own core the limit.
"""

import json
import os
import re
import resource
import subprocess
import time

from bench import WRK_SCRIPTS, Interrupted, log
from bench.cases import LANDING_IDS, RESOLVE_IDS
from bench.measures import CLOCK_TICKS, Sampler, total_ticks
from bench.servers import log_problems

SHAPES = {"serial": "one request at a time", "pipelined": "pipelined"}
PIPELINE_DEPTH = 16
ERROR_FIELDS = ("non_2xx_3xx", "connect_errors", "read_errors", "write_errors", "timeouts")


def wrk_command(url, script, shape, connections, duration, threads, cpus=None):
    """The wrk command line of one run (pinned with taskset when `cpus` is given)."""
    pinning = ["taskset", "-c", cpus] if cpus is not None else []
    script_path = os.path.join(WRK_SCRIPTS, "pipeline.lua" if shape == "pipelined" else script)
    return pinning + ["wrk", f"-t{threads}", f"-c{connections}", f"-d{duration}s", "--latency", "-s", script_path,
                      url]


def wrk_environment(script, shape, depth=PIPELINE_DEPTH, preload=None, base=None):
    """wrk's environment: the case scripts' sizes, the pipelined shape's case script and depth, and a library to
    preload (the full-handshake shim)."""
    environment = dict(os.environ if base is None else base, LANDING_IDS=str(LANDING_IDS),
                       RESOLVE_IDS=str(RESOLVE_IDS))
    if shape == "pipelined":
        environment.update(BENCH_CASE_SCRIPT=script, PIPELINE_DEPTH=str(depth))
    if preload:
        environment["LD_PRELOAD"] = preload
    return environment


def parse_wrk_output(output):
    """The figures of wrk/report.lua's `BENCH {...}` line: requests, duration_us, latency percentiles in µs and
    error counts; None when the line is missing or not JSON."""
    match = re.search(r"^BENCH (\{.*\})$", output, re.MULTILINE)
    if match is None:
        return None
    try:
        figures = json.loads(match.group(1))
    except ValueError:
        return None
    if not figures.get("duration_us") or any(name not in figures for name in ("requests",) + ERROR_FIELDS):
        return None
    return figures


def run_load(server, job, duration, wrk_threads, wrk_cpus=None):
    """One wrk run against `server`; a dict of figures, or {"error": ...}.

    The server's CPU time comes from /proc over the run (all its processes), wrk's from its rusage as a child, both
    over the run's wall time; the server's memory is sampled every 0.2 s."""
    if not server.is_running():
        return {"error": server.exit_description()}
    server.truncate_log()
    pids = server.pids()
    command = wrk_command(f"{server.scheme}://127.0.0.1:{server.port}{job['path']}", job["script"], job["shape"],
                          job["connections"], duration, wrk_threads, wrk_cpus)
    environment = wrk_environment(job["script"], job["shape"], job.get("depth", PIPELINE_DEPTH), job.get("preload"))
    sampler = Sampler(pids)
    ticks_before = total_ticks(pids)
    load_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    begun = time.monotonic()
    sampler.start()
    try:
        completed = subprocess.run(command, capture_output=True, text=True, timeout=duration + 30, env=environment)
    except subprocess.TimeoutExpired:
        sampler.finish()
        return {"error": f"wrk did not finish within {duration + 30} s"}
    elapsed = time.monotonic() - begun
    ticks_after = total_ticks(pids)
    load_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    peak_rss = sampler.finish()
    figures = parse_wrk_output(completed.stdout)
    if completed.returncode != 0 or figures is None:
        detail = (completed.stderr or completed.stdout).strip().replace("\n", " | ")[:300]
        return {"error": f"wrk exited with status {completed.returncode}: {detail}"}
    load_seconds = (load_after.ru_utime - load_before.ru_utime) + (load_after.ru_stime - load_before.ru_stime)
    result = figures_of_run(figures, [after - before for after, before in zip(ticks_after, ticks_before)],
                            load_seconds, elapsed)
    result["peak_rss"] = peak_rss
    # gnutls-serv reports every handshake wrk cuts at the end of a run; only the servers' own logs are read.
    result["log_problems"] = log_problems(server.log_path, job["shape"] == "pipelined") if server.reads_log else []
    if not server.is_running():
        result["error"] = f"during the run: {server.exit_description()}"
    elif not figures["requests"]:
        result["error"] = f"no request answered in {duration} s"
    return result


def figures_of_run(figures, server_ticks, load_seconds, elapsed):
    """A run's figures from wrk's, the server's (user, system) clock ticks over the run, wrk's CPU seconds and the
    run's wall time."""
    requests = figures["requests"]
    user_ticks, system_ticks = server_ticks
    return {
        "rps": requests / (figures["duration_us"] / 1e6),
        "p50_us": figures["p50_us"],
        "p99_us": figures["p99_us"],
        "requests": requests,
        "cpu_cores": (user_ticks + system_ticks) / CLOCK_TICKS / elapsed,
        "user_cores": user_ticks / CLOCK_TICKS / elapsed,
        "system_cores": system_ticks / CLOCK_TICKS / elapsed,
        "load_cores": load_seconds / elapsed,
        "load_cpu_us_per_request": load_seconds / requests * 1e6 if requests else 0.0,
        "errors": {name: figures[name] for name in ERROR_FIELDS if figures[name]},
    }


def describe_run(label, name, connections, result):
    """One line of the progress log."""
    if not result.get("rps"):
        return f"{name} c={connections} {label}: FAILED: {result.get('error')}"
    text = (f"{name} c={connections} {label}: {result['rps']:,.0f} req/s, CPU {result['cpu_cores']:.2f}, "
            f"wrk {result['load_cores']:.2f}, peak RSS {result['peak_rss'] / 1048576:.1f} MiB")
    if result["errors"]:
        text += f", errors {result['errors']}"
    if result.get("log_problems"):
        text += f", server log: {' | '.join(result['log_problems'])}"
    if "error" in result:
        text += f", FAILED: {result['error']}"
    return text


def interleave(jobs, rounds, duration, wrk_threads, wrk_cpus, results):
    """Runs every job on each of its servers, round after round, the server order rotated each round; the runs go
    to results[job key + (server label,)]. A failed run is recorded and the others go on."""
    for round_index in range(rounds):
        for job in jobs:
            servers = job["servers"]
            shift = round_index % len(servers)
            for server in servers[shift:] + servers[:shift]:
                try:
                    result = run_load(server, job, duration, wrk_threads, wrk_cpus)
                except Interrupted:
                    raise
                except Exception as error:  # one failed run is reported in the table, the others go on
                    result = {"error": f"{type(error).__name__}: {error}"}
                result["round"] = round_index
                results.setdefault(job["key"] + (server.label,), []).append(result)
                name = " ".join(str(part) for part in job["key"] if part not in (None, job["connections"]))
                log(f"round {round_index + 1}/{rounds}: " + describe_run(server.label, name, job["connections"],
                                                                         result))
                time.sleep(0.5)
