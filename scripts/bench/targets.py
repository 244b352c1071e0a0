"""The targets and their verdicts, worked out from the measurements: each case's ratio to nginx in each load shape
(bounded where wrk was the limit), the load generator's own use, user time against nginx's, the TLS connection's
cost against GnuTLS alone, memory, start-up, table scale and the routing micro-benchmarks."""

from bench import app
from bench import formatting as fmt
from bench.cases import CASES, CERTIFICATES, HTTP_CASES
from bench.measures import CAPPED_LOAD, MIB, bound, combine, is_capped, judge

SHAPE_ORDER = ("serial", "pipelined")


def pinned_rows(measurements):
    pinned = measurements.get("pinned") or {}
    return pinned.get("rows", [])


def pinned_row(measurements, case, certificate, shape, server):
    """The pinned row of `server` in `case` with `certificate` and `shape` at the first connection count, or None."""
    for row in pinned_rows(measurements):
        if (row["case"], row["certificate"], row["shape"], row["server"]) == (case, certificate, shape, server):
            return row
    return None


def ratio_of(measurements, case, certificate, shape, server="deeplinkd"):
    """(ratio, kind, verdict) of `server` against nginx: kind is what the ratio bounds (see measures.bound), the
    verdict is against the case's target; None when not measured."""
    ours = pinned_row(measurements, case, certificate, shape, server)
    theirs = pinned_row(measurements, case, certificate, shape, "nginx")
    if ours is None or theirs is None or ours["ratio"] is None:
        return None
    kind = bound(ours["summary"], theirs["summary"])
    return ours["ratio"], kind, judge(ours["ratio"], kind, CASES[case].target)


def shapes_of(measurements, case, certificate):
    """The load shapes the case was measured in, serial first."""
    found = {row["shape"] for row in pinned_rows(measurements)
             if row["case"] == case and row["certificate"] == certificate}
    return [shape for shape in SHAPE_ORDER if shape in found]


def case_target(measurements, title, cases, minimum, certificate=None):
    """A target row over cases: each case's ratio in each shape, and the verdict: not met if a case's is, met if
    every case's is; a case's verdict is its serial shape's, or its pipelined shape's where wrk capped the serial
    one (measures.combine)."""
    parts, verdicts = [], []
    for case in cases:
        case_verdicts = []
        for shape in shapes_of(measurements, case, certificate):
            found = ratio_of(measurements, case, certificate, shape)
            if found is None:
                continue
            value, kind, result = found
            label = CASES[case].title + ("" if CASES[case].connection_per_request else f", {shape}")
            parts.append(f"{label} {fmt.ratio(value, kind)}")
            case_verdicts.append(result)
        verdicts.append(combine(case_verdicts))
    if not parts:
        return (title, "not measured", None)
    measured = [verdict for verdict in verdicts if verdict is not None]
    if "not met" in measured:
        verdict = "not met"
    elif measured and all(verdict == "met" for verdict in measured):
        verdict = "met"
    else:
        verdict = "undecided"
    return (title, "; ".join(parts), verdict)


def load_generator_target(measurements):
    """The load generator is not the limit: every keep-alive case has a shape in which wrk's core stays under
    CAPPED_LOAD for both servers."""
    keep_alive = sorted({(row["case"], row["certificate"]) for row in pinned_rows(measurements)
                         if not CASES[row["case"]].connection_per_request}, key=lambda key: (key[1] or "", key[0]))
    title = f"wrk not the limit: each keep-alive case has a load shape with wrk's core ≤ {CAPPED_LOAD:.2f}"
    if not keep_alive:
        return (title, "not measured", None)
    capped = []
    for case, certificate in keep_alive:
        free = [shape for shape in shapes_of(measurements, case, certificate)
                if not any(is_capped(row["summary"]) or row["summary"] is None
                           for row in (pinned_row(measurements, case, certificate, shape, server)
                                       for server in ("deeplinkd", "nginx")) if row is not None)]
        if not free:
            capped.append(CASES[case].title + (f" ({CERTIFICATES[certificate]})" if certificate else ""))
    busiest = {shape: max((row["summary"]["load_cores"] for row in pinned_rows(measurements)
                           if row["shape"] == shape and row["summary"]
                           and not CASES[row["case"]].connection_per_request), default=None)
               for shape in SHAPE_ORDER}
    measured = ", ".join(f"wrk's core at most {value:.2f} {shape}" for shape, value in busiest.items()
                         if value is not None)
    if capped:
        measured += f"; capped in every shape: {', '.join(capped)}"
    return (title, measured, "not met" if capped else "met")


def user_time_target(measurements):
    """deeplinkd's user time per request at or below nginx's in every plain-HTTP case (serial shape)."""
    title = "user CPU per request ≤ nginx's, every plain-HTTP case (serial)"
    above, measured_any = [], False
    for case in HTTP_CASES:
        ours = pinned_row(measurements, case, None, "serial", "deeplinkd")
        theirs = pinned_row(measurements, case, None, "serial", "nginx")
        if not (ours and theirs and ours["summary"] and theirs["summary"]):
            continue
        measured_any = True
        mine, reference = ours["summary"]["user_us_per_request"], theirs["summary"]["user_us_per_request"]
        if mine > reference:
            above.append(f"{CASES[case].title} {mine:.1f} vs {reference:.1f} µs")
    if not measured_any:
        return (title, "not measured", None)
    return (title, "above in " + ", ".join(above) if above else "at or below in every case",
            "not met" if above else "met")


def gnutls_targets(measurements):
    """CPU per connection (pinned) and instructions per connection (callgrind) within 5 % of gnutls-serv's."""
    rows = []
    for certificate, name in CERTIFICATES.items():
        for case in ("https-full", "https-resumed"):
            ours = pinned_row(measurements, case, certificate, "serial", "deeplinkd")
            theirs = pinned_row(measurements, case, certificate, "serial", "gnutls-serv")
            if ours and theirs and ours["summary"] and theirs["summary"]:
                mine, reference = ours["summary"]["cpu_us_per_request"], theirs["summary"]["cpu_us_per_request"]
                rows.append((f"CPU per connection within 5 % of `gnutls-serv` ({CASES[case].title}, {name})",
                             f"{mine:.0f} µs vs {reference:.0f} µs ({fmt.factor(mine / reference)})",
                             "met" if mine / reference <= 1.05 else "not met"))
    counts = measurements.get("counts") or {}
    for case in ("https-full", "https-resumed"):
        ours, theirs = counts.get("deeplinkd", {}).get(case, {}), counts.get("gnutls-serv", {}).get(case, {})
        if "instructions" in ours and "instructions" in theirs:
            value = ours["instructions"] / theirs["instructions"]
            rows.append((f"instructions per connection within 5 % of `gnutls-serv` ({CASES[case].title}, "
                         "callgrind, ECDSA P-256)",
                         f"{ours['instructions'] / 1e6:.2f}M vs {theirs['instructions'] / 1e6:.2f}M "
                         f"({fmt.factor(value)})", "met" if value <= 1.05 else "not met"))
    return rows


def limit_row(title, value, limit, text):
    return (title, text(value) if value is not None else "not measured",
            None if value is None else ("met" if value <= limit else "not met"))


def resource_targets(measurements):
    """Table scale, memory and start-up."""
    rows = []
    largest = next((row for row in (measurements.get("table_scale") or {}).get("rows", [])
                    if row["routes"] == 20000 and "error" not in row), None)
    rows.append(limit_row("20,000-route table: check < 1 s", largest and largest["check"], 1.0,
                          lambda value: f"{value * 1000:.0f} ms"))
    rows.append(limit_row("20,000-route table: start to first 200 < 1 s", largest and largest["start"], 1.0,
                          lambda value: f"{value * 1000:.0f} ms"))
    memory = measurements.get("memory") or {}
    rows.append(limit_row("idle RSS ≤ 14 MiB", memory.get("idle_rss"), 14 * MIB, fmt.mib))
    rows.append(limit_row("RSS under 256 connections ≤ 30 MiB", memory.get("rss_under_256"), 30 * MIB, fmt.mib))
    start = (measurements.get("start") or {}).get("median")
    rows.append(limit_row("start to first 200 ≤ 50 ms", start, 0.050, lambda value: f"{value * 1000:.1f} ms"))
    return rows


def micro_targets(measurements):
    micro = (measurements.get("micro") or {}).get("benchmarks", {})
    defaults = {name: entry for name, entry in micro.items()
                if name.startswith("resolve") and "(default table)" in name}
    rows = []
    if defaults:
        slowest_name, slowest = max(defaults.items(), key=lambda item: item[1]["time_ns"])
        fastest = min(entry["time_ns"] for entry in defaults.values())
        most = max(entry.get("mallocs", 0) for entry in defaults.values())
        rows.append(("resolve on the default table ≤ 1 µs per URL",
                     f"{fastest:.0f}–{slowest['time_ns']:.0f} ns (slowest: "
                     f"{slowest_name.replace(' (default table)', '')})",
                     "met" if slowest["time_ns"] <= 1000 else "not met"))
        rows.append(("resolve on the default table ≤ 2 allocations", f"{most:.0f} at most",
                     "met" if most <= 2 else "not met"))
    else:
        rows.append(("resolve on the default table ≤ 1 µs per URL and ≤ 2 allocations", "not measured", None))
    small, large = micro.get("resolve on 4 routes"), micro.get("resolve on 10000 routes")
    if small and large:
        value = large["time_ns"] / small["time_ns"]
        rows.append(("resolve with 10,000 routes ≤ 3× the time with 4 routes",
                     f"{value:.2f}× ({large['time_ns']:.0f} vs {small['time_ns']:.0f} ns)",
                     "met" if value <= 3 else "not met"))
    else:
        rows.append(("resolve with 10,000 routes ≤ 3× the time with 4 routes", "not measured", None))
    return rows


def targets(measurements):
    """(target, measured, verdict) rows; verdict is "met", "not met", "undecided" or None (not measured)."""
    rows = [case_target(measurements, "AASA ≥ 1.5× nginx", ["aasa"], 1.5),
            case_target(measurements, "`/resolve` and landing, cached, ≥ 1.3× nginx", ["resolve", "landing"], 1.3),
            case_target(measurements, "`/resolve` and landing, distinct URLs, ≥ 1.0× nginx serving a file",
                        ["resolve-many", "landing-many"], 1.0),
            user_time_target(measurements),
            load_generator_target(measurements)]
    for certificate, name in CERTIFICATES.items():
        rows.append(case_target(measurements, f"HTTPS keep-alive ≥ 1.2× nginx ({name})", ["https-keepalive"], 1.2,
                                certificate))
        rows.append(case_target(measurements, f"HTTPS, a new connection per request, ≥ 1.0× nginx ({name})",
                                ["https-resumed", "https-full"], 1.0, certificate))
    return (rows + gnutls_targets(measurements) + resource_targets(measurements) + micro_targets(measurements)
            + app.targets(measurements))
