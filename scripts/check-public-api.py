#!/usr/bin/env python3
"""The public surface, held to its budget and documented (`make lint`).

- `public` declaration lines (a line whose first word, after attributes, is `public`): at most 90 in DeepLinkRouting,
  the module every app compiles, and at most 200 in the whole repository (Sources, Plugins, Tests, Fuzz, Benchmarks).
  What crosses modules inside this package is `package`; `public` is what an app or another package uses.
- In the app's modules (DeepLinkRouting, DeepLinkBytes) every public declaration has a `///` summary, and a public
  function or initializer documents its parameters (`- Parameter`/`- Parameters:`), its result (`- Returns:`) and what
  it throws (`- Throws:`).

Prints one line per problem and the counts; exits 1 when anything is over budget or undocumented.
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGETS = {"Sources/DeepLinkRouting": 90, "whole repository": 200}
REPOSITORY_FOLDERS = ["Sources", "Plugins", "Tests", "Fuzz", "Benchmarks"]
APP_MODULES = ["Sources/DeepLinkRouting", "Sources/DeepLinkBytes"]
PUBLIC = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*public\b")
CALLABLE = re.compile(r"\b(?:func\s+[^\s(<]+|init[?!]?)\s*(?:<[^(]*>)?\s*\(")


def swift_files(folder):
    return sorted(path for path in (ROOT / folder).rglob("*.swift") if ".build" not in path.parts)


def public_lines(folder):
    """(path, line number) of every public declaration line under `folder`."""
    found = []
    for path in swift_files(folder):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if PUBLIC.match(line):
                found.append((path, number))
    return found


def signature(lines, start):
    """The declaration from line `start` (0-based) to its body's `{` or its end, with parentheses balanced."""
    text = ""
    depth = 0
    for line in lines[start:start + 40]:
        for character in line:
            if character == "(":
                depth += 1
            elif character == ")":
                depth -= 1
            elif character == "{" and depth == 0:
                return text
            text += character
        text += " "
        if depth == 0 and not line.rstrip().endswith((",", "(")) and "(" in text and ")" in text:
            if not lines[start + 1:start + 2] or not lines[start + 1].strip().startswith(("->", "throws", "where")):
                return text
    return text


def documentation(lines, start):
    """The `///` lines right above line `start`, attributes skipped."""
    index = start - 1
    while index >= 0 and lines[index].strip().startswith("@"):
        index -= 1
    comment = []
    while index >= 0 and lines[index].strip().startswith("///"):
        comment.insert(0, lines[index].strip())
        index -= 1
    return "\n".join(comment)


def documentation_problems(path, lines, start):
    declaration = signature(lines, start) if CALLABLE.search(lines[start]) else lines[start]
    comment = documentation(lines, start)
    place = f"{path.relative_to(ROOT)}:{start + 1}"
    if not comment:
        return [f"{place}: public declaration without a /// summary"]
    match = CALLABLE.search(declaration)
    if not match:
        return []
    problems = []
    rest = declaration[match.end():]
    depth = 1
    for index, character in enumerate(rest):
        depth += {"(": 1, ")": -1}.get(character, 0)
        if depth == 0:
            parameters, after = rest[:index], rest[index + 1:]
            break
    else:
        parameters, after = rest, ""
    if parameters.strip() and not re.search(r"- Parameters?\b", comment):
        problems.append(f"{place}: public function without - Parameter(s): in its documentation")
    returns = re.search(r"->\s*(\S.*)", after)
    if returns and returns.group(1).strip() not in ("Void", "()") and "- Returns:" not in comment:
        problems.append(f"{place}: public function without - Returns: in its documentation")
    if re.search(r"\bthrows\b", after) and "- Throws:" not in comment:
        problems.append(f"{place}: public function without - Throws: in its documentation")
    return problems


def main():
    problems = []
    routing = public_lines("Sources/DeepLinkRouting")
    everything = [found for folder in REPOSITORY_FOLDERS for found in public_lines(folder)]
    for name, found in (("Sources/DeepLinkRouting", routing), ("whole repository", everything)):
        if len(found) > BUDGETS[name]:
            problems.append(f"{name}: {len(found)} public declaration lines, more than the budget of {BUDGETS[name]}")
    for folder in APP_MODULES:
        for path in swift_files(folder):
            lines = path.read_text(encoding="utf-8").splitlines()
            for index, line in enumerate(lines):
                if PUBLIC.match(line):
                    problems += documentation_problems(path, lines, index)
    for problem in problems:
        print(problem)
    print(f"public declaration lines: {len(routing)} in DeepLinkRouting (budget {BUDGETS['Sources/DeepLinkRouting']}), "
          f"{len(everything)} in the repository (budget {BUDGETS['whole repository']})")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
