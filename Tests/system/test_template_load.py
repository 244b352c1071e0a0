"""Loading templates takes time linear in their size. `deeplinkd check --public` loads (parses, checks and renders
once) a landing template of 64 KiB and of 256 KiB, the largest allowed, each dense with tags, and the CPU time of the
process is measured (the least of three runs, so a busy machine does not count): four times the text must cost
about four times the work, far from the sixteen times a parse quadratic in tags costs (swift-mustache's, which took
9.7 s for 256 KiB). The figures are printed for docs/reliability.md.
"""

import os
import resource
import shutil
import subprocess

import pytest

from conftest import DEFAULT_CONFIG, ROOT

LIMIT = 256 * 1024
SHAPES = {
    "variables": "<p>{{appName}}</p>\n",
    "dense": "{{appName}}",
    "sections": "{{#lang}}<b>{{values.id}}</b>{{/lang}}\n",
    "standalone": "  {{#isSecret}}\n  x\n  {{/isSecret}}\n",
}


def site_with(directory, unit, size):
    """A copy of Public whose charger page overrides the layout's content with `unit` repeated to `size` bytes."""
    public = directory / "Public"
    shutil.copytree(ROOT / "Public", public)
    head, tail = "{{<layout}}{{$content}}\n", "{{/content}}{{/layout}}\n"
    text = head + unit * ((size - len(head) - len(tail)) // len(unit)) + tail
    assert len(text.encode()) <= LIMIT
    (public / "templates" / "charger.mustache").write_text(text, encoding="utf-8")
    return public


def check_cpu_seconds(binary, public):
    """The CPU time (user and system) of one `deeplinkd check --public`, which must pass."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run([str(binary), "check", "--config", str(DEFAULT_CONFIG), "--public", str(public)],
                            capture_output=True, text=True, timeout=120)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert result.returncode == 0, result.stdout + result.stderr
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


@pytest.mark.parametrize("shape", SHAPES)
def test_a_256_kib_template_loads_in_time_linear_in_its_size(binary, tmp_path, shape):
    costs = {}
    for size in (LIMIT // 4, LIMIT):
        public = site_with(tmp_path / str(size), SHAPES[shape], size)
        costs[size] = min(check_cpu_seconds(binary, public) for _ in range(3))
    empty = tmp_path / "empty"
    shutil.copytree(ROOT / "Public", empty / "Public")
    baseline = min(check_cpu_seconds(binary, empty / "Public") for _ in range(3))
    small, large = (max(0.001, costs[size] - baseline) for size in (LIMIT // 4, LIMIT))
    print(f"{shape}: check with a 64 KiB page {costs[LIMIT // 4]:.3f} s CPU, with 256 KiB {costs[LIMIT]:.3f} s, "
          f"the shipped pages {baseline:.3f} s; the template's own share grows {large / small:.1f}x for 4x the text")
    assert costs[LIMIT] < 2.0, f"a 256 KiB template took {costs[LIMIT]:.2f} s of CPU to load"
    assert large / small < 8, f"4x the text cost {large / small:.1f}x the work: loading is no longer linear"
