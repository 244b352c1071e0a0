"""docs/architecture.md names every module of Package.swift, and only those: its module table is the list a
newcomer reads first, so a target added or removed without it fails here."""

import json
import os
import re
import subprocess

from conftest import ROOT


def documented_modules():
    """The backticked names in the first column of the module table (`| module | holds | may import |`)."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text.split("| module | holds | may import |", 1)[1].split("\n\n", 1)[0]
    names = set()
    for row in table.splitlines()[2:]:
        first = row.split("|")[1]
        names |= set(re.findall(r"`([^`]+)`", first))
    return names


def package_targets():
    """Every target of the package as an app or `swift build` sees it (no development variable set), tests aside."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DEEPLINKD_")}
    completed = subprocess.run(["swift", "package", "--package-path", str(ROOT), "dump-package"], capture_output=True,
                               text=True, timeout=300, env=environment)
    assert completed.returncode == 0, completed.stderr
    return {target["name"] for target in json.loads(completed.stdout)["targets"] if target["type"] != "test"}


def test_the_module_table_names_exactly_the_targets_of_the_package():
    documented = documented_modules()
    targets = package_targets()
    assert not targets - documented, f"targets docs/architecture.md does not describe: {sorted(targets - documented)}"
    assert not documented - targets, f"modules docs/architecture.md names that are not targets: {sorted(documented - targets)}"


def test_the_module_table_is_read_as_a_table():
    assert {"DeepLinkRouting", "DeepLinkWire", "LinkDoctor", "StickerCodes", "DeepLinkRoutesPlugin"} <= documented_modules()
