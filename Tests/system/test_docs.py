"""The documents a newcomer reads agree with the code they describe.

docs/architecture.md names every target of Package.swift and Package@swift-6.0.swift, the development ones declared
behind DEEPLINKD_* variables too, and only those: a target added without a row there fails here, named; its module
table's "may import" column says what the manifest says each module depends on. README.md and docs/*.md name only
options that exist: every `--flag` written after `deeplinkd COMMAND` (or in a section whose heading names
`deeplinkd COMMAND`) is one that command's `--help` lists, any other `--flag` is an option of some command; every
option each command's `--help` lists is documented for that command somewhere; and every link between the documents
leads to a page and heading that exist.
"""

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT

MANIFESTS = [ROOT / "Package.swift", ROOT / "Package@swift-6.0.swift"]
ARCHITECTURE = ROOT / "docs" / "architecture.md"
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# The header of each table in docs/architecture.md whose first column names targets.
TARGET_TABLES = ["| module | holds | may import |", "| target | holds | may import |"]
# Programs whose options the documents quote; a command of theirs is not checked against deeplinkd's options.
FOREIGN = {"adb", "apksigner", "cat", "cd", "curl", "docker", "git", "gnutls-cli", "grep", "jq", "keytool", "kill",
           "kubectl", "ls", "make", "man", "mv", "nginx", "openssl", "python", "python3", "rsvg-convert", "ss", "swift",
           "swiftc", "wc", "wrk", "zbarimg", "pytest", "head", "tail", "scripts/screenshots.sh", "taskset", "perf",
           "valgrind", "h2load", "sudo", "env", "timeout", "strace"}
# The options of other programs the documents name in prose, where no command line says whose they are.
FOREIGN_FLAGS = {"--quick": "scripts/bench", "--http": "gnutls-serv", "--disable-client-cert": "gnutls-serv", "--h1": "h2load"}
FLAG = re.compile(r"(?<![\w#-])--[a-z][a-z0-9-]*")
SHORT_FLAG = re.compile(r"(?<![\w-])-[a-zA-Z](?![\w-])")
# An inline code span: a run of backticks, then text, then a run of as many (CommonMark).
SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.S)


# --- the targets -----------------------------------------------------------------------------------------------------

DECLARATION = re.compile(
    r"\.(?:target|executableTarget|testTarget|systemLibrary|binaryTarget|macro|plugin)\(\s*name:\s*\"([^\"]+)\"(?!\s*,\s*package:)")


def declared_targets(manifest):
    """Every target `manifest` declares, whatever variable it is behind: read from the text, so a development target
    counts too (a plugin used from another package, `.plugin(name:package:)`, is not a declaration)."""
    return set(DECLARATION.findall(manifest.read_text(encoding="utf-8")))


def dumped_targets(variables):
    """The targets of Package.swift as SwiftPM evaluates it with `variables` set (and no other DEEPLINKD_ one)."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DEEPLINKD_")} | variables
    completed = subprocess.run(["swift", "package", "--package-path", str(ROOT), "dump-package"], capture_output=True,
                               text=True, timeout=300, env=environment)
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout)["targets"]


def documented_targets():
    """The backticked names in the first column of docs/architecture.md's tables of targets, with their lines."""
    names = {}
    lines = ARCHITECTURE.read_text(encoding="utf-8").splitlines()
    inside = False
    for number, line in enumerate(lines, 1):
        if line.strip() in TARGET_TABLES:
            inside = True
            continue
        if inside and not line.startswith("|"):
            inside = False
        if inside and not line.startswith("| ---"):
            for name in re.findall(r"`([^`]+)`", line.split("|")[1]):
                names.setdefault(name, number)
    return names


@pytest.mark.timeout(600)
def test_the_manifest_reader_sees_every_target_swiftpm_sees():
    """The text is read as SwiftPM reads it: with the fuzzers and the benchmarks turned on, SwiftPM's targets are
    exactly the ones read from the text, so nothing the tests below compare is missed."""
    evaluated = {target["name"] for target in dumped_targets({"DEEPLINKD_FUZZ": "1", "DEEPLINKD_BENCHMARKS": "1"})}
    declared = declared_targets(MANIFESTS[0])
    assert evaluated == declared, f"SwiftPM only: {sorted(evaluated - declared)}; text only: {sorted(declared - evaluated)}"


def test_the_swift_6_0_manifest_declares_only_targets_of_package_swift():
    extra = declared_targets(MANIFESTS[1]) - declared_targets(MANIFESTS[0])
    assert not extra, f"Package@swift-6.0.swift declares targets Package.swift does not: {sorted(extra)}"


@pytest.mark.parametrize("manifest", MANIFESTS, ids=lambda path: path.name)
def test_architecture_describes_every_target_of_the_manifest(manifest):
    documented = documented_targets()
    missing = sorted(declared_targets(manifest) - set(documented))
    assert not missing, (f"{manifest.name} declares {', '.join(repr(name) for name in missing)}, which docs/architecture.md "
                         "does not describe: add a row for each to its module table (or, for a test or development "
                         "target, to its table of test and development targets)")


def test_architecture_names_no_target_that_does_not_exist():
    declared = set().union(*(declared_targets(manifest) for manifest in MANIFESTS))
    stale = {name: line for name, line in documented_targets().items() if name not in declared}
    assert not stale, "docs/architecture.md names targets no manifest declares: " + ", ".join(
        f"'{name}' (line {line})" for name, line in sorted(stale.items()))


def module_rows():
    """(line, the targets a row names, the text of its "may import" column) of docs/architecture.md's module table."""
    rows = []
    inside = False
    for number, line in enumerate(ARCHITECTURE.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip() == TARGET_TABLES[0]:
            inside = True
            continue
        if inside and not line.startswith("|"):
            break
        if inside and not line.startswith("| ---"):
            cells = line.split("|")
            rows.append((number, set(re.findall(r"`([^`]+)`", cells[1])), cells[-2]))
    return rows


def dependencies():
    """What each target of Package.swift depends on, as SwiftPM evaluates it: target names, and `product@package`."""
    found = {}
    for target in dumped_targets({}):
        names = set()
        for dependency in target.get("dependencies", []):
            if "product" in dependency:
                names.add(f"{dependency['product'][0]}@{dependency['product'][1]}")
            else:
                names.add(next(iter(dependency.values()))[0])
        found[target["name"]] = names
    return found


@pytest.mark.timeout(600)
def test_the_module_table_says_what_each_module_imports():
    """The "may import" column of each row names every dependency the manifest gives the row's targets (a package's
    product by its package's name, such as swift-log), and no module that none of them depends on."""
    declared = dependencies()
    problems = []
    for line, targets, imports in module_rows():
        named = set(re.findall(r"`([^`]+)`", imports)) & set(declared)
        needed = set().union(*(declared.get(target, set()) for target in targets)) - targets
        for dependency in sorted(needed):
            target, _, package = dependency.partition("@")
            if package and package.lower() not in imports.lower():
                problems.append(f"line {line}: {'/'.join(sorted(targets))} depends on {package} ({target}), which its row does not name")
            elif not package and dependency not in named:
                problems.append(f"line {line}: {'/'.join(sorted(targets))} depends on {dependency}, which its row does not name")
        for name in sorted(named - needed - targets):
            problems.append(f"line {line}: the row of {'/'.join(sorted(targets))} names {name}, which none of them depends on")
    assert not problems, "docs/architecture.md, module table:\n" + "\n".join(problems)


def test_architecture_tables_are_read():
    """The reader finds the tables: the routing core, a C module, a plugin, a test target and a fuzzer."""
    assert {"DeepLinkRouting", "CMicroHTTPD", "DeepLinkRoutesPlugin", "deeplinkdTests", "ResolveFuzzer"} <= set(documented_targets())


# --- the options -----------------------------------------------------------------------------------------------------

def help_text(executable, *arguments):
    completed = subprocess.run([str(executable), *arguments, "--help"], capture_output=True, text=True, timeout=60)
    assert completed.returncode == 0, completed.stderr
    return completed.stdout


def subcommands(text):
    """The names in the SUBCOMMANDS section of an argument-parser help text."""
    section = text.split("SUBCOMMANDS:", 1)[1] if "SUBCOMMANDS:" in text else ""
    return [match for match in re.findall(r"^  ([a-z][a-z0-9-]*)", section, re.M)]


def options(text):
    """The flags (long and short) an argument-parser help text lists in its OPTIONS section, `--help` aside."""
    section = text.split("OPTIONS:", 1)[1] if "OPTIONS:" in text else ""
    flags = set()
    for line in section.splitlines():
        match = re.match(r"^  (-[a-zA-Z], )?(--[a-z][a-z0-9-]*)", line)
        if match:
            flags.add(match.group(2))
            if match.group(1):
                flags.add(match.group(1)[:2])
    return flags - {"--help", "-h"}


@pytest.fixture(scope="module")
def commands(binary):
    """Each command's options: `serve`, `generate swift`, … and the plugins' tool `deeplinkd-routes`."""
    found = {}
    for name in subcommands(help_text(binary)):
        text = help_text(binary, name)
        nested = subcommands(text)
        if nested:
            for sub in nested:
                found[f"{name} {sub}"] = options(help_text(binary, name, sub))
        else:
            found[name] = options(text)
    tool = Path(binary).parent / "deeplinkd-routes"
    assert tool.exists(), f"{tool} does not exist: `swift build` builds it with deeplinkd"
    usage = subprocess.run([str(tool), "--help"], capture_output=True, text=True, timeout=60)
    found["deeplinkd-routes"] = set(FLAG.findall(usage.stdout + usage.stderr)) - {"--help"}
    assert found["deeplinkd-routes"], usage.stdout + usage.stderr
    return found


FOREIGN_OWNER = object()  # the owner of another program's flags
INVOCATION = re.compile(r"\bdeeplinkd(-routes)?(?:\s+(generate\s+[a-z-]+|[a-z][a-z-]*))?")


def units(text):
    """(line, text, heading context) of every piece of code in a Markdown text: each line of a fenced block, each
    inline code span, and the prose around them; the context is the nearest heading above that names a command."""
    headings = []  # (level, text)
    fenced = False
    paragraph = []

    def flush():
        if paragraph:
            start = paragraph[0][0]
            joined = "\n".join(line for _, line in paragraph)
            for match in SPAN.finditer(joined):
                yield start + joined[:match.start()].count("\n"), match.group(2), True, list(headings)
            prose = SPAN.sub(lambda m: " " + "\n" * m.group(0).count("\n"), joined)
            for offset, line in enumerate(prose.split("\n")):
                yield start + offset, line, False, list(headings)
            paragraph.clear()

    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            yield from flush()
            fenced = not fenced
            continue
        if fenced:
            yield number, line, True, list(headings)
            continue
        heading = re.match(r"^(#+)\s+(.*)", line)
        if heading:
            yield from flush()
            level = len(heading.group(1))
            headings = [h for h in headings if h[0] < level] + [(level, heading.group(2))]
            continue
        if not line.strip():
            yield from flush()
            continue
        paragraph.append((number, line))
    yield from flush()


def context_command(headings, known):
    for _, title in reversed(headings):
        for match in INVOCATION.finditer(title):
            command = invocation_command(match, known)
            if command:
                return command
    return None


def invocation_command(match, known):
    if match.group(1):
        return "deeplinkd-routes"
    word = re.sub(r"\s+", " ", match.group(2) or "")
    return word if word in known else None


def named_flags(commands):
    """Every flag the documents name: (document, line, flag, command or None for any command, explicit).

    A code unit is read word by word: `deeplinkd COMMAND` (or a unit starting with a command's name) makes the flags
    after it that command's; another program's name (`curl`, `adb`, a script's path) makes them its own, unchecked;
    elsewhere a flag belongs to the command the section's heading names, or to none in particular."""
    known = set(commands)
    for document in DOCUMENTS:
        for line, text, is_code, headings in units(document.read_text(encoding="utf-8")):
            context = context_command(headings, known)
            for segment in re.split(r"&&|\|\||;\s|\s\|\s|\$\(", text):
                words = segment.split()
                owner, explicit = context, False
                if is_code and words and words[0].lstrip("$") in known:
                    owner, explicit = words[0].lstrip("$"), True
                index = 0
                while index < len(words):
                    word = words[index].strip("\"'(),[]{}")
                    if word in ("deeplinkd", "deeplinkd-routes") or word.endswith("/deeplinkd"):
                        if word == "deeplinkd-routes":
                            owner, explicit = "deeplinkd-routes", True
                        else:
                            following = [w.strip("\"'(),[]{}`") for w in words[index + 1:index + 3]]
                            for candidate in (" ".join(following), following[0] if following else ""):
                                if candidate in known:
                                    owner, explicit = candidate, True
                                    index += len(candidate.split())  # `generate swift`: swift is not the program
                                    break
                    elif is_code and (word in FOREIGN or "/" in word and not word.startswith(("-", "/dev", "/proc"))
                                      and index == 0):
                        owner = FOREIGN_OWNER
                    if owner is not FOREIGN_OWNER:
                        for flag in FLAG.findall(words[index]):
                            yield document, line, flag, owner, explicit
                        if explicit and is_code:
                            for flag in SHORT_FLAG.findall(words[index]):
                                yield document, line, flag, owner, explicit
                    index += 1


def test_every_flag_the_documents_name_exists(commands):
    every = set().union(*commands.values()) | {"--help"}
    problems = []
    for document, line, flag, command, _ in named_flags(commands):
        where = f"{document.relative_to(ROOT)}:{line}"
        if flag == "--help" or command is None and flag in FOREIGN_FLAGS:
            continue
        if command is not None and flag not in commands[command]:
            problems.append(f"{where}: `{command_name(command)}` has no option {flag} "
                            f"(its --help lists {', '.join(sorted(commands[command])) or 'none'})")
        elif command is None and flag not in every:
            problems.append(f"{where}: {flag} is an option of no deeplinkd command")
    assert not problems, "\n".join(problems)


def command_name(command):
    return command if command == "deeplinkd-routes" else f"deeplinkd {command}"


def test_every_option_of_every_command_is_documented(commands):
    documented = {}
    for _, _, flag, command, _ in named_flags(commands):
        if command is not None:
            documented.setdefault(command, set()).add(flag)
    missing = [f"`{command_name(command)}` {flag}" for command, flags in sorted(commands.items())
               for flag in sorted(flags) if flag.startswith("--") and flag not in documented.get(command, set())]
    assert not missing, ("options --help lists that no document names for their command (write them after "
                         "`deeplinkd COMMAND`, or in a section whose heading names it): " + ", ".join(missing))


def test_the_flag_reader_attributes_flags_to_their_command(commands):
    """The reader at work on a known line of each kind: an invocation, a heading's context, a foreign program."""
    named = {(document.name, flag, command) for document, _, flag, command, _ in named_flags(commands)}
    assert ("tools.md", "--csv", "qr") in named
    assert ("serving.md", "--drain-delay", "serve") in named
    assert ("tls.md", "--hsts-include-subdomains", "serve") in named
    assert not any(flag == "--re-verify" for _, flag, _ in named), "adb's options are not deeplinkd's"


# --- the links -------------------------------------------------------------------------------------------------------

# A page another branch adds, linked ahead of it; checked like any other once it exists.
PENDING_PAGES = {ROOT / "docs" / "app-lifecycle.md"}
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")


def anchors(document):
    """The fragment of each heading of `document`, as GitHub writes it (duplicates numbered)."""
    seen = {}
    found = set()
    fenced = False
    for line in document.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        heading = None if fenced else re.match(r"^#+\s+(.*)", line)
        if heading:
            slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-")
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def test_every_link_between_the_documents_leads_somewhere():
    """A section moved to another page leaves no link behind: each relative link names a file that exists and, with
    a fragment, a heading of that file."""
    problems = []
    for document in DOCUMENTS:
        text = SPAN.sub("", document.read_text(encoding="utf-8"))
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, fragment = target.partition("#")
            file = (document.parent / path).resolve() if path else document
            where = f"{document.relative_to(ROOT)}: link {target}"
            if not file.exists():
                if file not in PENDING_PAGES:
                    problems.append(f"{where}: {path} does not exist")
            elif fragment and file.suffix == ".md" and fragment not in anchors(file):
                problems.append(f"{where}: {file.relative_to(ROOT)} has no heading #{fragment}")
    assert not problems, "\n".join(problems)
