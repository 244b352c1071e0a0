"""serve --watch with 10,000 paths under --public (a Public/.git): the watcher watches what the site loads, says what
in its log, reloads a template edit and a stylesheet edit, and costs nothing while idle (the CPU of its thread is
measured from /proc and printed; the polling watcher it replaces used 2.8 % of a core on such a tree and missed both
edits)."""

import os
import time
from pathlib import Path

from test_watch import get, wait_for
from test_watch_writes import PAGE_PATH, copy_site
from conftest import Server

IDLE_SECONDS = 5.0


def make_repository(public, folders=100, files=100):
    """`folders` × `files` files under public/.git/objects, and the folders themselves: over 10,000 paths."""
    for folder in range(folders):
        objects = public / ".git" / "objects" / f"{folder:02x}"
        objects.mkdir(parents=True)
        for file in range(files):
            (objects / f"{file:038x}").write_bytes(b"x")
    return sum(len(names) + len(folders) for _, folders, names in os.walk(public / ".git"))


def thread_cpu_seconds(pid, name):
    """User and system CPU time of the process's thread called `name` (from /proc), in seconds."""
    ticks = os.sysconf("SC_CLK_TCK")
    for task in Path(f"/proc/{pid}/task").iterdir():
        if (task / "comm").read_text().strip() == name:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / ticks
    raise AssertionError(f"no thread {name} in process {pid}")


def process_cpu_seconds(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_the_watcher_works_past_10000_paths_and_idles_for_free(binary, tmp_path):
    config, public = copy_site(tmp_path)
    paths = make_repository(public)
    assert paths > 10_000
    server = Server(binary, ["--config", str(config), "--public", str(public), "--watch"], tmp_path / "server.log")
    try:
        started = lambda: [entry for entry in server.log_entries() if entry.get("message") == "watching for changes"]
        assert wait_for(started), server.log_text()[-2000:]
        watching = started()[0]
        assert watching["method"] == "inotify"
        assert int(watching["directories"]) <= 5 and int(watching["files"]) == 10, watching  # the config, openapi.yaml, 5 templates, 3 static files
        assert ".git" not in watching["watched"]

        watcher_before, process_before = thread_cpu_seconds(server.pid, "deeplinkd-watch"), process_cpu_seconds(server.pid)
        time.sleep(IDLE_SECONDS)
        watcher_cpu = thread_cpu_seconds(server.pid, "deeplinkd-watch") - watcher_before
        process_cpu = process_cpu_seconds(server.pid) - process_before

        (public / ".git" / "objects" / "00" / "new-object").write_bytes(b"x")  # ignored, as the whole .git
        charger = public / "templates" / "charger.mustache"
        charger.write_text(charger.read_text(encoding="utf-8").replace("<h1>", '<h1 class="edited">'), encoding="utf-8")
        with open(public / "static" / "deeplinkd.css", "a", encoding="utf-8") as stylesheet:
            stylesheet.write("/* edited */\n")
        assert wait_for(lambda: 'class="edited"' in get(server.port, PAGE_PATH)[1].decode()), server.log_text()[-2000:]
        assert wait_for(lambda: get(server.port, "/static/deeplinkd.css")[1].endswith(b"/* edited */\n"))
    finally:
        status = server.stop()
    assert status == 0, server.log_text()[-2000:]
    reloads = [entry for entry in server.log_entries() if entry.get("message") == "changed on disk; reloading"]
    assert all(".git" not in entry["paths"] for entry in reloads) and 1 <= len(reloads) <= 2, reloads
    share = 100 * watcher_cpu / IDLE_SECONDS
    assert share < 0.5, f"the idle watcher used {share:.2f} % of a core"
    print(f"{paths} paths under .git; watching {watching['directories']} directories, {watching['files']} files; "
          f"idle {IDLE_SECONDS:.0f} s: watcher thread {watcher_cpu:.2f} s CPU ({share:.2f} % of a core), "
          f"whole process {process_cpu:.2f} s ({100 * process_cpu / IDLE_SECONDS:.2f} %)")
