"""serve --watch never serves a half-written file. A writer fills the config, then a template, in place through one
open descriptor with pauses longer than the settle interval between its parts (as `(cat head; sleep 3; cat tail) >
deeplinkd.yaml` does), while a client polls the whole time: no answer ever comes from the prefix (the AASA's component
count, /m/<token>'s status, the page's body), and the complete file is served once its writer closes it. A file
replaced by rename is reloaded; a broken one, complete, is refused with the old site still served.
"""

import json
import os
import shutil
import time

from conftest import DEFAULT_CONFIG, ROOT, Server
from test_watch import GOOD_ROUTE, Observer, get, wait_for

PAUSE = 1.2  # seconds between a slow writer's parts: longer than the settle interval (0.5 s)
TOKEN_PATH = "/m/Mq7Zt2vXk9Lw4Rb8Hn3Pd6Ys"
AASA_PATH = "/.well-known/apple-app-site-association"
PAGE_PATH = "/c/CH-42"
WAITING = "waiting for the writer of a changed file to close it before reloading"


def copy_site(directory):
    """The default config and Public directory, copied into `directory`; returns (config path, public path)."""
    shutil.copytree(ROOT / "Public", directory / "Public")
    config = directory / "deeplinkd.yaml"
    config.write_text(DEFAULT_CONFIG.read_text(encoding="utf-8"), encoding="utf-8")
    return config, directory / "Public"


def write_slowly(path, parts, pause=PAUSE, noticed=lambda: True):
    """Truncates `path` and writes `parts` through one descriptor, pausing between them; closes it at the end. The
    first pause also lasts until `noticed()` (at most 10 s), so the server has seen the unfinished file whatever the
    machine's load."""
    descriptor = os.open(path, os.O_WRONLY | os.O_TRUNC)
    try:
        for number, part in enumerate(parts):
            if number:
                time.sleep(pause)
            if number == 1:
                wait_for(noticed, seconds=10)
            os.write(descriptor, part.encode("utf-8"))
    finally:
        os.close(descriptor)


def replace(path, text):
    """Writes `text` beside `path`, then renames it over `path`: the documented safe way to edit."""
    temporary = path.with_name(path.name + ".new")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def watching(server):
    """Whether the server logged that it watches for changes."""
    return lambda: any(entry.get("message") == "watching for changes" for entry in server.log_entries())


def observe_while_writing(server, targets, summary, path, parts, applied):
    """Asks for `targets` the whole time `parts` are written slowly into `path`, until `applied()` and a few answers
    more; returns the (stopped) observer and how long the write took."""
    assert wait_for(watching(server))
    observer = Observer(server.port, targets, summary)
    try:
        assert wait_for(lambda: observer.count() > 10)
        started = time.monotonic()
        write_slowly(path, parts, noticed=lambda: WAITING in [entry.get("message") for entry in server.log_entries()])
        written = time.monotonic() - started
        assert wait_for(applied), server.log_text()[-2000:]
        seen_before = observer.count()
        assert wait_for(lambda: observer.count() > seen_before + 10)
    finally:
        observer.stop()
    return observer, written


def aasa_components(body):
    details = json.loads(body)["applinks"]["details"]
    return sum(len(detail["components"]) for detail in details)


def config_summary(target, status, body):
    if target == AASA_PATH:
        return f"{status}: {aasa_components(body)} components" if status == 200 else f"{status}"
    return f"{status}"


def test_a_config_written_slowly_in_place_is_never_served_half_written(binary, tmp_path):
    config, public = copy_site(tmp_path)
    original = config.read_text(encoding="utf-8")
    complete = original + GOOD_ROUTE
    # The first part is a valid table by itself (the charger route alone: 4 AASA components instead of 10, and
    # /m/<token> a 404): what the server served before this change.
    head, tail = complete.split("  - name: magicEmailSignIn", 1)
    tail = "  - name: magicEmailSignIn" + tail
    parts = [head, tail[: len(tail) // 3], tail[len(tail) // 3: 2 * len(tail) // 3], tail[2 * len(tail) // 3:]]
    server = Server(binary, ["--config", str(config), "--public", str(public), "--watch"], tmp_path / "server.log")
    try:
        observer, written = observe_while_writing(
            server, [AASA_PATH, TOKEN_PATH], config_summary, config, parts,
            lambda: get(server.port, "/link?route=watched&id=abc")[0] == 200)
    finally:
        status = server.stop()
    assert status == 0, server.log_text()[-2000:]
    aasa, token = observer.seen[AASA_PATH], observer.seen[TOKEN_PATH]
    assert set(aasa) == {"200: 10 components", "200: 12 components"}, sorted(set(aasa))
    assert set(token) == {"200"}, sorted(set(token))
    assert aasa[-1] == "200: 12 components"
    messages = [entry.get("message") for entry in server.log_entries()]
    assert WAITING in messages
    assert messages.count("reloaded") == 1 and "reload rejected; still serving the previous config" not in messages
    print(f"{len(aasa) + len(token)} answers during and after a {written:.1f} s write in {len(parts)} parts: "
          f"AASA {sorted(set(aasa))}, /m/<token> {sorted(set(token))}")


def page_summary(target, status, body):
    text = body.decode("utf-8", "replace")
    whole = "</html>" in text and 'Charger <span class="value">CH-42</span>' in text
    marked = " marked" if 'id="watched-marker"' in text else ""
    return f"{status} {'whole' if whole else 'CUT'}{marked}"


def test_a_template_written_slowly_in_place_is_never_served_half_written(binary, tmp_path):
    config, public = copy_site(tmp_path)
    layout = public / "templates" / "layout.mustache"
    complete = layout.read_text(encoding="utf-8").replace("</main>", '<p id="watched-marker">v2</p>\n</main>')
    # The first part ends before the page's body: a layout that renders a page with no content.
    head, tail = complete.split('<main id="main">', 1)
    parts = [head, '<main id="main">' + tail[: len(tail) // 2], tail[len(tail) // 2:]]
    server = Server(binary, ["--config", str(config), "--public", str(public), "--watch"], tmp_path / "server.log")
    try:
        observer, _ = observe_while_writing(
            server, [PAGE_PATH], page_summary, layout, parts, lambda: "watched-marker" in get(server.port, PAGE_PATH)[1].decode())
    finally:
        status = server.stop()
    assert status == 0, server.log_text()[-2000:]
    pages = observer.seen[PAGE_PATH]
    assert set(pages) == {"200 whole", "200 whole marked"}, sorted(set(pages))
    assert pages[-1] == "200 whole marked"
    messages = [entry.get("message") for entry in server.log_entries()]
    assert WAITING in messages
    assert messages.count("reloaded") == 1
    print(f"{len(pages)} pages during and after a write in {len(parts)} parts: {sorted(set(pages))}")


def test_a_file_replaced_by_rename_is_reloaded_and_a_broken_one_refused(binary, tmp_path):
    config, public = copy_site(tmp_path)
    server = Server(binary, ["--config", str(config), "--public", str(public), "--watch"], tmp_path / "server.log")
    try:
        assert wait_for(watching(server))
        replace(config, config.read_text(encoding="utf-8") + GOOD_ROUTE)
        assert wait_for(lambda: get(server.port, "/link?route=watched&id=abc")[0] == 200), server.log_text()[-2000:]

        charger = public / "templates" / "charger.mustache"
        replace(charger, charger.read_text(encoding="utf-8").replace("{{/content}}", "{{#appURL}}{{/content}}"))
        rejected = lambda: [e for e in server.log_entries() if e.get("message", "").startswith("reload rejected")]
        assert wait_for(rejected), server.log_text()[-2000:]
        assert "charger.mustache" in rejected()[0]["problems"]
        status, body = get(server.port, PAGE_PATH)
        assert status == 200 and 'Charger <span class="value">CH-42</span>' in body.decode()
        assert get(server.port, "/link?route=watched&id=abc")[0] == 200, "the site applied before is still served"
    finally:
        status = server.stop()
    assert status == 0, server.log_text()[-2000:]
    messages = [entry.get("message") for entry in server.log_entries()]
    assert messages.count("changed on disk; reloading") == 2, messages
