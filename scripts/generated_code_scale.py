#!/usr/bin/env python3
"""How the Swift `deeplinkd generate swift` writes grows with the route table: for tables of 100, 500 and 2,000
routes (the mixed shapes of scripts/bench/scale.py), the seconds and the peak memory of type-checking the generated
file (swiftc's frontend, one process, against the DeepLinkRouting module of .build/debug), each as a ratio to the
100-route table's; with --release, also of compiling it as an app's release build does (-O, whole module).

The budget: 2,000 routes type-check in under 30 s and 1 GiB on this machine; Tests/GeneratedCode/
test_generated_scale.py asserts the memory in `make test`. Python 3 standard library only.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench.scale import table  # noqa: E402

REPOSITORY = Path(__file__).resolve().parents[1]
SIZES = (100, 500, 2000)


def measured(command):
    """Runs `command`; its wall-clock seconds and peak resident memory in MiB (wait4's, for that one process)."""
    started = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.monotonic() - started
    errors = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{command[0]} failed: {errors[:500]}")
    return elapsed, usage.ru_maxrss / 1024


def generated(binary, directory, size):
    """The Swift generated from a table of `size` routes, written in `directory`."""
    config = Path(directory) / f"routes-{size}.yaml"
    config.write_text(table(size))
    output = Path(directory) / f"routes-{size}.swift"
    subprocess.run([str(binary), "generate", "swift", "--config", str(config), "--output", str(output)], check=True,
                   capture_output=True, timeout=300)
    return output


def type_check(source, modules):
    """Seconds and MiB of type-checking `source` in one swiftc frontend process."""
    return measured(["swiftc", "-frontend", "-typecheck", "-parse-as-library", "-module-name", "AppRoutes", "-I", str(modules),
                     str(source)])


def release_compile(source, modules, directory):
    """Seconds and MiB of compiling `source` with -O as one module (the driver and its frontend)."""
    return measured(["swiftc", "-O", "-wmo", "-parse-as-library", "-module-name", "AppRoutes", "-I", str(modules), "-c",
                     str(source), "-o", str(Path(directory) / "routes.o")])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=str(REPOSITORY / ".build" / "debug" / "deeplinkd"))
    parser.add_argument("--modules", default=str(REPOSITORY / ".build" / "debug" / "Modules"))
    parser.add_argument("--release", action="store_true", help="also time an -O whole-module compile (minutes)")
    arguments = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(prefix="deeplinkd-generated-scale-") as directory:
        for size in SIZES:
            source = generated(arguments.binary, directory, size)
            row = {"size": size, "lines": len(source.read_text().splitlines()), "check": type_check(source, arguments.modules)}
            if arguments.release:
                row["release"] = release_compile(source, arguments.modules, directory)
            rows.append(row)
    reference = rows[0]
    print(f"{'routes':>7} {'lines':>7} {'type-check s':>13} {'ratio':>6} {'MiB':>6} {'ratio':>6}"
          + ("   release s  ratio    MiB  ratio" if arguments.release else ""))
    for row in rows:
        seconds, mebibytes = row["check"]
        line = (f"{row['size']:>7} {row['lines']:>7} {seconds:>13.2f} {seconds / reference['check'][0]:>6.1f} {mebibytes:>6.0f}"
                f" {mebibytes / reference['check'][1]:>6.2f}")
        if arguments.release:
            release_seconds, release_mebibytes = row["release"]
            line += (f" {release_seconds:>11.1f} {release_seconds / reference['release'][0]:>6.1f} {release_mebibytes:>6.0f}"
                     f" {release_mebibytes / reference['release'][1]:>6.2f}")
        print(line)
    seconds, mebibytes = rows[-1]["check"]
    verdict = "within" if seconds < 30 and mebibytes < 1024 else "OVER"
    print(f"{SIZES[-1]} routes: {seconds:.1f} s and {mebibytes:.0f} MiB to type-check, {verdict} the budget of 30 s and 1 GiB")


if __name__ == "__main__":
    main()
