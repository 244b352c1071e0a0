"""The report's tables, each from one part's measurements; a part not run or failed gives one line saying so."""

import re

from bench import formatting as fmt
from bench.cases import CASES, CERTIFICATES, HTTP_CASES
from bench.measures import MIB, bound, is_capped, judge
from bench.targets import pinned_row, shapes_of

SKIPPED = {
    "pinned": "Not run this time (`--modes shared` or `--no-end-to-end`).",
    "shared": "Not run this time (`--modes pinned` or `--no-end-to-end`).",
    "memory": "Not run this time (the shared mode measures it).",
    "counts": "Not run this time (`--counts 0`).",
    "threading": "Not run this time (`--threading`; `make bench` includes it).",
    "micro": "Not run this time (`--no-micro`; `--quick` leaves them out).",
    "table_scale": "Not run this time (`--no-table-scale`).",
}


def part(measurements, key):
    """(the part's measurements, None) or (None, the line to print instead)."""
    found = measurements.get(key)
    if found is None:
        return None, SKIPPED[key]
    if "error" in found:
        return None, f"Not measured: {fmt.cell(found['error'])}"
    return found, None


def targets_table(rows):
    return fmt.table(["target", "measured", "verdict"],
                     [[target, measured, fmt.verdict(result)] for target, measured, result in rows])


def failed(row):
    return f"failed: {fmt.cell('; '.join(row['failures']) or 'no run')}"


def pinned_table(measurements):
    pinned, note = part(measurements, "pinned")
    if note:
        return note
    body = []
    for row in pinned["rows"]:
        case = CASES[row["case"]]
        load = "–" if case.connection_per_request else row["shape"]
        head = [case.title, CERTIFICATES.get(row["certificate"], "–"), load, row["connections"], row["server"]]
        summary = row["summary"]
        if summary is None:
            body.append(head + [failed(row)] + [""] * 9)
            continue
        reference = pinned_row(measurements, row["case"], row["certificate"], row["shape"], "nginx")
        if row["server"] == "nginx":
            ratio, verdict, ratios = "1.00×", "", ""
        else:
            kind = bound(summary, reference and reference["summary"])
            ratio = f"**{fmt.ratio(row['ratio'], kind)}**"
            verdict = fmt.verdict(judge(row["ratio"], kind, case.target)) if row["server"] == "deeplinkd" else ""
            ratios = ", ".join(f"{value:.2f}" for value in row["ratios"])
        body.append(head + [
            fmt.rps_range(summary), ratio,
            verdict, fmt.latency(summary["p50_us"]), fmt.latency(summary["p99_us"]),
            f"{summary['user_us_per_request']:.1f} + {summary['system_us_per_request']:.1f} µs",
            f"{summary['cpu_cores']:.2f}", f"{summary['load_cores']:.2f}" + (" capped" if is_capped(summary) else ""),
            ratios, fmt.errors(summary)])
    return fmt.table(["case", "cert", "load", "conns", "server", "req/s median (min–max)", "÷ nginx", "verdict",
                      "p50", "p99", "CPU per request: user + system", "server's core", "wrk's core",
                      "per-round ratios", "errors"], body)


def bounds_table(measurements):
    pinned, note = part(measurements, "pinned")
    if note:
        return note
    body = []
    keys = [(case, None) for case in HTTP_CASES] + [("https-keepalive", name) for name in CERTIFICATES]
    for case, certificate in keys:
        for shape in shapes_of(measurements, case, certificate):
            ours = pinned_row(measurements, case, certificate, shape, "deeplinkd")
            theirs = pinned_row(measurements, case, certificate, shape, "nginx")
            if not (ours and theirs and ours["summary"] and theirs["summary"]):
                continue
            mine, reference = ours["summary"], theirs["summary"]
            library = pinned_row(measurements, case, certificate, shape, "libmicrohttpd")
            library = library and library["summary"]
            target = CASES[case].target
            needed = reference["cpu_us_per_request"] / target - mine["system_us_per_request"]
            title = CASES[case].title + (f" ({CERTIFICATES[certificate]})" if certificate else "")
            body.append([title, shape, f"{mine['user_us_per_request']:.1f} µs",
                         f"{mine['system_us_per_request']:.1f} µs",
                         f"{library['user_us_per_request']:.1f} + {library['system_us_per_request']:.1f} µs"
                         if library else "–",
                         f"{reference['user_us_per_request']:.1f} µs", f"{reference['system_us_per_request']:.1f} µs",
                         fmt.factor(reference["cpu_us_per_request"] / mine["system_us_per_request"]),
                         f"{fmt.factor(target)}: " + (f"{needed:.1f} µs" if needed > 0 else "out of reach")])
    if not body:
        return "Not measured: no case has both servers' figures."
    return fmt.table(["case", "load", "deeplinkd user", "deeplinkd system", "libmicrohttpd alone: user + system",
                      "nginx user", "nginx system", "ratio at zero user time", "target: the user time it needs"],
                     body)


def counts_table(measurements):
    counts, note = part(measurements, "counts")
    if note:
        return note
    body = []
    servers = ("deeplinkd", "libmicrohttpd", "gnutls-serv")
    cases = list(dict.fromkeys(case for server in servers for case in counts.get(server, {})))
    for case in cases:
        for server in servers:
            result = counts.get(server, {}).get(case)
            if result is None:
                continue
            label = "libmicrohttpd alone" if server == "libmicrohttpd" else server
            if "error" in result:
                body.append([CASES[case].title, label, failed({"failures": [result["error"]]}), "", "", ""])
            else:
                misses = result.get("instruction_cache_misses")
                retains = result.get("reference_counting")
                body.append([CASES[case].title, label, f"{result['instructions']:,.0f}",
                             f"{result['allocations']:.1f}", "–" if retains is None else f"{retains:,.0f}",
                             "–" if misses is None else f"{misses:,.0f}"])
    return fmt.table(["case", "server", "instructions per request", "allocations per request",
                      "retains and releases per request", "L1i misses per request"], body,
                     {2: "right", 3: "right", 4: "right", 5: "right"})


def shared_table(measurements):
    shared, note = part(measurements, "shared")
    if note:
        return note
    body = []
    for row in shared["rows"]:
        head = [CASES[row["case"]].title, row["connections"], row["server"]]
        summary = row["summary"]
        if summary is None:
            body.append(head + [failed(row)] + [""] * 7)
            continue
        ratio = "1.00×" if row["server"] == "nginx" else f"**{fmt.ratio(row['ratio'])}**"
        body.append(head + [fmt.rps_range(summary),
                            ratio, fmt.latency(summary["p50_us"]), fmt.latency(summary["p99_us"]),
                            f"{summary['cpu_cores']:.2f}", f"{summary['cpu_us_per_request']:.1f} µs",
                            fmt.mib(summary["peak_rss"]), fmt.errors(summary)])
    return fmt.table(["case", "conns", "server", "req/s median (min–max)", "÷ nginx", "p50", "p99",
                      "server CPU (cores)", "CPU per request", "peak RSS", "errors"], body)


def shared_rounds_table(measurements):
    shared, note = part(measurements, "shared")
    if note:
        return note
    pairs = {}
    for row in shared["rows"]:
        pairs.setdefault((row["case"], row["connections"]), {})[row["server"]] = row
    body = []
    for (case, connections), pair in pairs.items():
        ours, theirs = pair.get("deeplinkd"), pair.get("nginx")
        cpu = load = "–"
        if ours and theirs and ours["summary"] and theirs["summary"]:
            cpu = f"{theirs['summary']['cpu_us_per_request'] / ours['summary']['cpu_us_per_request']:.2f}"
            load = (f"{ours['summary']['load_cpu_us_per_request']:.1f} / "
                    f"{theirs['summary']['load_cpu_us_per_request']:.1f} µs")
        ratios = ", ".join(f"{value:.2f}" for value in (ours or {}).get("ratios", [])) or "–"
        body.append([CASES[case].title, connections, ratios, cpu, load])
    return fmt.table(["case", "conns", "per-round ratios", "CPU per request, nginx ÷ deeplinkd",
                      "wrk's CPU per request (deeplinkd / nginx)"], body)


def memory_list(measurements):
    memory, note = part(measurements, "memory")
    lines = []
    if note is None:
        samples = memory.get("idle_rss_samples")
        starts = f", the median of {len(samples)} fresh starts" if samples else ""
        idle = f"- Idle RSS (started, answered `/healthz`, before any load{starts}): {fmt.mib(memory.get('idle_rss'))}"
        if memory.get("idle_rss_file") is not None:
            idle += (f" ({fmt.mib(memory.get('idle_rss_anonymous'))} anonymous, {fmt.mib(memory['idle_rss_file'])} "
                     "file-backed: pages of the executable and its libraries, shared with the page cache)")
        if samples:
            idle += "; each start: " + ", ".join(f"{value / MIB:.1f}" for value in samples) + " MiB"
        lines += [idle,
                  f"- RSS after the load (the cases above, 2 s after the last run): "
                  f"{fmt.mib(memory.get('rss_after_load'))}",
                  f"- Highest RSS during a 256-connection run: {fmt.mib(memory.get('rss_under_256'))}"]
    else:
        lines.append(f"- Memory: {note}")
    start = measurements.get("start")
    if start and "times" in start:
        times = ", ".join(f"{value * 1000:.1f}" for value in start["times"])
        lines.append(f"- Start to the first `200` on `/healthz` (a fresh process, polled every millisecond): median "
                     f"{start['median'] * 1000:.1f} ms of {fmt.plural(len(start['times']), 'start')} ({times} ms)")
    elif start:
        lines.append(f"- Start to the first `200` on `/healthz`: not measured: {start['error']}")
    return "\n".join(lines)


def threading_table(measurements):
    threading, note = part(measurements, "threading")
    if note:
        return note
    body = []
    for row in threading["rows"]:
        summary = row["summary"]
        if summary is None:
            body.append([row["threads"], row["connections"], failed(row)] + [""] * 7)
            continue
        body.append([row["threads"], row["connections"],
                     fmt.rps_range(summary),
                     fmt.ratio(row["ratio"]), fmt.latency(summary["p50_us"]), fmt.latency(summary["p99_us"]),
                     f"{summary['cpu_cores']:.2f}", f"{summary['cpu_us_per_request']:.1f} µs",
                     fmt.mib(summary["peak_rss"]), fmt.errors(summary)])
    return fmt.table(["threads", "conns", "req/s median (min–max)", "÷ 2 threads", "p50", "p99",
                      "server CPU (cores)", "CPU per request", "peak RSS", "errors"], body)


def micro_order(name):
    routes = re.match(r"resolve on (\d+) routes", name)
    return (1, int(routes.group(1)), name) if routes else (0 if name.startswith("resolve") else 2, 0, name)


def micro_table(measurements):
    micro, note = part(measurements, "micro")
    if note:
        return note
    body = []
    for name in sorted(micro["benchmarks"], key=micro_order):
        entry = micro["benchmarks"][name]
        time_ns, mallocs = entry["time_ns"], entry.get("mallocs")
        body.append([name, f"{time_ns / 1000:.2f} µs" if time_ns >= 10_000 else f"{time_ns:.0f} ns",
                     "–" if mallocs is None else f"{mallocs:.0f}"])
    text = fmt.table(["benchmark", "p50 wall clock per operation", "p50 mallocs per operation"], body)
    return "\n\n".join([text] + [f"> {note_line}" for note_line in micro.get("notes", [])])


def scale_table(measurements):
    scale, note = part(measurements, "table_scale")
    if note:
        return note
    body = []
    for row in scale["rows"]:
        if "error" in row:
            body.append([f"{row['routes']:,}", f"failed: {fmt.cell(row['error'])}", "", ""])
        else:
            body.append([f"{row['routes']:,}", f"{row['check'] * 1000:.0f} ms", f"{row['check_cpu'] * 1000:.0f} ms",
                         f"{row['start'] * 1000:.0f} ms"])
    return fmt.table(["routes", "check", "check, CPU time", "start to first 200"], body,
                     {0: "right", 1: "right", 2: "right", 3: "right"})
