#!/usr/bin/env python3
"""Times `deeplinkd qr --csv` on a batch of stickers (`make qr-bench`; the figure is in docs/performance.md).

Writes a CSV of N charger ids (CH-00001, ...), runs `deeplinkd qr charger --csv ... --output-dir ...` with the
default config for each format, ROUNDS times, and prints per format the median wall time, codes per second, the
peak RSS of the command and the bytes written; then reads a sample of the codes back with zbarimg (when it is
installed) to check that what was timed is right. Python 3 standard library only.
"""

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def run_batch(binary, csv, directory, fmt, size):
    """One batch into `directory` (new: removing 10,000 files just before would time the file system's clean-up):
    (wall seconds, user CPU seconds, system CPU seconds, peak RSS in KiB of any child so far)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        [binary, "qr", "charger", "--csv", csv, "--output-dir", directory, "--format", fmt, "--size", str(size)],
        check=True, stdout=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return seconds, after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime, after.ru_maxrss


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/release/deeplinkd")
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--size", type=int, default=512)
    arguments = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="deeplinkd-qr-bench-") as scratch:
        csv = os.path.join(scratch, "stickers.csv")
        with open(csv, "w", encoding="utf-8") as file:
            file.write("id\n" + "".join(f"CH-{row:05d}\n" for row in range(1, arguments.rows + 1)))
        print(f"{arguments.rows} rows, {arguments.rounds} rounds, {arguments.size} px, {os.cpu_count()} cores")
        for fmt in ("svg", "png"):
            directories = [os.path.join(scratch, f"{fmt}-{round}") for round in range(arguments.rounds)]
            runs = [run_batch(arguments.binary, csv, directory, fmt, arguments.size) for directory in directories]
            seconds = statistics.median(run[0] for run in runs)
            user = statistics.median(run[1] for run in runs)
            system = statistics.median(run[2] for run in runs)
            rss = max(run[3] for run in runs) / 1024
            directory = directories[-1]
            files = os.listdir(directory)
            codes = sum(1 for name in files if name.endswith("." + fmt))
            total = sum(os.path.getsize(os.path.join(directory, name)) for name in files)
            print(f"{fmt}: {codes} codes + sheet.html in {seconds:.2f} s median ({', '.join(f'{r[0]:.2f}' for r in runs)}; "
                  f"CPU {user:.2f} s user, {system:.2f} s system), {codes / seconds:,.0f} codes/s, "
                  f"peak RSS {rss:.1f} MiB, {total / 2**20:.1f} MiB written ({total / codes / 1024:.1f} KiB a code)")
            if codes != arguments.rows:
                sys.exit(f"expected {arguments.rows} {fmt} codes, found {codes}")
            for other in directories[:-1]:
                shutil.rmtree(other)
            if fmt == "png" and shutil.which("zbarimg"):
                sample = [f"CH-{row:05d}" for row in range(1, arguments.rows + 1, max(1, arguments.rows // 20))]
                for name in sample:
                    text = subprocess.run(["zbarimg", "--quiet", "--raw", os.path.join(directory, name + ".png")],
                                          check=True, capture_output=True, text=True).stdout.strip()
                    if text != f"https://links.example.com/c/{name}":
                        sys.exit(f"{name}.png decodes to {text!r}")
                print(f"png: {len(sample)} sampled codes read back by zbarimg, each its link")


if __name__ == "__main__":
    main()
