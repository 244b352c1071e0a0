"""What the tools write and echo: `init`'s table reads back as exactly the values given (PyYAML, an independent reader,
and `check`); `check` and the other commands show control characters of what they quote escaped, so no terminal
escape sequence from a table, a CSV or a file name reaches the terminal; `qr --csv` never writes through a symbolic
link in its directory, keeps going after a row that fails, always writes the sheet and a summary naming the rows
that failed, and never lets two codes take one name (also not on a case-insensitive volume).
"""

import os
import subprocess

import pytest
import yaml

from conftest import ROOT
from test_tool_output import limit_file_size, run

NAMES = ['Say "hi"', "back\\slash", "a: b # not a comment", "it's", "日本語 café 🚀", "{[&*!|>%@`]}", "  padded  ", '"', "\\", "#", "-"]


@pytest.mark.parametrize("name", NAMES)
def test_init_writes_the_name_as_given(binary, name, tmp_path):
    table = tmp_path / "deeplinkd.yaml"
    result = run(binary, ["init", "--output", str(table), "--name", name])
    assert result.returncode == 0, result.stderr
    assert yaml.safe_load(table.read_text(encoding="utf-8"))["app"]["name"] == name
    checked = run(binary, ["check", "--config", str(table)])
    assert checked.returncode == 0, checked.stderr


@pytest.mark.parametrize(
    "option, value, message",
    [
        ("--name", "two\nlines", "--name: app: name 'two\\u{A}lines' contains U+000A, a control or bidirectional formatting character"),
        ("--scheme", 'my"app', "--scheme: scheme 'my\"app' must be a custom URL scheme (letters, digits, '+', '-', '.'; not http or https)"),
        ("--domain", "links.example.com/x", "--domain: domain 'links.example.com/x' must be a bare host name (no scheme, port or path)"),
        ("--app-id", "bad\x1b[31m", "--app-id: app: appID 'bad\\u{1B}[31m' is not TEAMID.bundle.id (10 upper-case letters or digits, a dot, then the bundle ID)"),
    ])
def test_init_names_the_option_it_refuses_and_writes_nothing(binary, option, value, message, tmp_path):
    table = tmp_path / "deeplinkd.yaml"
    result = run(binary, ["init", "--output", str(table), option, value])
    assert result.returncode == 1
    assert result.stderr == f"deeplinkd: {message}\n".encode()
    assert not table.exists()
    assert list(tmp_path.iterdir()) == []


def test_init_never_replaces_a_file_or_writes_through_a_link(binary, tmp_path):
    table = tmp_path / "deeplinkd.yaml"
    table.write_text("mine\n")
    result = run(binary, ["init", "--output", str(table)])
    assert result.returncode == 1
    assert result.stderr == f"deeplinkd: {table} exists; init never overwrites a table\n".encode()
    assert table.read_text() == "mine\n"
    link = tmp_path / "link.yaml"
    link.symlink_to(tmp_path / "elsewhere.yaml")
    result = run(binary, ["init", "--output", str(link)])
    assert result.returncode == 0, result.stderr
    assert os.readlink(link) == str(tmp_path / "elsewhere.yaml")
    assert run(binary, ["check", "--config", str(tmp_path / "elsewhere.yaml")]).returncode == 0


ESCAPED_TABLE = (
    'app:\n  name: "A\\e[31mred"\n  appIDs: ["X\\e]0;title\\a"]\n  "\\e[2Jkey": 1\ndomains: [a.example]\n'
    'states: ["s\\r\\e[1A"]\ngates:\n  "g\\e[5m": [s]\nroutes:\n  - name: "r\\e[31m"\n    path: c/$(id)\n'
    '    params: {id: {charset: "a-z"}}\n    "\\e[0mkey": 1\n    notification: "n\\u202Eo"\n'
)


def test_check_shows_control_characters_of_the_table_escaped(binary, tmp_path):
    config = tmp_path / "t\x1b[31m.yaml"
    config.write_text(ESCAPED_TABLE, encoding="utf-8")
    result = run(binary, ["check", "--config", str(config)])
    assert result.returncode == 1
    shown = str(tmp_path) + "/t\\u{1B}[31m.yaml"
    assert result.stderr.decode().splitlines() == [
        f"{shown}:2: app: name 'A\\u{{1B}}[31mred' contains U+001B, a control or bidirectional formatting character",
        f"{shown}:3: app: appID 'X\\u{{1B}}]0;title\\u{{7}}' is not TEAMID.bundle.id (10 upper-case letters or digits, a dot, then the bundle ID)",
        f"{shown}:4: app: unknown key '\\u{{1B}}[2Jkey' (known keys: name, appIDs, appStoreID, webcredentials, appClips)",
        f"{shown}:6: state 's\\u{{D}}\\u{{1B}}[1A' contains U+000D, a control or bidirectional formatting character",
        f"{shown}:8: gate name 'g\\u{{1B}}[5m' contains U+001B, a control or bidirectional formatting character",
        f"{shown}:8: gate 'g\\u{{1B}}[5m': unknown state 's' (not in states)",
        f"{shown}:10: route name 'r\\u{{1B}}[31m' contains U+001B, a control or bidirectional formatting character",
        f"{shown}:13: route 'r\\u{{1B}}[31m': unknown key '\\u{{1B}}[0mkey' (known keys: name, path, aliases, scopes, params, gate, feature, secret, notification, landing, stack, appClip, copyLink, wait, resume, expiry, presentation, minAppVersion)",
        f"{shown}:14: route 'r\\u{{1B}}[31m': notification 'n\\u{{202E}}o' contains U+202E, a control or bidirectional formatting character",
    ]


@pytest.mark.parametrize(
    "table, message",
    [
        # libyaml refuses the character itself; its own message would quote the line.
        ("app: {name: A}\nroutes: [\x1b[31m\n", ":2: YAML syntax error: control characters are not allowed (U+001B, column 10)"),
        (
            "app: {name: A, appIDs: [\"X\\e[2J\"]}\ndomains: [a.example]\nroutes:\n  - {name: r, path: c}\n",
            ":1: app: appID 'X\\u{1B}[2J' is not TEAMID.bundle.id (10 upper-case letters or digits, a dot, then the bundle ID)",
        ),
        ("\"\\e]0;title\\a\": 1\n", ":1: config: unknown key '\\u{1B}]0;title\\u{7}' (known keys: app, domains, schemes, states, gates, features, routes, android, stores, openInAppDomain)"),
    ])
def test_no_escape_sequence_reaches_the_terminal_from_any_command(binary, table, message, tmp_path):
    config = tmp_path / "t.yaml"
    config.write_bytes(table.encode())
    checked = run(binary, ["check", "--config", str(config)])
    assert checked.stderr.decode().splitlines()[0] == f"{config}{message}"
    for arguments in [["check"], ["aasa"], ["resolve", "https://a.example/c/x"], ["link", "r"], ["serve", "--port", "0"]]:
        result = run(binary, arguments + ["--config", str(config)])
        assert result.returncode == 1
        assert b"\x1b" not in result.stderr + result.stdout and b"\x07" not in result.stderr + result.stdout


def test_check_public_shows_a_template_file_name_escaped(binary, tmp_path):
    public = tmp_path / "Public"
    subprocess.run(["cp", "-r", str(ROOT / "Public"), str(public)], check=True)
    (public / "templates" / "c\x1b[2J.mustache").write_text("{{x\n")
    result = run(binary, ["check", "--public", str(public)])
    assert result.returncode == 1
    assert b"\x1b" not in result.stderr + result.stdout
    assert result.stderr.decode() == f"{public}/templates/c\\u{{1B}}[2J.mustache:1: unfinished tag: expected '}}}}'\n"


STATIONS = """\
app: {name: Stations, appIDs: [ABCDE12345.com.example.stations]}
domains: [go.example.com]
routes:
  - name: station
    path: s/$(id)
    params:
      id: {charset: "A-Za-z0-9 -", max: 64}
"""


def batch(binary, tmp_path, rows, **options):
    (tmp_path / "stations.yaml").write_text(STATIONS)
    (tmp_path / "rows.csv").write_text("id\n" + "".join(row + "\n" for row in rows))
    arguments = ["qr", "station", "--config", str(tmp_path / "stations.yaml"), "--csv", str(tmp_path / "rows.csv"),
                 "--output-dir", str(tmp_path / "out"), "--format", "png"]
    return run(binary, arguments, **options)


def listing(directory):
    return sorted(entry.name for entry in directory.iterdir())


def test_qr_never_writes_through_a_link_in_its_directory(binary, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "victim.png").write_bytes(b"victim")
    out = tmp_path / "out"
    out.mkdir()
    (out / "CH-1.png").symlink_to(outside / "victim.png")
    (out / "CH-3.png").symlink_to(outside / "new.png")
    result = batch(binary, tmp_path, ["CH-1", "CH-2", "CH-3"])
    assert result.returncode == 1
    csv = tmp_path / "rows.csv"
    assert result.stderr.decode().splitlines() == [
        f"{csv}:2: row 1: {out}/CH-1.png is a symbolic link, and deeplinkd never writes through one it did not make: remove it",
        f"{csv}:4: row 3: {out}/CH-3.png is a symbolic link, and deeplinkd never writes through one it did not make: remove it",
    ]
    assert result.stdout == f"{out}: 1 PNG code and sheet.html (2 of 3 rows not written: rows 1, 3)\n".encode()
    assert (outside / "victim.png").read_bytes() == b"victim"
    assert listing(outside) == ["victim.png"]
    assert listing(out) == ["CH-1.png", "CH-2.png", "CH-3.png", "sheet.html"]
    assert os.readlink(out / "CH-1.png") == str(outside / "victim.png")
    assert 'src="CH-2.png"' in (out / "sheet.html").read_text() and "CH-1.png" not in (out / "sheet.html").read_text()


def test_qr_refuses_a_link_where_the_sheet_goes(binary, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "sheet.html").symlink_to(tmp_path / "page.html")
    result = batch(binary, tmp_path, ["CH-1"])
    assert result.returncode == 1
    assert result.stderr == f"deeplinkd: {out}/sheet.html is a symbolic link, and deeplinkd never writes through one it did not make: remove it\n".encode()
    assert result.stdout == f"{out}: 1 PNG code, and no sheet.html\n".encode()
    assert not (tmp_path / "page.html").exists()


def test_qr_keeps_going_after_a_row_it_cannot_write(binary, tmp_path):
    out = tmp_path / "out"
    (out / "CH-2.png").mkdir(parents=True)
    result = batch(binary, tmp_path, ["CH-1", "CH-2", "CH-3"])
    assert result.returncode == 1
    assert result.stderr == f"{tmp_path}/rows.csv:3: row 2: cannot write {out}/CH-2.png: it is a directory\n".encode()
    assert result.stdout == f"{out}: 2 PNG codes and sheet.html (1 of 3 rows not written: row 2)\n".encode()
    assert listing(out) == ["CH-1.png", "CH-2.png", "CH-3.png", "sheet.html"]
    sheet = (out / "sheet.html").read_text()
    assert 'src="CH-1.png"' in sheet and 'src="CH-3.png"' in sheet and 'src="CH-2.png"' not in sheet


def test_qr_on_a_full_disk_names_every_row_and_leaves_no_partial_file(binary, tmp_path):
    # Every file may hold 200 bytes: each code (about 400 bytes) and the sheet fail, one after the other.
    result = batch(binary, tmp_path, ["CH-1", "CH-2", "CH-3"], preexec_fn=limit_file_size(200))
    assert result.returncode == 1
    out = tmp_path / "out"
    csv = tmp_path / "rows.csv"
    assert result.stderr.decode().splitlines() == [
        f"{csv}:2: row 1: cannot write {out}/CH-1.png: File too large",
        f"{csv}:3: row 2: cannot write {out}/CH-2.png: File too large",
        f"{csv}:4: row 3: cannot write {out}/CH-3.png: File too large",
        f"deeplinkd: cannot write {out}/sheet.html: File too large",
    ]
    assert result.stdout == f"{out}: 0 PNG codes, and no sheet.html (3 of 3 rows not written: rows 1, 2, 3)\n".encode()
    assert listing(out) == []


def test_qr_refuses_ids_that_differ_only_in_case(binary, tmp_path):
    result = batch(binary, tmp_path, ["CH-1", "ch-1", "CH-1"])
    assert result.returncode == 1
    csv = tmp_path / "rows.csv"
    out = tmp_path / "out"
    assert result.stderr.decode().splitlines() == [
        f"{csv}:3: row 2, column 'id': ch-1.png differs only in case from CH-1.png, written for row 1, and would overwrite it on a case-insensitive volume",
        f"{csv}:4: row 3, column 'id': CH-1.png is already written for row 1",
    ]
    assert listing(out) == ["CH-1.png", "sheet.html"]


def test_a_fallback_name_never_takes_a_valid_id(binary, tmp_path):
    # Row 1's id has a space, so its file takes a fallback name; row 2's id is that name.
    result = batch(binary, tmp_path, ["CH 1", "row-1", "ROW-1-2"])
    assert result.returncode == 0, result.stderr
    out = tmp_path / "out"
    assert listing(out) == ["ROW-1-2.png", "row-1-3.png", "row-1.png", "sheet.html"]
    decoded = subprocess.run(["zbarimg", "--quiet", "--raw", str(out / "row-1.png")], capture_output=True, timeout=60)
    assert decoded.stdout == b"https://go.example.com/s/row-1\n"
    decoded = subprocess.run(["zbarimg", "--quiet", "--raw", str(out / "row-1-3.png")], capture_output=True, timeout=60)
    assert decoded.stdout == b"https://go.example.com/s/CH%201\n"
