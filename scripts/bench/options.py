"""The bench's options, and how long a run of them takes."""

import argparse
import os

from bench import REPOSITORY
from bench.cases import CASES, CERTIFICATES, HTTP_CASES
from bench.app import TABLES as APP_TABLES
from bench.load import PIPELINE_DEPTH, SHAPES

PARTS = ("start", "pinned", "shared", "counts", "threading", "table-scale", "micro", "app")
# --quick: every part but the micro-benchmarks (a build of their own), each as short as still gives a figure.
QUICK = {"rounds": 1, "duration": 2, "counts": 200, "starts": 2, "scale_runs": 1, "threading_rounds": 1,
         "app_tables": "default,100", "app_processes": 3, "app_rounds": 1, "app_sample_ms": 5}
QUICK_OUTPUT = ".build/bench/performance.md"
DEFAULTS = {"rounds": 3, "duration": 10, "counts": 2000, "starts": 5, "scale_runs": 3, "threading_rounds": 2,
            "app_tables": ",".join(APP_TABLES), "app_processes": 11, "app_rounds": 7, "app_sample_ms": 100}


def parser():
    result = argparse.ArgumentParser(
        prog="python3 scripts/bench",
        description="deeplinkd against nginx (and gnutls-serv) under wrk, pinned and shared, with instruction "
                    "counts, memory, start-up, table scale and the routing micro-benchmarks; writes "
                    "docs/performance.md and the measurements beside it (docs/performance.json).")
    add = result.add_argument
    add("--binary", default=".build/release/deeplinkd",
        help="the deeplinkd to measure (default: .build/release/deeplinkd, as `make release` builds)")
    add("--quick", action="store_true",
        help="a check of the whole pipeline in a few minutes: " + ", ".join(
            f"--{name.replace('_', '-')} {value}" for name, value in QUICK.items())
        + f", no micro-benchmarks, written to {QUICK_OUTPUT} unless --output is given")
    add("--rounds", type=int, help=f"interleaved rounds per case (default {DEFAULTS['rounds']})")
    add("--duration", type=int, help=f"seconds per wrk run (default {DEFAULTS['duration']})")
    add("--modes", default="pinned,shared",
        help="pinned (one core each, the headline), shared (all on both cores); default both")
    add("--shapes", default=",".join(SHAPES),
        help="load shapes of the pinned mode: serial (one request at a time a connection), pipelined; default both")
    add("--pipeline-depth", type=int, default=PIPELINE_DEPTH,
        help=f"requests per write in the pipelined shape (default {PIPELINE_DEPTH})")
    add("--connections", default="64,256", help="connection counts of the shared mode (default 64,256)")
    add("--pinned-connections", default="64", help="connection counts of the pinned mode (default 64)")
    add("--cases", default=",".join(CASES),
        help="end-to-end cases (default: all; the https ones run in the pinned mode only): " + ", ".join(CASES))
    add("--certificates", default=",".join(CERTIFICATES),
        help="certificates of the HTTPS cases: ecdsa (P-256), rsa (2048); default both")
    add("--wrk-threads", type=int, default=2, help="wrk threads of the shared mode (default 2)")
    add("--counts", type=int,
        help=f"requests per case counted under callgrind (default {DEFAULTS['counts']}; 0 skips the counts)")
    add("--threading", action="store_true", help="also compare --threads 1, 2 and 4 (make bench does)")
    add("--threading-rounds", type=int,
        help=f"rounds of the threading comparison (default {DEFAULTS['threading_rounds']})")
    add("--starts", type=int, help=f"fresh starts timed to the first 200 (default {DEFAULTS['starts']})")
    add("--scale-runs", type=int, help=f"runs per table-scale figure (default {DEFAULTS['scale_runs']})")
    add("--no-end-to-end", dest="end_to_end", action="store_false", help="skip the comparison with nginx")
    add("--no-micro", dest="micro", action="store_false", help="skip the micro-benchmarks")
    add("--no-table-scale", dest="table_scale", action="store_false",
        help="skip timing check and start-up with 1,000 / 10,000 / 20,000 routes")
    add("--no-app", dest="app", action="store_false",
        help="skip the app side (the generated Swift's first use and parse time against a hand-written switch)")
    add("--app-tables", help="tables of the app side: default (config/deeplinkd.yaml) and route counts of "
        f"generated tables (default {DEFAULTS['app_tables']})")
    add("--app-processes", type=int,
        help=f"fresh processes timed to their first link, per table (default {DEFAULTS['app_processes']})")
    add("--app-rounds", type=int, help=f"interleaved rounds of the parse timing (default {DEFAULTS['app_rounds']})")
    add("--app-sample-ms", type=int,
        help=f"milliseconds a parse timing sample lasts at least (default {DEFAULTS['app_sample_ms']})")
    add("--only", help="run only these parts (comma-separated; the other --no-* options then do not matter): "
        + ", ".join(PARTS))
    add("--micro-timeout", type=int, default=1800,
        help="seconds allowed for the micro-benchmarks, build included (default 1800)")
    add("--output", help="the report to write (default docs/performance.md); its measurements go beside it as .json")
    add("--render-only", metavar="MEASUREMENTS",
        help="measure nothing: render the report again from a measurements file (e.g. docs/performance.json)")
    add("--keep-temp", action="store_true", help="keep the temporary directory (logs, nginx config)")
    return result


def parse(arguments=None):
    """The options, checked, with lists split, paths made absolute (relative ones are the repository's) and the
    parts to run worked out (`options.parts`)."""
    command_line = parser()
    options = command_line.parse_args(arguments)
    for name, value in DEFAULTS.items():
        if getattr(options, name) is None:
            setattr(options, name, QUICK[name] if options.quick else value)
    if options.quick and options.only is None:
        options.micro = False
    if options.output is None:
        options.output = QUICK_OUTPUT if options.quick else "docs/performance.md"
    options.binary = os.path.abspath(os.path.join(REPOSITORY, options.binary))
    options.output = os.path.abspath(os.path.join(REPOSITORY, options.output))
    if options.render_only:
        options.render_only = os.path.abspath(os.path.join(REPOSITORY, options.render_only))
    for name in ("modes", "shapes", "cases", "certificates", "app_tables"):
        setattr(options, name, [value for value in getattr(options, name).split(",") if value])
    for name in ("connections", "pinned_connections"):
        try:
            setattr(options, name, [int(value) for value in getattr(options, name).split(",") if value])
        except ValueError:
            command_line.error(f"--{name.replace('_', '-')} takes numbers separated by commas")
    problem = problems(options)
    if problem:
        command_line.error(problem)
    options.parts = parts(options)
    return options


def problems(options):
    """What is wrong with the options, or None."""
    for name, known in (("modes", ("pinned", "shared")), ("shapes", SHAPES), ("cases", CASES),
                        ("certificates", CERTIFICATES)):
        unknown = [value for value in getattr(options, name) if value not in known]
        if unknown:
            return f"unknown {name} {', '.join(unknown)}; known: {', '.join(known)}"
    if options.only:
        unknown = [part for part in options.only.split(",") if part and part not in PARTS]
        if unknown:
            return f"unknown part(s) {', '.join(unknown)} for --only; known: {', '.join(PARTS)}"
    if min(options.rounds, options.duration, options.threading_rounds, options.scale_runs, options.pipeline_depth) < 1:
        return "--rounds, --duration, --threading-rounds, --scale-runs and --pipeline-depth must be at least 1"
    unknown = [name for name in options.app_tables if name != "default" and not name.isdigit()]
    if unknown:
        return f"unknown app table(s) {', '.join(unknown)}: default, or a number of routes"
    if min(options.app_processes, options.app_rounds, options.app_sample_ms) < 1:
        return "--app-processes, --app-rounds and --app-sample-ms must be at least 1"
    if any(count < options.wrk_threads for count in options.connections):
        return "every connection count must be at least --wrk-threads"
    return None


def parts(options):
    """The parts this run measures, in the order they run."""
    if options.only:
        return [part for part in PARTS if part in options.only.split(",")]
    chosen = ["start"] if options.starts else []
    if options.end_to_end:
        chosen += [mode for mode in ("pinned", "shared") if mode in options.modes]
    if options.counts:
        chosen.append("counts")
    if options.threading:
        chosen.append("threading")
    if options.table_scale:
        chosen.append("table-scale")
    if options.micro:
        chosen.append("micro")
    if options.app:
        chosen.append("app")
    if "shared" in chosen and not any(case in HTTP_CASES for case in options.cases):
        chosen.remove("shared")
    return chosen


def estimated_seconds(options):
    """About how long the parts take: the load runs, callgrind's counts, and the micro-benchmarks' build."""
    per_run = options.duration + 1.5
    http = [case for case in options.cases if case in HTTP_CASES]
    seconds = 10.0
    if "pinned" in options.parts:
        runs = sum(len(CASES[name].servers) for name in http) * len(options.shapes)
        for case in (CASES[name] for name in options.cases if CASES[name].https):
            shapes = 1 if case.connection_per_request else len(options.shapes)
            runs += len(case.servers) * shapes * len(options.certificates)
        seconds += runs * len(options.pinned_connections) * options.rounds * per_run
    if "shared" in options.parts:
        seconds += 2 * len(http) * len(options.connections) * options.rounds * per_run
    if "counts" in options.parts:
        seconds += 60 + options.counts / 20
    if "threading" in options.parts:
        seconds += 3 * len(options.connections) * options.threading_rounds * per_run
    if "table-scale" in options.parts:
        seconds += 6 * options.scale_runs
    if "micro" in options.parts:
        seconds += 150  # with the rebuild a change in Sources causes
    if "app" in options.parts:
        # The release compile of each table (a 2,000-route table takes about a minute), then the timing.
        seconds += sum(60 if name == "default" else 10 + int(name) / 40 for name in options.app_tables)
        seconds += len(options.app_tables) * (options.app_processes * 0.05 + options.app_rounds * 4 * options.app_sample_ms / 1000 + 2)
    return seconds
