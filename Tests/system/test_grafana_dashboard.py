"""deploy/grafana/deeplinkd-dashboard.json: every series its queries read is one the server exposes, with the
labels the queries group by, so the dashboard does not silently draw nothing after a metric is renamed."""

import json
import re
import urllib.request

from conftest import ROOT

DASHBOARD = ROOT / "deploy" / "grafana" / "deeplinkd-dashboard.json"


def test_every_metric_and_label_the_dashboard_reads_is_exposed(server):
    # One landing page and one resolve, so the per-route series exist.
    for target in ["/c/CH-42", "/resolve?url=https%3A%2F%2Flinks.example.com%2Fc%2FCH-42"]:
        with urllib.request.urlopen(server.base + target, timeout=10) as answer:
            assert answer.status == 200
    with urllib.request.urlopen(server.base + "/metrics", timeout=10) as answer:
        exposition = answer.read().decode()
    labels = {}  # metric name (as sampled) -> the label names it has
    for line in exposition.splitlines():
        match = re.match(r"(deeplinkd_\w+)(?:\{(.*)\})? ", line)
        if match:
            labels.setdefault(match.group(1), set()).update(re.findall(r'(\w+)="', match.group(2) or ""))
    dashboard = json.loads(DASHBOARD.read_text(encoding="utf-8"))
    expressions = [target["expr"] for panel in dashboard["panels"] for target in panel["targets"]]
    assert len(expressions) >= 8
    for expression in expressions:
        for metric in re.findall(r"deeplinkd_\w+", expression):
            assert metric in labels, f"{metric} (in {expression!r}) is not in /metrics"
            grouped = re.findall(r"by \(([^)]*)\)", expression)
            used = {name.strip() for group in grouped for name in group.split(",")} - {"le"}
            assert used <= labels[metric], f"{expression!r} groups by {used - labels[metric]}, which {metric} lacks"
    assert any("deeplinkd_link_opens_total" in e for e in expressions)
    assert any("deeplinkd_resolves_total" in e for e in expressions)
