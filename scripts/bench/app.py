"""The app side: the Swift `deeplinkd generate swift` writes, in a release build, for the default table and for
generated tables of 100, 500 and 2,000 routes (`scale.table`), against a hand-written `switch` over the default
routes (Benchmarks/AppParse/HandWritten, the shape of the app's own dispatcher before deeplinkd).

- first use: a fresh process parses one link; the time from the start of its `main` to the result, which includes
  whatever the embedded table costs on first use; the median over several processes. The same process's second
  parse, and the time from starting the process to its `main`, are given beside it.
- parse: each table's corpus (`app_corpus`), matching and non-matching URLs timed apart, the parsers taking turns
  in each round; time per URL is the median over the rounds, the generated parser's ratio to the hand-written one is
  the median of the per-round ratios (over the whole corpus). Allocations are counted by a malloc counter preloaded
  into the process (Benchmarks/AppParse/malloc-counter.c), over one pass after a warm-up one.

Before timing, every table's driver checks the corpus: each URL opens the route the corpus names (or none), and the
hand-written parser gives the same link as the generated one for every URL of the default table.
"""

import datetime
import json
import os
import statistics
import subprocess
import time

from bench import REPOSITORY, log
from bench import app_build, app_corpus, scale
from bench import formatting as fmt

TABLES = ("default", "100", "500", "2000")
REFERENCE = "hand-written"
FIRST_USE_TARGETS = {"default": 0.001, "2000": 0.050}
PARSE_RATIO_TARGET = 2.0
RUN_TIMEOUT = 600


def table_title(name):
    return "default (5 routes)" if name == "default" else f"{int(name):,} routes"


def tables_and_corpora(names, directory):
    """{name: (config, with the reference)} and {name: corpus path} for `names`, written in `directory`."""
    tables, corpora = {}, {}
    for name in names:
        if name == "default":
            config, entries = os.path.join(REPOSITORY, "config", "deeplinkd.yaml"), app_corpus.default_table()
        else:
            config, entries = os.path.join(directory, f"app-routes-{name}.yaml"), app_corpus.scaled_table(int(name))
            with open(config, "w") as file:
                file.write(scale.table(int(name)))
        tables[name] = (config, name == "default")
        corpora[name] = os.path.join(directory, f"app-corpus-{name}.tsv")
        app_corpus.write(entries, corpora[name])
    return tables, corpora


def run_json(command, environment=None):
    completed = subprocess.run(command, capture_output=True, text=True, timeout=RUN_TIMEOUT,
                               env={**os.environ, **(environment or {})})
    if completed.returncode != 0:
        try:
            detail = "; ".join(json.loads(completed.stdout)["problems"])
        except (ValueError, KeyError, TypeError):
            detail = (completed.stdout + completed.stderr).strip()
        raise RuntimeError(f"{os.path.basename(command[0])} {command[1]}: {detail[-1500:]}")
    return json.loads(completed.stdout)


def first_use(driver, url, processes):
    """Medians over `processes` fresh processes: main to the first result, the second result, start to main."""
    samples = []
    for _ in range(processes):
        started = time.monotonic_ns()
        result = run_json([driver, "first-use", url])
        if not result["matched"]:
            raise RuntimeError(f"first use: {url} opened no link")
        samples.append((result["first_ns"], result["second_ns"], result["main_at_ns"] - started))
    return {"first": [first / 1e9 for first, _, _ in samples],
            "median": statistics.median(first for first, _, _ in samples) / 1e9,
            "second": statistics.median(second for _, second, _ in samples) / 1e9,
            "to_main": statistics.median(to_main for _, _, to_main in samples) / 1e9}


def overall(kinds, urls, round_index):
    """ns per URL over the whole corpus in one round, from its matching and non-matching samples."""
    total = sum(urls[kind] for kind in ("matching", "non-matching") if kind in kinds)
    return sum(kinds[kind][round_index] * urls[kind] for kind in ("matching", "non-matching") if kind in kinds) / total


def parse_figures(result):
    """Per parser: median ns per URL (matching, non-matching, all) and allocations per URL; the per-round ratios."""
    urls, rounds = result["urls"], result["rounds"]
    figures = {}
    for name, kinds in result["parsers"].items():
        entry = {kind: statistics.median(kinds[kind]) for kind in ("matching", "non-matching") if kind in kinds}
        entry["all"] = statistics.median(overall(kinds, urls, index) for index in range(rounds))
        entry["allocations"] = kinds.get("allocations")
        figures[name] = entry
    ratios = None
    if REFERENCE in result["parsers"]:
        ratios = [overall(result["parsers"]["generated"], urls, index) / overall(result["parsers"][REFERENCE], urls, index)
                  for index in range(rounds)]
    return {"urls": urls, "rounds": rounds, "parsers": figures, "ratios": ratios,
            "ratio": statistics.median(ratios) if ratios else None}


def measure(binary, names, processes, rounds, sample_milliseconds, directory):
    """The app side's measurements: {"tables": [{"table", "routes", "first_use", "parse"} ...], ...}."""
    tables, corpora = tables_and_corpora(names, directory)
    drivers, counter = app_build.build(binary, tables)
    rows = []
    for name in names:
        checked = run_json([drivers[name], "check", corpora[name]])
        log(f"app side, {table_title(name)}: the corpus checked ({checked['urls']} URLs, {checked['matching']} "
            "matching" + (", the hand-written parser agreeing on every one)" if tables[name][1] else ")"))
        url = next(url for route, url in (line.rstrip("\n").split("\t", 1) for line in open(corpora[name]))
                   if route != "-")
        row = {"table": name, "corpus": checked, "first_use": first_use(drivers[name], url, processes)}
        parsed = run_json([drivers[name], "parse", corpora[name], str(rounds), str(sample_milliseconds)],
                          {"LD_PRELOAD": counter})
        row["parse"] = parse_figures(parsed)
        log(f"app side, {table_title(name)}: first use {row['first_use']['median'] * 1000:.2f} ms, parse "
            f"{row['parse']['parsers']['generated']['all']:.0f} ns per URL"
            + (f", {row['parse']['ratio']:.2f}× the hand-written" if row["parse"]["ratio"] else ""))
        rows.append(row)
    return {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "processes": processes, "rounds": rounds, "sample_ms": sample_milliseconds,
            "swift_flags": " ".join(app_build.SWIFT_FLAGS), "tables": rows}


def duration(seconds):
    """`850 µs`, `1.25 ms`, `50 ms`."""
    milliseconds = seconds * 1000
    if milliseconds < 1:
        return f"{seconds * 1e6:.0f} µs"
    return f"{milliseconds:g} ms" if milliseconds == round(milliseconds) else f"{milliseconds:.2f} ms"


def row_of(measurements, name):
    app = measurements.get("app") or {}
    return next((row for row in app.get("tables", []) if row["table"] == name), None)


def targets(measurements):
    """(target, measured, verdict) rows of the app side."""
    rows = []
    for name, limit in FIRST_USE_TARGETS.items():
        title = f"generated Swift, first use < {duration(limit)} ({table_title(name)})"
        row = row_of(measurements, name)
        if row is None:
            rows.append((title, "not measured", None))
            continue
        value = row["first_use"]["median"]
        rows.append((title, f"{duration(value)} (main to the first link, median of "
                     f"{len(row['first_use']['first'])} processes)", "met" if value < limit else "not met"))
    title = f"generated Swift, parse within {PARSE_RATIO_TARGET:.0f}× the hand-written `switch` (default table)"
    row = row_of(measurements, "default")
    if row is None or row["parse"]["ratio"] is None:
        rows.append((title, "not measured", None))
    else:
        parsers = row["parse"]["parsers"]
        rows.append((title, f"{fmt.factor(row['parse']['ratio'])} ({parsers['generated']['all']:.0f} vs "
                     f"{parsers[REFERENCE]['all']:.0f} ns per URL)",
                     "met" if row["parse"]["ratio"] <= PARSE_RATIO_TARGET else "not met"))
    return rows


def allocations(entry, kind):
    found = (entry.get("allocations") or {}).get(kind)
    return "–" if found is None else f"{found:.1f}"


def table(measurements):
    """The app side's table in the report."""
    app = measurements.get("app")
    if app is None:
        return "Not run this time (`--only app`, or every part; `--no-app` leaves it out)."
    if "error" in app:
        return f"Not measured: {fmt.cell(app['error'])}"
    lines = []
    for row in app["tables"]:
        first, parse = row["first_use"], row["parse"]
        for name, entry in sorted(parse["parsers"].items(), key=lambda item: item[0] != "generated"):
            generated = name == "generated"
            lines.append([
                table_title(row["table"]), "generated" if generated else "hand-written `switch`",
                f"{parse['urls'].get('matching', 0)} + {parse['urls'].get('non-matching', 0)}",
                duration(first["median"]) if generated else "–",
                duration(first["second"]) if generated else "–",
                duration(first["to_main"]) if generated else "–",
                f"{entry.get('matching', 0):.0f} ns", f"{entry.get('non-matching', 0):.0f} ns", f"{entry['all']:.0f} ns",
                allocations(entry, "matching"), allocations(entry, "non-matching"),
                (fmt.factor(parse["ratio"]) if parse["ratio"] else "–") if generated else "1.00×",
                ", ".join(f"{value:.2f}" for value in parse["ratios"]) if generated and parse["ratios"] else ""])
    return fmt.table(["table", "parser", "URLs: matching + not", "first use", "second parse", "start to `main`",
                      "parse, matching", "parse, not matching", "parse, all", "allocations, matching",
                      "allocations, not matching", "÷ hand-written", "per-round ratios"], lines)


def settings_text(measurements):
    """How the part ran, for the report's prose."""
    app = measurements.get("app") or {}
    if "tables" not in app:
        return "(not run this time)"
    measured = f"{app['date']}, " if app.get("date") else ""
    return (f"{measured}{app['processes']} processes for first use, {fmt.plural(app['rounds'], 'round')} of "
            f"samples of at least {app['sample_ms']} ms, `swiftc {app['swift_flags']}`")
