"""The routing core's micro-benchmarks (package-benchmark, in Benchmarks/, a target of the root package when
DEEPLINKD_BENCHMARKS is set): run, and read from its markdown output."""

import os
import re
import subprocess

from bench import REPOSITORY

# The benchmark target joins the root package only when DEEPLINKD_BENCHMARKS is set; it builds in a folder of its own.
ENVIRONMENT = {"DEEPLINKD_BENCHMARKS": "1"}
COMMAND = ["swift", "package", "--scratch-path", ".build-bench", "benchmark", "--target", "RoutingBenchmarks", "--no-progress",
           "--format", "markdown"]
UNIT_SCALE = {"ns": 1.0, "us": 1e3, "μs": 1e3, "ms": 1e6, "s": 1e9}
COUNT_SCALE = {"K": 1e3, "M": 1e6, "G": 1e9}
ESCAPE_SEQUENCE = re.compile(r"\x1b\[[0-9;]*m")


def run(timeout):
    """{"command", "benchmarks": {name: {"time_ns", "mallocs"}}, "notes": [...]} or {"error": ...}."""
    command_text = "DEEPLINKD_BENCHMARKS=1 " + " ".join(COMMAND)
    try:
        completed = subprocess.run(COMMAND, capture_output=True, text=True, timeout=timeout, cwd=REPOSITORY,
                                   env={**os.environ, **ENVIRONMENT})
    except subprocess.TimeoutExpired:
        return {"error": f"`{command_text}` did not finish within {timeout} s"}
    except OSError as error:
        return {"error": f"`{command_text}`: {error}"}
    benchmarks = parse(completed.stdout)
    if completed.returncode != 0 or not benchmarks:
        detail = (completed.stderr or completed.stdout).strip()[-500:].replace("\n", " | ")
        return {"error": f"`{command_text}` exited with status {completed.returncode}: {detail}"}
    return {"command": command_text, "benchmarks": benchmarks, "notes": notes(completed.stdout + completed.stderr)}


def notes(output):
    """package-benchmark's warnings and notes, without terminal colours."""
    lines = (ESCAPE_SEQUENCE.sub("", line).strip() for line in output.splitlines())
    return [line for line in lines if re.match(r"^\W*(Warning|Note)\b", line)]


def parse(output):
    """{name: {"time_ns": p50, "mallocs": p50}} from package-benchmark's markdown tables (one `### name` heading and
    a `| Metric | p0 | p25 | p50 | ...` table each); benchmarks without a wall-clock time are left out."""
    benchmarks = {}
    name = None
    header = None
    for line in output.splitlines():
        heading = re.match(r"^### (.+)$", line)
        if heading:
            name, header = heading.group(1).strip(), None
            continue
        if name is None or not line.startswith("|"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[0] == "Metric":
            header = cells
            continue
        if header is None or "p50" not in header or set(cells[0]) <= set(":-"):
            continue
        try:
            value = float(cells[header.index("p50")])
        except (ValueError, IndexError):
            continue
        metric = cells[0]
        entry = benchmarks.setdefault(name, {})
        time_unit = re.search(r"Time \(wall clock\) \((\w+)\)", metric)
        if time_unit:
            entry["time_ns"] = value * UNIT_SCALE.get(time_unit.group(1), float("nan"))
        elif metric.startswith("Malloc (total)"):
            count_scale = re.search(r"\((K|M|G)\)", metric)
            entry["mallocs"] = value * (COUNT_SCALE[count_scale.group(1)] if count_scale else 1)
    return {name: entry for name, entry in benchmarks.items() if "time_ns" in entry}
