"""How figures are written in the report: units, ratios with their bounds, verdicts, table cells."""

from bench.measures import MIB

BOUND_SIGNS = {"exact": "", "at least": "≥ ", "at most": "≤ ", "neither": "≈ ", "starved": "~ "}


def latency(microseconds):
    """`662 µs`, `1.75 ms`; `–` for none, and for wrk's 0, which it reports for a percentile beyond what its
    histogram kept."""
    if not microseconds:
        return "–"
    return f"{microseconds / 1000:.2f} ms" if microseconds >= 1000 else f"{microseconds:.0f} µs"


def factor(value):
    """2 decimals, or 3 when 2 would hide which side of 1.00 it is on."""
    return f"{value:.3f}×" if value != 1 and f"{value:.2f}" == "1.00" else f"{value:.2f}×"


def ratio(value, kind="exact"):
    """A ratio with what it is: `1.20×`, a lower bound `≥ 1.20×`, an upper bound `≤ 0.69×`, `≈ 0.99×` when the
    load generator set both sides, `~ 0.26×` when other work on the machine held a server back; `–` without one."""
    return "–" if value is None else BOUND_SIGNS[kind] + factor(value)


def verdict(result):
    """met, **not met**, undecided, or – (not measured)."""
    return {None: "–", "not met": "**not met**"}.get(result, result)


def duration(seconds):
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} min"


def plural(count, noun):
    return f"{count} {noun}" + ("" if count == 1 else "s")


def rps(value):
    return f"{value / 1000:.1f}k" if value >= 1000 else f"{value:.0f}"


def rps_range(summary):
    """The median requests/s of a summary, with its range: `86.4k (84.1k–99.1k)`."""
    return f"{rps(summary['rps'])} ({rps(summary['rps_min'])}–{rps(summary['rps_max'])})"


def mib(value):
    return "–" if value is None else f"{value / MIB:.1f} MiB"


def microseconds(value):
    return "–" if value is None else f"{value:.1f} µs"


def cell(text, limit=300):
    """Text safe inside a markdown table cell."""
    text = str(text).replace("|", "/").replace("\n", " ")
    return text if len(text) <= limit else text[:limit] + "…"


def errors(summary):
    """The errors of a summary's runs, and the failed runs' reasons; `none` when there were none."""
    if summary is None:
        return "–"
    parts = [f"{count:,} {name.replace('_', ' ')}" for name, count in sorted(summary["errors"].items())]
    if summary["failures"]:
        parts.append(f"failed run(s): {cell('; '.join(summary['failures']), 200)}")
    return ", ".join(parts) if parts else "none"


def table(header, rows, align=None):
    """A markdown table: a header row, its rule (`---`, or `---:` where `align` has "right") and the rows."""
    rule = [("---:" if (align or {}).get(index) == "right" else "---") for index in range(len(header))]
    return "\n".join("| " + " | ".join(str(value) for value in row) + " |" for row in [header, rule] + rows)
