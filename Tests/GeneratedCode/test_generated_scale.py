"""A 2,000-route table generates Swift that type-checks within 1 GiB (the budget is also under 30 s on this machine;
memory is the assertion, since a loaded machine stretches seconds; scripts/generated_code_scale.py prints both for
100, 500 and 2,000 routes as ratios)."""

import sys

from conftest import ROOT, binary, modules

sys.path.insert(0, str(ROOT / "scripts"))
from generated_code_scale import generated, type_check  # noqa: E402

ROUTES = 2000
BUDGET_MIB = 1024


def test_a_table_of_2000_routes_type_checks_within_1_gib(tmp_path):
    source = generated(binary(), tmp_path, ROUTES)
    text = source.read_text()
    assert text.count("\n        {\"case\":") == ROUTES
    # The switches over the cases are split, so the compiler can check each.
    assert "    nonisolated static func parts1750(of link: DeepLink) -> Parts {" in text
    seconds, mebibytes = type_check(source, modules())
    print(f"{ROUTES} routes: type-checked in {seconds:.1f} s, {mebibytes:.0f} MiB at most")
    assert mebibytes < BUDGET_MIB
