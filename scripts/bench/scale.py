"""How `deeplinkd check` and start-up grow with the route table: for tables of 1,000, 10,000 and 20,000 distinct
routes, the time `deeplinkd check` takes and the time from starting `deeplinkd serve` to its first 200 on /healthz.

The generated table mixes the shapes of a real one: literal paths, parameters with a prefix, required query
parameters, routes scoped to one domain or scheme. Its first 300 routes open on the https domains (the AASA of more
would pass Apple's 128 KB limit, which check refuses); the rest open on the custom schemes only.
"""

import os
import resource
import statistics
import subprocess
import tempfile
import time

from bench import REPOSITORY
from bench.servers import free_port, seconds_to_first_healthy
SIZES = (1000, 10000, 20000)
UNIVERSAL_ROUTES = 300


def table(count):
    """The YAML of a table of `count` distinct routes that passes `deeplinkd check`."""
    lines = ["app:", "  name: Scale", "  appIDs: [ABCDE12345.com.example.scale]",
             "domains: [links.example.com, other.example.com]", "schemes: [scale, other]", "routes:"]
    for number in range(count):
        scopes = ["universal", "app"] if number < UNIVERSAL_ROUTES else ["app"]
        shape = number % 4
        lines.append(f"  - name: r{number}")
        if shape == 0:
            lines += [f"    path: r{number}/$(id)", "    params:", '      id: {charset: "A-Za-z0-9", min: 1, max: 64}']
        elif shape == 1:
            lines += [f"    path: p/{number}", "    landing: charger"]
        elif shape == 2:
            lines += [f"    path: q{number}/$(a)/x-$(b)", "    params:", '      a: {charset: "a-z"}',
                      '      b: {charset: "0-9"}',
                      '      code: {charset: "a-z", required: true}']
        else:
            scopes = ["universal:other.example.com", "app:other"] if number < UNIVERSAL_ROUTES else ["app:other"]
            lines += [f"    path: s/{number}/$(id)", "    params:", '      id: {charset: "0-9"}']
        lines += [f"    scopes: [{', '.join(scopes)}]", f"    notification: n{number}"]
    return "\n".join(lines) + "\n"


def time_check(binary, config):
    """Wall-clock and CPU (user + system) seconds of one `deeplinkd check`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    begun = time.monotonic()
    result = subprocess.run([binary, "check", "--config", config], cwd=REPOSITORY, capture_output=True, text=True,
                            timeout=120)
    elapsed = time.monotonic() - begun
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise RuntimeError(f"check failed: {result.stderr.strip()[:300]}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def time_start(binary, config, timeout=120.0):
    """Seconds from starting `serve` with `config` to its first 200 on /healthz (polled every millisecond)."""
    port = free_port()
    command = [binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--config", config, "--public", "Public"]
    return seconds_to_first_healthy(command, port, timeout)


def measure(binary, sizes=SIZES, runs=3):
    """Per size, a row: the median seconds of `runs` checks (wall and CPU) and of `runs` starts, or an error."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="deeplinkd-table-scale-") as directory:
        for size in sizes:
            config = os.path.join(directory, f"routes-{size}.yaml")
            with open(config, "w") as output:
                output.write(table(size))
            try:
                checks = [time_check(binary, config) for _ in range(runs)]
                starts = [time_start(binary, config) for _ in range(runs)]
                rows.append({"routes": size, "check": statistics.median(wall for wall, _ in checks),
                             "check_cpu": statistics.median(cpu for _, cpu in checks),
                             "start": statistics.median(starts)})
            except (RuntimeError, OSError, subprocess.TimeoutExpired) as error:
                rows.append({"routes": size, "error": str(error)})
    return {"runs": runs, "rows": rows}
