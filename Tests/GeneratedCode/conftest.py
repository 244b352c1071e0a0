"""Fixtures of the generated-code tests: the Swift file `deeplinkd generate swift` writes, compiled with swiftc against
the DeepLinkRouting module `swift build` leaves in .build/debug/Modules, in the settings apps build with.

The tests build nothing of the package: `make generated-code-check` builds it first, and DEEPLINKD_BINARY may name
another deeplinkd (DEEPLINKD_MODULES another folder of built modules).
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "Fixtures"
DEFAULT_TABLE = ROOT / "config" / "deeplinkd.yaml"
EVERY_SHAPE_TABLE = ROOT / "Examples" / "ExpresScanApp" / "Sources" / "EveryShape" / "deeplinkd.yaml"

# The settings of item 2: each is what an app target may build with; all with warnings as errors.
MODES = {
    "swift5": ["-swift-version", "5"],
    "swift6": ["-swift-version", "6"],
    "upcoming": ["-swift-version", "6", "-enable-upcoming-feature", "InternalImportsByDefault", "-enable-upcoming-feature",
                 "MemberImportVisibility", "-enable-upcoming-feature", "ExistentialAny"],
    "main-actor": ["-swift-version", "6", "-default-isolation", "MainActor", "-enable-upcoming-feature",
                   "NonisolatedNonsendingByDefault", "-enable-upcoming-feature", "InferIsolatedConformances"],
}


def binary():
    path = Path(os.environ.get("DEEPLINKD_BINARY", ROOT / ".build" / "debug" / "deeplinkd"))
    if not path.is_file():
        pytest.fail(f"{path} is not built; run `swift build` first (make generated-code-check does)")
    return path


def modules():
    path = Path(os.environ.get("DEEPLINKD_MODULES", ROOT / ".build" / "debug" / "Modules"))
    if not (path / "DeepLinkRouting.swiftmodule").exists():
        pytest.fail(f"{path} holds no DeepLinkRouting.swiftmodule; run `swift build` first")
    return path


def swiftc():
    path = shutil.which("swiftc")
    if path is None:
        pytest.fail("swiftc is not on PATH")
    return path


def run(command, **kwargs):
    return subprocess.run([str(part) for part in command], capture_output=True, text=True, **kwargs)


def generate(table, output, *options):
    """`deeplinkd generate swift` of `table` into `output`; the standard error (its warnings) is returned."""
    result = run([binary(), "generate", "swift", "--config", table, "--output", output, *options])
    assert result.returncode == 0, f"generate swift failed:\n{result.stderr}"
    return result.stderr


def diagnostics(stderr):
    """The compiler's error and warning lines."""
    return [line for line in stderr.splitlines() if ": error: " in line or ": warning: " in line]


def compile_module(sources, directory, mode, module="AppRoutes", emit_module=True, extra=()):
    """Compiles `sources` as one module in `mode`, warnings as errors; returns the diagnostics (empty when clean)."""
    directory.mkdir(parents=True, exist_ok=True)
    command = [swiftc(), "-parse-as-library", "-warnings-as-errors", *MODES[mode], "-I", modules(), "-I", directory,
               "-module-name", module, "-c", *sources, "-o", directory / f"{module}.o", *extra]
    if emit_module:
        command += ["-emit-module", "-emit-module-path", directory / f"{module}.swiftmodule"]
    if len(sources) > 1:
        command[command.index("-o"):command.index("-o") + 2] = ["-wmo", "-o", directory / f"{module}.o"]
    result = run(command)
    found = diagnostics(result.stderr)
    if result.returncode != 0 and not found:
        found = [result.stderr.strip() or f"swiftc exited {result.returncode}"]
    return found


def caller_source(type_name="DeepLink", same_module=False):
    """The caller fixture for a generated type called `type_name`; for the same module, without its import."""
    text = (FIXTURES / "Caller.swift").read_text()
    if same_module:
        text = text.replace("import AppRoutes\n", "")
    return text.replace("DeepLink", type_name)


@pytest.fixture
def workspace(tmp_path):
    return tmp_path
