"""The modules an app compiles (DeepLinkBytes, DeepLinkRouting) judged in an app's settings, as far as a Linux
toolchain can: type-checked in Swift 5 and Swift 6 language modes, with complete strict concurrency, the package's
upcoming features and warnings as errors; and read for standard-library API
newer than the platform floor the manifests claim (iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1).

There is no Apple SDK here, so availability itself is not checked by the compiler: the API list below names what the
floor does not have, each with the first OS that has it.
"""

import re
import subprocess

import pytest

from conftest import ROOT

APP_MODULES = ["DeepLinkBytes", "DeepLinkRouting"]
UPCOMING = ["ExistentialAny", "MemberImportVisibility", "InternalImportsByDefault"]
# (pattern, what it is, the first iOS that has it): standard-library and _StringProcessing API newer than iOS 15.
NEWER_THAN_THE_FLOOR = [
    (r"\bimport\s+(?:Foundation|Synchronization|Dispatch)\b", "a module the routing core does not import", "-"),
    (r"\b(?:Mutex|Atomic|AtomicLazyReference)\s*<", "Synchronization's Mutex and Atomic", "18"),
    (r"\bString\s*\(\s*validating:", "String(validating:as:)", "18"),
    (r"\b(?:InlineArray|RawSpan|MutableSpan|UTF8Span|OutputSpan)\b|\bSpan\s*<", "InlineArray and the Span types", "26"),
    (r"\b(?:Duration|ContinuousClock|SuspendingClock)\b", "Duration and the clocks", "16"),
    (r"\bRegex\b|#/|\.(?:wholeMatch|prefixMatch|firstMatch)\(of:", "Regex", "16"),
    (r"\.(?:ranges|firstRange)\(of:|\.replacing\(|\.trimmingPrefix\(", "_StringProcessing's collection algorithms", "16"),
    (r"\.contains\(\"[^\"\\]{2,}\"\)", "Collection.contains(_:) with a collection (a string of several characters)", "16"),
    (r"\.split\(separator:\s*\"[^\"\\]{2,}\"", "split(separator:) with a collection", "16"),
]


def sources(module):
    return sorted((ROOT / "Sources" / module).rglob("*.swift"))


@pytest.mark.parametrize("module", APP_MODULES)
def test_the_apps_modules_use_nothing_newer_than_the_floor(module):
    problems = []
    for path in sources(module):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            code = line.split("//", 1)[0]
            for pattern, what, version in NEWER_THAN_THE_FLOOR:
                if re.search(pattern, code):
                    problems.append(f"{path.relative_to(ROOT)}:{number}: {what} (iOS {version}): {line.strip()}")
    assert not problems, "\n".join(problems)


def test_the_floor_check_finds_what_it_looks_for():
    """The patterns match the API they name (the check above would pass vacuously otherwise)."""
    samples = ["import Foundation", "let lock = Mutex<Int>(0)", 'String(validating: bytes, as: UTF8.self)',
               "var a: InlineArray<4, UInt8>", "let d: Duration = .seconds(1)", "let r = #/a+/#",
               'text.ranges(of: "ab")', 'text.contains("ab")', 'text.split(separator: "ab")']
    for sample, (pattern, what, _) in zip(samples, NEWER_THAN_THE_FLOOR):
        assert re.search(pattern, sample), what
    assert not any(re.search(pattern, 'host.split(separator: ".")') for pattern, _, _ in NEWER_THAN_THE_FLOOR)


# Default MainActor isolation is a setting of the module it is set on: an app's own module (where the generated file
# is compiled, and tested so by the generator's tests), never the package's modules, which build with this package's
# settings whatever the app's are. So it is not one of these.
SETTINGS = {
    "swift 5": ["-swift-version", "5"],
    "swift 6": ["-swift-version", "6"],
}


@pytest.mark.timeout(600)
@pytest.mark.parametrize("setting", SETTINGS)
def test_the_apps_modules_type_check_with_no_warning(setting, tmp_path):
    flags = [*SETTINGS[setting], "-strict-concurrency=complete", "-warnings-as-errors", "-package-name", "deeplinkd",
             "-parse-as-library", "-I", str(tmp_path)]
    for feature in UPCOMING:
        flags += ["-enable-upcoming-feature", feature]
    for module in APP_MODULES:
        command = ["swiftc", "-emit-module", "-module-name", module, "-emit-module-path", str(tmp_path / f"{module}.swiftmodule"),
                   *flags, *map(str, sources(module))]
        completed = subprocess.run(command, capture_output=True, text=True, timeout=600)
        assert completed.returncode == 0, f"{module} ({setting}):\n{completed.stderr[-4000:]}"
