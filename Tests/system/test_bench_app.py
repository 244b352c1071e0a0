"""The bench's app side (scripts/bench/app.py): its targets and table from measurements, its corpora, and its whole
pipeline in quick mode (the generated Swift of two tables and the hand-written reference compiled with swiftc -O, the
corpora checked, first use and parse timed, allocations counted), with no assertion on how fast anything is."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from bench import app, app_corpus, options, report, targets  # noqa: E402


def parse_result(generated, reference=None):
    """A measured table's parse figures: ns per URL (matching, not matching, all) and allocations per URL."""
    def entry(figures):
        matching, non_matching, everything = figures
        return {"matching": matching, "non-matching": non_matching, "all": everything,
                "allocations": {"matching": 1.5, "non-matching": 4.0}}
    parsers = {"generated": entry(generated)}
    if reference:
        parsers["hand-written"] = entry(reference)
    ratio = generated[2] / reference[2] if reference else None
    return {"urls": {"matching": 11, "non-matching": 13}, "rounds": 3, "parsers": parsers,
            "ratios": [ratio] * 3 if ratio else None, "ratio": ratio}


def measured(default_first_use=0.0006, largest_first_use=0.030, generated=(900, 700, 790),
             reference=(3000, 1500, 2190)):
    def row(name, first_use, parse):
        return {"table": name, "corpus": {"urls": 24, "matching": 11, "problems": []},
                "first_use": {"first": [first_use] * 5, "median": first_use, "second": 2.5e-6, "to_main": 0.004},
                "parse": parse}
    return {"app": {"processes": 5, "rounds": 3, "sample_ms": 100, "swift_flags": "-O -wmo", "tables": [
        row("default", default_first_use, parse_result(generated, reference)),
        row("2000", largest_first_use, parse_result((1500, 1100, 1300)))]}}


def app_rows(measurements):
    return [row for row in targets.targets(measurements) if row[0].startswith("generated Swift")]


def test_the_app_targets_are_met_within_their_bounds():
    assert app_rows(measured()) == [
        ("generated Swift, first use < 1 ms (default (5 routes))",
         "600 µs (main to the first link, median of 5 processes)", "met"),
        ("generated Swift, first use < 50 ms (2,000 routes)",
         "30 ms (main to the first link, median of 5 processes)", "met"),
        ("generated Swift, parse within 2× the hand-written `switch` (default table)",
         "0.36× (790 vs 2190 ns per URL)", "met")]


def test_the_app_targets_are_not_met_beyond_their_bounds():
    verdicts = [verdict for _, _, verdict in app_rows(measured(0.0012, 0.085, (5000, 4000, 4500), (2000, 2000, 2000)))]
    assert verdicts == ["not met", "not met", "not met"]
    assert app_rows(measured(0.0012))[0][1] == "1.20 ms (main to the first link, median of 5 processes)"


def test_an_app_side_not_run_or_failed_says_so():
    assert [row[1:] for row in app_rows({})] == [("not measured", None)] * 3
    assert app.table({}) == "Not run this time (`--only app`, or every part; `--no-app` leaves it out)."
    assert app.table({"app": {"error": "RuntimeError: swiftc failed"}}) == "Not measured: RuntimeError: swiftc failed"


def test_the_app_table_gives_both_parsers_of_the_default_table_and_the_generated_one_of_the_others():
    text = report.render({**measured(), "settings": {"parts": ["app"]}}, "## What bounds the figures, and what is left\n")
    assert ("| default (5 routes) | generated | 11 + 13 | 600 µs | 2 µs | 4 ms | 900 ns | 700 ns | 790 ns | 1.5 | 4.0 | "
            "0.36× | 0.36, 0.36, 0.36 |") in text
    assert "| default (5 routes) | hand-written `switch` | 11 + 13 | – | – | – | 3000 ns | 1500 ns | 2190 ns |" in text
    assert "| 2,000 routes | generated | 11 + 13 | 30 ms |" in text
    assert "this part's run:\n5 processes for first use, 3 rounds of samples of at least 100 ms, `swiftc -O -wmo`." in text


def test_each_generated_corpus_names_routes_spread_over_the_table_with_a_miss_beside_each_link():
    corpus = app_corpus.scaled_table(2000)
    routes = [route for route, _ in corpus if route]
    assert routes[0] == "r0" and routes[-1] == "r1999" and len(routes) == 40
    assert len([route for route, _ in corpus if route is None]) == 40
    assert ("r205", "https://links.example.com/p/205") in corpus
    assert ("r1999", "other://s/1999/19997") in corpus
    assert (None, "https://links.example.com/q154/abc/x-154") in corpus


def test_quick_mode_measures_the_app_side_on_the_default_and_the_100_route_tables():
    chosen = options.parse(["--quick", "--only", "app"])
    assert chosen.parts == ["app"]
    assert chosen.app_tables == ["default", "100"]
    assert options.parse(["--only", "app"]).app_tables == ["default", "100", "500", "2000"]
    assert "app" not in options.parse(["--no-app"]).parts


@pytest.mark.parametrize("arguments", [["--app-tables", "default,many"], ["--app-rounds", "0"]])
def test_bad_app_options_are_refused(arguments, capsys):
    with pytest.raises(SystemExit):
        options.parse(arguments)
    assert "error:" in capsys.readouterr().err


@pytest.fixture(scope="module")
def quick_run(binary, tmp_path_factory):
    """`python3 scripts/bench --quick --only app` with the debug deeplinkd: its JSON, printed targets and log."""
    output = tmp_path_factory.mktemp("bench-app") / "performance.md"
    completed = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench"), "--quick", "--only", "app", "--binary",
                                str(binary), "--output", str(output)],
                               capture_output=True, text=True, timeout=1800, cwd=ROOT)
    assert completed.returncode == 0, completed.stderr[-3000:]
    with open(os.path.splitext(output)[0] + ".json") as file:
        return json.load(file), completed.stdout, completed.stderr, output.read_text()


def test_the_quick_app_run_checks_the_corpora_and_reports_every_figure(quick_run):
    measurements, printed, log, text = quick_run
    assert "error" not in measurements["app"], measurements["app"]
    default, hundred = measurements["app"]["tables"]
    assert (default["table"], hundred["table"]) == ("default", "100")
    assert default["corpus"] == {"urls": 24, "matching": 11, "problems": []}
    assert hundred["corpus"] == {"urls": 80, "matching": 40, "problems": []}
    assert "the corpus checked (24 URLs, 11 matching, the hand-written parser agreeing on every one)" in log
    assert set(default["parse"]["parsers"]) == {"generated", "hand-written"}
    assert set(hundred["parse"]["parsers"]) == {"generated"}
    for parsers in (default["parse"]["parsers"], hundred["parse"]["parsers"]):
        for entry in parsers.values():
            assert entry["all"] > 0 and set(entry["allocations"]) == {"matching", "non-matching"}
    assert default["parse"]["ratio"] > 0 and len(default["first_use"]["first"]) == 3
    for title in ("generated Swift, first use < 1 ms (default (5 routes))",
                  "generated Swift, parse within 2× the hand-written `switch` (default table)"):
        line = next(line for line in printed.splitlines() if title in line)
        assert line.split()[0] in ("met", "not")
    assert "| 100 routes | generated | 40 + 40 |" in text


def test_a_corpus_the_generated_parser_disagrees_with_fails_the_check(quick_run, tmp_path):
    corpus = tmp_path / "corpus.tsv"
    app_corpus.write([("charger", "https://links.example.com/c/CH-42"), ("userQrSignIn", "https://links.example.com/u/ab"),
                      (None, "https://links.example.com/c/CH-42")], corpus)
    driver = ROOT / ".build" / "app-bench" / "default" / "app-parse"
    with pytest.raises(RuntimeError) as failure:
        app.run_json([str(driver), "check", str(corpus)])
    message = str(failure.value)
    assert "https://links.example.com/u/ab: the generated parser says unmatched(" in message
    assert "the corpus userQrSignIn" in message
    assert "https://links.example.com/c/CH-42: the generated parser says link(charger(id: \"CH-42\")), the corpus no route" \
        in message
