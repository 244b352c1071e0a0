"""The bench from start to end: each part measured in turn (a part that fails is reported and the others go on),
then the measurements written as JSON and rendered into the report."""

import datetime
import json
import os
import shutil
import signal
import statistics
import sys
import tempfile
import time

from bench import REPOSITORY, Interrupted, log, report
from bench import app as app_side
from bench import counts as instruction_counts
from bench import micro as micro_benchmarks
from bench import options as bench_options
from bench import scale
from bench.cases import AASA_PATH, CASES, HTTP_CASES
from bench.load import interleave
from bench.measures import MIB, compare, process_rss, successful
from bench.nginx import pipelined_view, prepare_static_files, start_nginx, tls_view
from bench.servers import (LOAD_CPU, SERVER_CPU, build_no_resume_shim, make_certificates, start_deeplinkd,
                           start_gnutls_serv, start_libmicrohttpd, time_to_first_healthy)
from bench.system import machine, versions

TOOLS = {"pinned": ["wrk", "nginx", "taskset", "openssl", "cc", "gnutls-serv"], "shared": ["wrk", "nginx"],
         "threading": ["wrk"], "counts": ["valgrind", "callgrind_control", "objcopy", "openssl", "gnutls-serv"],
         "micro": ["swift"], "app": ["swiftc", "cc"]}


def start_times(options, measurements, directory):
    times = [time_to_first_healthy(options.binary) for _ in range(options.starts)]
    measurements["start"] = {"times": times, "median": statistics.median(times)}
    log(f"start to first 200: {', '.join(f'{value * 1000:.1f}' for value in times)} ms")


def pinned(options, measurements, directory):
    """The headline: each server on CPU 0 with one worker, wrk (one thread) on CPU 1, in each load shape."""
    servers = []
    try:
        deeplinkd = start_deeplinkd(options.binary, directory, "deeplinkd", threads=1, cpus=SERVER_CPU)
        servers.append(deeplinkd)
        measurements.setdefault("sizes", prepare_static_files(deeplinkd, directory))
        https_cases = [CASES[name] for name in options.cases if CASES[name].https]
        certificates = make_certificates(directory, options.certificates) if https_cases else {}
        nginx = start_nginx(directory, workers=1, cpus=SERVER_CPU, certificates=certificates)
        servers.append(nginx)
        plain = {"deeplinkd": deeplinkd, "nginx": nginx}
        if any(not CASES[name].https for name in options.cases):
            plain["libmicrohttpd"] = start_libmicrohttpd(directory, "libmicrohttpd", os.path.join(directory, "www"),
                                                         SERVER_CPU)
            servers.append(plain["libmicrohttpd"])

        def jobs_of(case, certificate, by_label, by_shape=None):
            """`by_shape` ({shape: {label: server}}) overrides `by_label` for a shape."""
            shapes = ["serial"] if case.connection_per_request else options.shapes
            return [{"key": (case.name, certificate, connections, shape), "path": case.path, "script": case.script,
                     "shape": shape, "depth": options.pipeline_depth, "connections": connections,
                     "servers": [{**by_label, **(by_shape or {}).get(shape, {})}[label] for label in case.servers],
                     "preload": shim if case.full_handshake else None}
                    for connections in options.pinned_connections for shape in shapes]

        shim = build_no_resume_shim(directory) if any(case.full_handshake for case in https_cases) else None
        jobs = []
        for name in options.cases:
            if not CASES[name].https:
                jobs += jobs_of(CASES[name], None, plain, {"pipelined": {"nginx": pipelined_view(nginx)}})
        for certificate_name, (certificate, key) in certificates.items():
            secure = {"deeplinkd": start_deeplinkd(options.binary, directory, "deeplinkd", threads=1, cpus=SERVER_CPU,
                                                   tls=(certificate, key), log_name=f"deeplinkd-{certificate_name}"),
                      "nginx": tls_view(nginx, nginx.tls_ports[certificate_name])}
            servers.append(secure["deeplinkd"])
            if any("gnutls-serv" in case.servers for case in https_cases):
                secure["gnutls-serv"] = start_gnutls_serv(directory, "gnutls-serv", certificate, key,
                                                          os.path.join(directory, "www", "aasa.json"), SERVER_CPU)
                servers.append(secure["gnutls-serv"])
            for case in https_cases:
                jobs += jobs_of(case, certificate_name, secure)
        results = {}
        interleave(jobs, options.rounds, options.duration, 1, LOAD_CPU, results)
        rows = []
        for job in jobs:
            case, certificate, connections, shape = job["key"]
            for row in compare(results, job["key"], [server.label for server in job["servers"]], "nginx"):
                rows.append(dict(case=case, certificate=certificate, connections=connections, shape=shape, **row))
        measurements["pinned"] = {"rows": rows}
    finally:
        for server in servers:
            server.stop()


IDLE_STARTS = 5


def idle_memory(binary, directory, starts=IDLE_STARTS):
    """deeplinkd's resident memory at rest: started, `/healthz` answered, a second's settling, no load; the median of
    `starts` fresh processes, each field on its own.

    The executable's pages are first dropped from the page cache (`evict_from_page_cache`), so that it is read from
    the disk as an installed one is: a binary the linker or `cp` has just written sits in the cache in large blocks,
    and each page fault then maps more of it (14.6 to 15.0 MiB against 13.9 to 14.2 for the same file read back).
    """
    evict_from_page_cache(binary)
    samples = []
    for number in range(starts):
        server = start_deeplinkd(binary, directory, "deeplinkd", log_name=f"deeplinkd-idle-{number}")
        try:
            time.sleep(1.0)
            pid = server.process.pid
            samples.append({"idle_rss": process_rss(pid), "idle_rss_anonymous": process_rss(pid, "RssAnon"),
                            "idle_rss_file": process_rss(pid, "RssFile")})
        finally:
            server.stop()
    memory = {field: statistics.median(sample[field] for sample in samples) for field in samples[0]}
    memory["idle_rss_samples"] = [sample["idle_rss"] for sample in samples]
    return memory


def evict_from_page_cache(path):
    """Writes `path`'s dirty pages back and drops its pages from the page cache (no root needed for one's own file);
    a process that maps it next reads it from the disk."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
        os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(descriptor)


def shared(options, measurements, directory):
    """deeplinkd with its default workers against nginx's, and wrk, all on both cores; memory and start-up."""
    servers = []
    try:
        memory = idle_memory(options.binary, directory)
        log(f"deeplinkd idle RSS {memory['idle_rss'] / MIB:.1f} MiB (median of {len(memory['idle_rss_samples'])} starts: "
            + ", ".join(f"{value / MIB:.1f}" for value in memory["idle_rss_samples"]) + ")")
        deeplinkd = start_deeplinkd(options.binary, directory, "deeplinkd")
        servers.append(deeplinkd)
        pid = deeplinkd.process.pid
        measurements.setdefault("sizes", prepare_static_files(deeplinkd, directory))
        nginx = start_nginx(directory)
        servers.append(nginx)
        cases = [CASES[name] for name in options.cases if name in HTTP_CASES]
        jobs = [{"key": (case.name, connections), "path": case.path, "script": case.script, "shape": "serial",
                 "connections": connections, "servers": servers}
                for case in cases for connections in options.connections]
        results = {}
        interleave(jobs, options.rounds, options.duration, options.wrk_threads, None, results)
        time.sleep(2.0)
        if deeplinkd.is_running():
            memory["rss_after_load"] = process_rss(pid)
        rows = []
        for job in jobs:
            case, connections = job["key"]
            for row in compare(results, job["key"], ["deeplinkd", "nginx"], "nginx"):
                rows.append(dict(case=case, connections=connections, **row))
        peaks = [run["peak_rss"] for (case, connections, label), runs in results.items()
                 if connections == 256 and label == "deeplinkd" for run in successful(runs)]
        if peaks:
            memory["rss_under_256"] = max(peaks)
        measurements["shared"] = {"rows": rows}
        measurements["memory"] = memory
    finally:
        for server in servers:
            server.stop()


def counts(options, measurements, directory):
    """Instructions and allocations under callgrind: deeplinkd for every case asked for, gnutls-serv for the
    handshakes."""
    counting = os.path.join(directory, "counts")
    os.makedirs(counting, exist_ok=True)
    certificate = make_certificates(counting, ["ecdsa"])["ecdsa"]
    result = {"batch": options.counts,
              "deeplinkd": instruction_counts.measure(options.binary, counting, options.cases, options.counts,
                                                      tls=certificate)}
    if any(not CASES[name].https for name in options.cases):
        # libmicrohttpd alone answers with deeplinkd's bytes, fetched from a deeplinkd that is not under callgrind.
        deeplinkd = start_deeplinkd(options.binary, counting, "deeplinkd-files", threads=1)
        try:
            prepare_static_files(deeplinkd, counting)
        finally:
            deeplinkd.stop()
        result["libmicrohttpd"] = instruction_counts.measure_libmicrohttpd(counting, os.path.join(counting, "www"),
                                                                           options.cases, options.counts)
    if any(CASES[name].connection_per_request for name in options.cases):
        body = os.path.join(counting, "aasa.json")
        with open(body, "wb") as file:
            file.write(b'{"applinks":{"details":[]}}\n')
        result["gnutls-serv"] = instruction_counts.measure_gnutls_serv(counting, *certificate, body, options.counts)
    measurements["counts"] = result


def threading(options, measurements, directory):
    """deeplinkd with --threads 1, 2 and 4 on the AASA, interleaved; ratios to 2 threads."""
    servers = []
    try:
        for threads in (1, 2, 4):
            servers.append(start_deeplinkd(options.binary, directory, f"threads-{threads}", threads))
        jobs = [{"key": ("aasa", connections), "path": AASA_PATH, "script": "report.lua", "shape": "serial",
                 "connections": connections, "servers": servers} for connections in options.connections]
        results = {}
        interleave(jobs, options.threading_rounds, options.duration, options.wrk_threads, None, results)
        rows = []
        for job in jobs:
            for row in compare(results, job["key"], [server.label for server in servers], "threads-2"):
                threads = int(row.pop("server").split("-")[1])
                rows.append(dict(threads=threads, connections=job["key"][1], **row))
        rows.sort(key=lambda row: (row["threads"], row["connections"]))
        measurements["threading"] = {"rounds": options.threading_rounds, "rows": rows}
    finally:
        for server in servers:
            server.stop()


def table_scale(options, measurements, directory):
    log("table scale: check and start-up with 1,000 / 10,000 / 20,000 routes")
    measurements["table_scale"] = scale.measure(options.binary, runs=options.scale_runs)
    for row in measurements["table_scale"]["rows"]:
        log(f"table scale: {row}")


def micro(options, measurements, directory):
    log("micro-benchmarks (builds Benchmarks/ in release mode the first time)")
    measurements["micro"] = micro_benchmarks.run(options.micro_timeout)
    if "error" in measurements["micro"]:
        log(f"micro-benchmarks: FAILED: {measurements['micro']['error']}")


def app(options, measurements, directory):
    """The generated Swift's first use and parse time, against a hand-written switch (bench/app.py)."""
    measurements["app"] = app_side.measure(options.binary, options.app_tables, options.app_processes,
                                           options.app_rounds, options.app_sample_ms, directory)


PARTS = {"start": start_times, "pinned": pinned, "shared": shared, "counts": counts, "threading": threading,
         "table-scale": table_scale, "micro": micro, "app": app}
# Where a part's failure is recorded in the measurements.
ERROR_KEYS = {"table-scale": "table_scale"}


def measure(options):
    """Runs every part asked for; the measurements (JSON-ready), or None when interrupted."""
    measurements = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine(),
        "cores": os.cpu_count(),
        "versions": versions(options.binary),
        "settings": {name: getattr(options, name) for name in (
            "quick", "rounds", "duration", "modes", "shapes", "pipeline_depth", "pinned_connections", "connections",
            "cases", "certificates", "wrk_threads", "counts", "threading_rounds", "starts", "scale_runs", "parts")},
    }
    begun = time.monotonic()
    directory = tempfile.mkdtemp(prefix="deeplinkd-bench-")
    try:
        for part in options.parts:
            try:
                PARTS[part](options, measurements, directory)
            except Interrupted:
                raise
            except Exception as error:  # reported in the output; the other parts still run
                measurements[ERROR_KEYS.get(part, part)] = {"error": f"{type(error).__name__}: {error}"}
                log(f"{part}: FAILED: {error}")
    except Interrupted:
        log("interrupted: servers stopped, no report written")
        return None
    finally:
        if options.keep_temp:
            log(f"kept {directory}")
        else:
            shutil.rmtree(directory, ignore_errors=True)
    measurements["elapsed"] = time.monotonic() - begun
    return measurements


def measurements_path(output):
    return os.path.splitext(output)[0] + ".json"


def missing_tools(options):
    return sorted({tool for part in options.parts for tool in TOOLS.get(part, []) if shutil.which(tool) is None})


def on_signal(signal_number, frame):
    raise Interrupted()


def main(arguments=None):
    options = bench_options.parse(arguments)
    if options.render_only:
        with open(options.render_only) as file:
            measurements = json.load(file)
    else:
        # Explicitly, since a shell starting us in the background would have SIGINT ignored.
        signal.signal(signal.SIGTERM, on_signal)
        signal.signal(signal.SIGINT, on_signal)
        missing = missing_tools(options)
        if missing:
            sys.exit(f"bench: {', '.join(missing)} missing (`make bench` installs what the bench needs: "
                     "scripts/install-deps.sh wrk nginx gnutls-bin valgrind)")
        if not os.access(options.binary, os.X_OK):
            sys.exit(f"bench: no deeplinkd at {options.binary} (make release builds it; or pass --binary)")
        log(f"estimated time: about {report.format_duration(bench_options.estimated_seconds(options))} "
            "(the first run of the micro-benchmarks also builds their dependencies)")
        measurements = measure(options)
        if measurements is None:
            return 130
        os.makedirs(os.path.dirname(options.output), exist_ok=True)
        with open(measurements_path(options.output), "w") as file:
            json.dump(measurements, file, indent=1, ensure_ascii=False)
            file.write("\n")
    text = report.render(measurements, report.hand_written_section(options.output))
    os.makedirs(os.path.dirname(options.output), exist_ok=True)
    with open(options.output, "w") as output:
        output.write(text)
    log(f"wrote {os.path.relpath(options.output, REPOSITORY)}"
        + (f" in {report.format_duration(measurements['elapsed'])}" if not options.render_only else ""))
    for target, measured, verdict in report.targets(measurements):
        print(f"{verdict or '–':>12}  {target}: {measured}")
    return 0
