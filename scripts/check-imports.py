#!/usr/bin/env python3
"""Unused imports (`make lint`): an import whose module declares no name the file uses.

Swift 6.3 has no unused-import warning, so this reads the code, conservatively: a module counts as used when the file
(comments and string literals left out) names a type or top-level name it declares (a capitalised identifier), or a
member (an identifier after a `.`), that the standard library does not declare; for this package's own modules, any
name they declare counts. So an import is reported only when the file cannot be using it. The names come from the module's
sources for this package's modules, from the toolchain's symbol graphs for the platform's (Foundation and what it
re-exports, Dispatch, Synchronization). An import inside `#if canImport(...)` is not read, nor one of a C module
(Glibc, CMicroHTTPD, CQREncode, CCurl, CLibFuzzer: a symbol graph does not list a C library's functions) or of a
package dependency (swift-log, swift-argument-parser, Yams, swift-mustache, swift-testing: not built when `make lint`
runs).

Prints `FILE:LINE: import MODULE is unused` for each and exits 1 when there is any.
"""

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ["Sources", "Plugins", "Tests", "Fuzz/Sources", "Benchmarks"]
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:\w+\s+)?(\w+)\s*$")
DECLARATION = re.compile(r"\b(?:func|var|let|case|struct|enum|class|protocol|typealias|actor|associatedtype|macro)\s+`?([A-Za-z_]\w*)")
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
PLATFORM = {"Foundation": ["Foundation", "FoundationEssentials", "FoundationInternationalization"],
            "FoundationEssentials": ["FoundationEssentials"], "Dispatch": ["Dispatch"], "Synchronization": ["Synchronization"]}
STANDARD_LIBRARY = ["Swift", "_Concurrency", "_StringProcessing"]
KEYWORDS = {"init", "subscript", "self", "Self", "Type", "default", "get", "set", "try", "some", "any"}
MEMBER = re.compile(r"\.\s*([A-Za-z_]\w*)")
CAPITALISED = re.compile(r"\b[A-Z]\w*")


INTERPOLATION = re.compile(r"\\#*\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)")


def interpolations(literal):
    """The code inside a string literal: its interpolations, `\\(...)`."""
    return '"' + " ".join(INTERPOLATION.findall(literal.group(0))) + '"'


def code_of(text):
    """The text without comments, and string literals reduced to their interpolations (the rest may name anything)."""
    text = re.sub(r'#*"""[\s\S]*?"""#*', interpolations, text)
    text = re.sub(r"/\*[\s\S]*?\*/", " ", text)
    lines = []
    for line in text.splitlines():
        line = re.sub(r'#+"(?:[^"\\]|\\.)*?"#+|"(?:[^"\\]|\\.)*"', interpolations, line)
        lines.append(line.split("//", 1)[0])
    return "\n".join(lines)


def symbol_graph_names(module, directory):
    directory.mkdir(parents=True, exist_ok=True)
    completed = subprocess.run(["swift", "symbolgraph-extract", "-module-name", module, "-target", "x86_64-unknown-linux-gnu",
                                "-output-dir", str(directory), "-minimum-access-level", "public"], capture_output=True)
    if completed.returncode != 0:
        return None
    names = set()
    for path in directory.glob(f"{module}*.symbols.json"):
        for symbol in json.loads(path.read_text(encoding="utf-8"))["symbols"]:
            names.add(re.split(r"[(<]", symbol["names"]["title"])[0].strip("`"))
    return names


def declared_names(folder):
    names = set()
    for path in folder.rglob("*.swift"):
        names |= set(DECLARATION.findall(code_of(path.read_text(encoding="utf-8"))))
    return names


def main():
    modules = {path.name for path in (ROOT / "Sources").iterdir() if path.is_dir()}
    modules |= {path.name for path in (ROOT / "Fuzz" / "Sources").iterdir() if path.is_dir()}
    folders = {name: ROOT / "Sources" / name for name in modules} | {"HTTPTestSupport": ROOT / "Tests" / "HTTPTestSupport"}
    folders |= {name: ROOT / "Fuzz" / "Sources" / name for name in modules if (ROOT / "Fuzz" / "Sources" / name).is_dir()}
    names = {}
    with tempfile.TemporaryDirectory() as scratch:
        standard = set()
        for module in STANDARD_LIBRARY:
            standard |= symbol_graph_names(module, Path(scratch) / module) or set()

        def names_of(module):
            if module in names:
                return names[module]
            found = None
            if module in folders and any(folders[module].rglob("*.swift")):
                found = declared_names(folders[module])
            elif module in PLATFORM:
                found = set()
                for part in PLATFORM[module]:
                    found |= symbol_graph_names(part, Path(scratch) / part) or set()
            names[module] = None if found is None else found - standard - KEYWORDS
            return names[module]

        problems = []
        for folder in FOLDERS:
            for path in sorted((ROOT / folder).rglob("*.swift")):
                if ".build" in path.parts:
                    continue
                text = path.read_text(encoding="utf-8")
                code = code_of("\n".join(line for line in text.splitlines() if not IMPORT.match(line)))
                used = set(IDENTIFIER.findall(code))
                # For a module not of this package: names in type or member position.
                qualified = set(CAPITALISED.findall(code)) | set(MEMBER.findall(code))
                guards = 0
                for number, line in enumerate(text.splitlines(), start=1):
                    stripped = line.strip()
                    guards += stripped.startswith("#if ") - stripped.startswith("#endif")
                    match = IMPORT.match(line)
                    if not match or guards:
                        continue
                    module = match.group(1)
                    declared = names_of(module)
                    if declared is not None and not (used if module in folders else qualified) & declared:
                        problems.append(f"{path.relative_to(ROOT)}:{number}: import {module} is unused")
    for problem in problems:
        print(problem)
    print(f"unused imports: {len(problems)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
