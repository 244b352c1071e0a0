"""The plugins as SwiftPM runs them, on the example package (Examples/ExpresScanApp, built by `make example-check`):
the build tool's diagnostics on the table's lines, the generate-deep-links command writing and checking the file a
team commits, which the build plugin then leaves to the compiler, and a table in a folder SwiftPM drops.
XcodeBuildToolPlugin and XcodeCommandPlugin exist only in Xcode; their code is the same calls behind
`#if canImport(XcodeProjectPlugin)`."""

import os
import shutil
import stat
import threading

import pytest

from conftest import ROOT, run

EXAMPLE = ROOT / "Examples" / "ExpresScanApp"
EVERY_SHAPE = EXAMPLE / "Sources" / "EveryShape"
ROUTES_TOOL = ROOT / ".build" / "debug" / "deeplinkd-routes"


def swift_package(*arguments):
    return run(["swift", "package", "--package-path", EXAMPLE, *arguments], timeout=900)


def test_the_tool_reports_table_problems_as_errors_and_warnings_on_their_lines(tmp_path):
    table = tmp_path / "deeplinkd.yaml"
    table.write_text("app: {name: A, appIDs: [ABCDE12345.com.example.a]}\ndomains: [a.example]\nroutes:\n"
                     "  - {name: Route, path: a}\n  - {name: b, path: \"b/$(q)\", params: {q: {charset: \"a-z \"}}}\n")
    output = tmp_path / "DeepLinkRoutes.swift"
    result = run([ROUTES_TOOL, "--config", table, "--output", output])
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f"{table}:4: error: route 'Route': its Swift name 'Route' is taken in the generated DeepLink type; rename the route",
        f"{table}:5: warning: route 'b': parameter 'q' allows a space: the app's DeepLink(url:) refuses a URL with such a value "
        "escaped (Foundation writes the same escapes when it repairs a URL the server refuses); DeepLink(string:) parses it",
    ]
    assert not output.exists()
    table.write_text(table.read_text().replace("name: Route", "name: home"))
    result = run([ROUTES_TOOL, "--config", table, "--output", output])
    assert result.returncode == 0 and ": warning: " in result.stderr and output.exists()
    assert run([ROUTES_TOOL, "--config", table, "--output", output, "--check"]).returncode == 0
    output.write_text(output.read_text() + "// edited\n")
    checked = run([ROUTES_TOOL, "--config", table, "--output", output, "--check"])
    assert checked.returncode == 1
    assert checked.stderr.splitlines()[-1] == (f"{output}: error: this is not what deeplinkd.yaml generates; run `swift package "
                                               "--allow-writing-to-package-directory generate-deep-links` and commit it")



def test_the_tool_writes_into_a_fifo_or_a_symlink_to_standard_output_and_replaces_only_regular_files(tmp_path):
    table = tmp_path / "deeplinkd.yaml"
    table.write_text("app: {name: A, appIDs: [ABCDE12345.com.example.a]}\ndomains: [a.example]\nroutes:\n"
                     "  - {name: home, path: a}\n")
    regular = tmp_path / "DeepLinkRoutes.swift"
    assert run([ROUTES_TOOL, "--config", table, "--output", regular]).returncode == 0
    source = regular.read_text()
    assert "enum Route" in source
    stdout_link = tmp_path / "out.swift"
    stdout_link.symlink_to("/dev/stdout")
    printed = run([ROUTES_TOOL, "--config", table, "--output", stdout_link])
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout == source
    assert stdout_link.is_symlink() and os.readlink(stdout_link) == "/dev/stdout"
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    # Read while the tool writes: a file larger than a pipe's buffer (64 KiB, as this one is) never finishes writing
    # for a reader that waits for the tool to exit.
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    written = run([ROUTES_TOOL, "--config", table, "--output", fifo])
    assert written.returncode == 0, written.stderr
    reader.join(timeout=60)
    assert received and received[0].decode() == source
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


@pytest.fixture
def committed():
    """Sources/EveryShape/DeepLinkRoutes.swift, removed again after the test whatever it does."""
    path = EVERY_SHAPE / "DeepLinkRoutes.swift"
    yield path
    path.unlink(missing_ok=True)


def test_generate_deep_links_writes_and_checks_the_file_which_the_build_plugin_then_leaves_alone(committed):
    result = swift_package("--allow-writing-to-package-directory", "generate-deep-links", "--target", "EveryShape")
    assert result.returncode == 0, result.stderr
    assert f"wrote {EVERY_SHAPE}/DeepLinkRoutes.swift" in result.stdout
    expected = run([ROOT / ".build" / "debug" / "deeplinkd", "generate", "swift", "--config", EVERY_SHAPE / "deeplinkd.yaml"])
    assert committed.read_text() == expected.stdout
    # The target compiles the committed file; the build plugin says it generates nothing for it.
    build = run(["swift", "build", "--package-path", EXAMPLE, "--target", "EveryShape"], timeout=900)
    assert build.returncode == 0, build.stderr + build.stdout
    assert (f"warning: target 'EveryShape' holds {committed}, which the generate-deep-links command writes, so "
            "DeepLinkRoutesPlugin generates nothing for it") in build.stderr + build.stdout
    # SwiftPM asks the permission of a command plugin that declares it, even for --check.
    checked = swift_package("--allow-writing-to-package-directory", "generate-deep-links", "--target", "EveryShape", "--check")
    assert checked.returncode == 0, checked.stderr
    assert f"{EVERY_SHAPE}/DeepLinkRoutes.swift is what deeplinkd.yaml generates" in checked.stdout
    committed.write_text(committed.read_text().replace("case charger(id: String)", "case charger(id: String, extra: String)", 1))
    stale = swift_package("--allow-writing-to-package-directory", "generate-deep-links", "--target", "EveryShape", "--check")
    assert stale.returncode != 0
    assert "DeepLinkRoutes.swift: error: this is not what deeplinkd.yaml generates" in stale.stderr + stale.stdout


@pytest.fixture
def orphan():
    """Sources/Orphan/deeplinkd.yaml: a folder with a table and no Swift file, removed after the test."""
    folder = EXAMPLE / "Sources" / "Orphan"
    folder.mkdir()
    shutil.copy(EVERY_SHAPE / "deeplinkd.yaml", folder / "deeplinkd.yaml")
    yield folder / "deeplinkd.yaml"
    shutil.rmtree(folder)


def test_generate_deep_links_names_a_table_in_a_folder_swiftpm_drops(orphan):
    result = swift_package("--allow-writing-to-package-directory", "generate-deep-links", "--target", "EveryShape", "--check")
    assert (f"{orphan}: its folder holds no Swift file, so SwiftPM drops the target before any plugin runs and nothing is "
            "generated from it: add a Swift file to the folder") in result.stderr + result.stdout
    assert result.returncode != 0
    assert os.path.exists(orphan)
