"""The app's half builds for iOS and macOS: the routing module, the association module and the Swift file
`deeplinkd generate swift` writes use nothing Linux-only.

The Linux toolchain here has no Apple SDK, so this reads the imports rather than compiling for iOS: a module that
imports only the standard library, Foundation and the project's own portable modules, each platform module inside
an `#if canImport(...)` of its own, compiles wherever Swift and Foundation do. An import of `Glibc` or
`FoundationNetworking` outside such a block would break the iOS build, and is what this test catches.
"""

import re
import subprocess
from pathlib import Path

import pytest

from conftest import DEFAULT_CONFIG, ROOT

PORTABLE_MODULES = ["DeepLinkBytes", "DeepLinkRouting", "DeepLinkAASA", "DeepLinkConfig", "DeepLinkSwiftGenerator", "DeepLinkKotlinGenerator", "GeneratedNames",
                    "ServerPlatform"]
# What portable code may import anywhere: the standard library's own modules, Foundation, Yams (which builds on Apple
# platforms) and the portable modules themselves.
ALLOWED = {"Foundation", "Yams", "Synchronization", *PORTABLE_MODULES}
# Platform modules, allowed only inside an `#if canImport(THAT MODULE)` block.
PLATFORM = {"Glibc", "Musl", "Darwin", "FoundationNetworking", "UIKit", "AppKit", "SwiftUI", "WinSDK", "Android"}


def unguarded_imports(text):
    """The (line number, module) of every import that the code's `#if canImport` blocks do not allow."""
    guards = []
    problems = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("#if "):
            guards.append(set(re.findall(r"canImport\((\w+)\)", stripped)))
        elif stripped.startswith("#elseif "):
            if guards:
                guards[-1] = set(re.findall(r"canImport\((\w+)\)", stripped))
        elif stripped.startswith("#else"):
            if guards:
                guards[-1] = set()
        elif stripped.startswith("#endif"):
            if guards:
                guards.pop()
        else:
            match = re.match(r"(?:@testable\s+|@preconcurrency\s+)?(?:public\s+|package\s+|internal\s+)?import\s+(?:\w+\s+)?(\w+)", stripped)
            if not match:
                continue
            module = match.group(1)
            guarded = any(module in guard for guard in guards)
            if module in PLATFORM and not guarded:
                problems.append((number, module))
            elif module not in ALLOWED and module not in PLATFORM:
                problems.append((number, module))
    return problems


@pytest.mark.parametrize("module", PORTABLE_MODULES)
def test_portable_modules_import_nothing_linux_only(module):
    sources = sorted((ROOT / "Sources" / module).rglob("*.swift"))
    assert sources, f"no sources for {module}"
    problems = [f"{path.relative_to(ROOT)}:{line}: import {name}" for path in sources
                for line, name in unguarded_imports(path.read_text(encoding="utf-8"))]
    assert not problems, "\n".join(problems)


def test_the_generated_file_imports_nothing_linux_only(binary, tmp_path):
    output = tmp_path / "DeepLinks.swift"
    subprocess.run([str(binary), "generate", "swift", "--config", str(DEFAULT_CONFIG), "--output", str(output)],
                   cwd=ROOT, check=True, capture_output=True, timeout=60)
    text = output.read_text(encoding="utf-8")
    assert "import DeepLinkRouting" in text
    assert unguarded_imports(text) == []


def test_the_example_app_guards_its_ui_frameworks():
    sources = sorted((ROOT / "Examples" / "ExpresScanApp" / "Sources").rglob("*.swift"))
    assert sources
    problems = [f"{path.relative_to(ROOT)}:{line}: import {name}" for path in sources
                for line, name in unguarded_imports(path.read_text(encoding="utf-8"))
                if name != "ExpresScanRoutes"]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("text, problems", [
    ("import Glibc\n", [(1, "Glibc")]),
    ("#if canImport(Glibc)\nimport Glibc\n#elseif canImport(Darwin)\nimport Darwin\n#endif\n", []),
    ("#if canImport(Darwin)\nimport Glibc\n#endif\n", [(2, "Glibc")]),
    ("#if canImport(UIKit)\n#else\nimport UIKit\n#endif\n", [(3, "UIKit")]),
    ("@preconcurrency import FoundationNetworking\n", [(1, "FoundationNetworking")]),
    ("import Foundation\nimport DeepLinkRouting\n", []),
    ("import CMicroHTTPD\n", [(1, "CMicroHTTPD")]),
])
def test_the_reader_of_imports(text, problems):
    assert unguarded_imports(text) == problems


# The server's modules: Linux only (TCP_CORK, sem_init, libmicrohttpd's build), so they say so by importing Glibc.
SERVER_MODULES = ["MicroHTTP", "DeepLinkServer", "DeepLinkTemplates", "JSONLinesLog", "StrictJSON", "DeepLinkWire", "LinkDoctor", "StickerCodes",
                  "deeplinkd"]


def test_only_the_server_imports_the_c_library_unguarded():
    """What an app or its build machine compiles (the portable modules, ServerPlatform among them: the plugin's tool
    reads the table through it on a Mac) imports Glibc only inside `#if canImport(Glibc)`; the server's modules import
    it as they are, since they run on Linux only."""
    problems = []
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        module = path.relative_to(ROOT / "Sources").parts[0]
        if module in SERVER_MODULES:
            continue
        problems += [f"{path.relative_to(ROOT)}:{line}: import {name}"
                     for line, name in unguarded_imports(path.read_text(encoding="utf-8")) if name in PLATFORM]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("module", SERVER_MODULES)
def test_the_servers_modules_say_they_run_on_linux(module):
    """No Glibc-or-Darwin ceremony in the server: the one guarded place is ServerPlatform."""
    problems = [f"{path.relative_to(ROOT)}: canImport(Darwin)" for path in sorted((ROOT / "Sources" / module).rglob("*.swift"))
                if "canImport(Darwin)" in path.read_text(encoding="utf-8")]
    assert not problems, "\n".join(problems)
