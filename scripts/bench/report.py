"""docs/performance.md from the measurements: `template.md` filled in with string.Template, every figure and table
worked out here, the words in the template. The hand-written last section of the existing report is kept."""

import os
import string

from bench import PACKAGE, REPOSITORY
from bench import app
from bench import formatting as fmt
from bench import micro
from bench import tables
from bench.cases import CERTIFICATES, LANDING_IDS, RESOLVE_IDS
from bench.load import PIPELINE_DEPTH
from bench.options import estimated_seconds, parse
from bench.targets import pinned_row, ratio_of, targets

HAND_WRITTEN_HEADING = "## What bounds the figures, and what is left"
HAND_WRITTEN_PLACEHOLDER = "(written by hand after a quiet run)"
CANONICAL_REPORT = os.path.join(REPOSITORY, "docs", "performance.md")
format_duration = fmt.duration

__all__ = ["render", "hand_written_section", "targets", "format_duration"]


def hand_written_section(path):
    """The hand-written last section (to the end of the file) of the report at `path`, else of docs/performance.md,
    else a placeholder."""
    for candidate in (path, CANONICAL_REPORT):
        try:
            with open(candidate) as existing:
                text = existing.read()
        except OSError:
            continue
        start = text.find(HAND_WRITTEN_HEADING)
        if start >= 0:
            return text[start:].rstrip("\n") + "\n"
    return f"{HAND_WRITTEN_HEADING}\n\n{HAND_WRITTEN_PLACEHOLDER}\n"


def render(measurements, hand_written):
    """The report's text."""
    with open(os.path.join(PACKAGE, "template.md")) as file:
        template = string.Template(file.read())
    text = template.substitute(values(measurements), hand_written=hand_written.rstrip("\n"))
    return text.rstrip("\n") + "\n"


def values(measurements):
    """Every placeholder of the template but `hand_written`."""
    settings = measurements.get("settings", {})
    sizes = measurements.get("sizes", {})
    rounds = settings.get("rounds", 0)

    def listed(values_):
        return ", ".join(str(value) for value in values_) or "?"

    return {
        "run_note": run_note(measurements),
        "default_minutes": f"{estimated_seconds(parse(['--threading'])) / 60:.0f}",
        "cores": measurements.get("cores", "?"),
        "micro_command": (measurements.get("micro") or {}).get("command", " ".join(micro.COMMAND)),
        "machine": "\n".join(f"- {name}: {value}" for name, value in machine_lines(measurements)),
        "targets_table": tables.targets_table(targets(measurements)),
        "pinned_connections": listed(settings.get("pinned_connections", [])),
        "duration": settings.get("duration", "?"),
        "rounds_text": fmt.plural(rounds, "round"),
        "pipeline_depth": settings.get("pipeline_depth") or PIPELINE_DEPTH,
        "pinned_table": tables.pinned_table(measurements),
        "bounds_table": tables.bounds_table(measurements),
        "https_keepalive": https_keepalive(measurements),
        "rsa_full": full_handshake_ratio(measurements, "rsa"),
        "rsa_cause": rsa_cause(measurements),
        "ecdsa_full": connection_costs(measurements, "ecdsa"),
        "counts_batch": f"{(measurements.get('counts') or {}).get('batch', settings.get('counts', 0)):,}",
        "counts_table": tables.counts_table(measurements),
        "aasa_bytes": sizes.get("aasa", "?"),
        "landing_bytes": sizes.get("landing", "?"),
        "resolve_static_bytes": sizes.get("resolve_static", "?"),
        "resolve_bytes": listed(sizes.get("resolve", [])),
        "landing_many_bytes": listed(sizes.get("landing_many", [])),
        "resolve_ids": f"{RESOLVE_IDS:,}",
        "landing_ids": f"{LANDING_IDS:,}",
        "shared_table": tables.shared_table(measurements),
        "shared_rounds_table": tables.shared_rounds_table(measurements),
        "memory": tables.memory_list(measurements),
        "threading_rounds_text": fmt.plural((measurements.get("threading") or {}).get(
            "rounds", settings.get("threading_rounds", 0)), "round"),
        "threading_table": tables.threading_table(measurements),
        "micro_table": tables.micro_table(measurements),
        "scale_runs_text": fmt.plural((measurements.get("table_scale") or {}).get(
            "runs", settings.get("scale_runs", 0)), "run"),
        "scale_table": tables.scale_table(measurements),
        "app_table": app.table(measurements),
        "app_settings": app.settings_text(measurements),
    }


def run_note(measurements):
    settings = measurements.get("settings", {})
    parts = ", ".join(settings.get("parts", [])) or "none"
    text = (f"This run: {measurements.get('date', '?')}, {fmt.plural(settings.get('rounds', 0), 'round')} of "
            f"{settings.get('duration', '?')} s, parts {parts}; "
            f"it took {fmt.duration(measurements.get('elapsed', 0))}.")
    if "pinned" in settings.get("parts", []) and "pipelined" not in settings.get("shapes", []):
        text += " The pinned mode ran in the serial load shape only."
    if settings.get("quick"):
        text += (" **A quick run** (`--quick`): its figures show that the bench works, not what the server does; "
                 "they are not to replace a full run's.")
    return text


def machine_lines(measurements):
    settings = measurements.get("settings", {})
    lines = [("Date", measurements.get("date", "?")), ("Machine", measurements.get("machine", "?"))]
    lines += list(measurements.get("versions", {}).items())
    shapes = ", ".join(settings.get("shapes", []))
    if "pipelined" in settings.get("shapes", []):
        shapes += f" ({settings.get('pipeline_depth')} requests a write)"
    lines.append(("Settings", f"{fmt.plural(settings.get('rounds', 0), 'round')} of {settings.get('duration')} s, "
                  f"modes {', '.join(settings.get('modes', []))}, load shapes {shapes}, connections "
                  f"{', '.join(map(str, settings.get('pinned_connections', [])))} pinned and "
                  f"{', '.join(map(str, settings.get('connections', [])))} shared, cases "
                  f"{', '.join(settings.get('cases', []))}, certificates "
                  f"{', '.join(settings.get('certificates', []))}"))
    return lines


def https_keepalive(measurements):
    """The keep-alive ratio for each certificate and shape, with its verdict."""
    parts = []
    for certificate, name in CERTIFICATES.items():
        for shape in ("serial", "pipelined"):
            found = ratio_of(measurements, "https-keepalive", certificate, shape)
            if found:
                value, kind, result = found
                parts.append(f"{fmt.ratio(value, kind)} with {name}, {shape} ({fmt.verdict(result)})")
    return "; ".join(parts) if parts else "not measured in this run"


def full_handshake_ratio(measurements, certificate):
    found = ratio_of(measurements, "https-full", certificate, "serial")
    if not found:
        return "not measured in this run"
    value, kind, _ = found
    return f"{fmt.ratio(value, kind)} nginx's connections/s with {CERTIFICATES[certificate]}"


def cpu_per_connection(measurements, certificate, server):
    row = pinned_row(measurements, "https-full", certificate, "serial", server)
    return row["summary"]["cpu_us_per_request"] if row and row["summary"] else None


def connection_costs(measurements, certificate):
    """What a connection with a full handshake costs each server in CPU."""
    costs = [(server, cpu_per_connection(measurements, certificate, server))
             for server in ("deeplinkd", "gnutls-serv", "nginx")]
    if any(cost is None for _, cost in costs):
        return "not measured in this run"
    return ", ".join(f"{server} {cost / 1000:.2f} ms" for server, cost in costs) + " of CPU a connection"


def rsa_cause(measurements):
    """A connection with an RSA full handshake in GnuTLS alone and in deeplinkd, against OpenSSL in nginx."""
    deeplinkd, gnutls, nginx = (cpu_per_connection(measurements, "rsa", server)
                                for server in ("deeplinkd", "gnutls-serv", "nginx"))
    if None in (deeplinkd, gnutls, nginx):
        return "not measured in this run"
    return (f"a connection costs gnutls-serv {gnutls / 1000:.2f} ms of CPU and deeplinkd {deeplinkd / 1000:.2f} ms "
            f"({fmt.factor(deeplinkd / gnutls)} gnutls-serv's), against nginx's {nginx / 1000:.2f} ms: an RSA "
            f"handshake costs GnuTLS {gnutls / nginx:.1f} times what it costs OpenSSL")
