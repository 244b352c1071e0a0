"""The generated Kotlin parser (`deeplinkd generate kotlin`) against the live server's `POST /resolve`.

Three tables are generated: the default one, the example app's every-shape table (aliases, `*`/`**`, optional
query parameters, stacks, a secret route, gates, features, several domains and schemes, hostile names), and a table
whose route, parameter, state and feature names are Kotlin's hard, soft and modifier keywords, the names of members
Kotlin synthesizes (`copy`, `component1`, `name`, `ordinal`, `values`, ...) and the types the file uses
(`string`, `list`, ...). They are compiled once, with a small driver, by Debian's kotlinc (1.3.31, the oldest Kotlin
the generated code is written for), then every URL of the corpus goes through the compiled parser and through the
server: matched or not, the same route, parameters, channel, alias, canonical links, stack and notification, or the
same reason, detail, route and parameter; and in a state, the same action (`dispatch`, `wait` or `ignore`) and reason
(`undecidedState` and `notYetAdmitted` for a held link, `featureDisabled`). Zero disagreements.
"""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import DEFAULT_CONFIG, ROOT
from url_corpus import corpus

# kotlinc takes a minute on an idle core and several on a loaded machine: the bound is for a hang, not for speed.
pytestmark = pytest.mark.timeout(900)

EVERY_SHAPE = ROOT / "Examples" / "ExpresScanApp" / "Sources" / "EveryShape" / "deeplinkd.yaml"
KOTLIN_STDLIB = "/usr/share/java/kotlin-stdlib.jar"
BATCH = 1000
# kotlinc compiles the three files in about 90 s on an idle machine and several times that on a loaded one: the
# module's bound is for a hang, not a measure (pytest.ini's 120 s is passed while it still compiles).
pytestmark = pytest.mark.timeout(900)

HARD = ["as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is", "null", "object",
        "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof", "val", "var", "when", "while"]
SOFT = ["by", "catch", "constructor", "delegate", "dynamic", "field", "file", "finally", "get", "import", "param", "property",
        "receiver", "set", "setparam", "value", "where", "abstract", "actual", "annotation", "companion", "const", "crossinline", "data",
        "enum", "expect", "external", "final", "infix", "inline", "inner", "internal", "lateinit", "noinline", "open", "operator", "out",
        "override", "private", "protected", "public", "reified", "sealed", "suspend", "tailrec", "vararg", "it", "field"]
MEMBERS = ["copy", "component1", "component2", "equals", "hashCode", "toString", "values", "valueOf", "entries", "name", "ordinal",
           "routeName", "parameterValues", "routeIndex", "isSecret", "universalLinks", "from", "wireName", "link", "links", "channel", "via",
           "string", "list", "any", "int", "boolean", "unit", "pair", "array", "set", "deep-link-links2", "kotlin", "java"]


def hostile_table():
    """Routes, parameters, states and features named after every Kotlin keyword and synthesized member."""
    names = list(dict.fromkeys(HARD + SOFT + MEMBERS))
    routes = [f'  - {{name: "{name}", path: "k{index}/$(p)", scopes: [universal, app], params: {{p: {{charset: "a-z"}}, '
              f'"{names[(index + 1) % len(names)]}": {{charset: "a-z0-9"}}}}, notification: "{name}"}}'
              for index, name in enumerate(names) if name != "companion"]
    states = ", ".join(f'"{name}"' for name in names if name not in ("companion",))
    features = ", ".join(f'"{name}"' for name in names[:20])
    return (f'app: {{name: Hostile, appIDs: [ABCDE12345.com.example.hostile]}}\ndomains: [hostile.example]\nschemes: [hostile]\n'
            f'states: [{states}]\ngates: {{g: ["in", "name"]}}\nfeatures: [{features}]\nroutes:\n' + "\n".join(routes) + "\n"
            f'  - {{name: gated, path: "gated/$(this)", params: {{this: {{charset: a-z}}}}, gate: g, feature: "{names[0]}", stack: []}}\n')


@pytest.fixture(scope="module")
def compiled(binary, tmp_path_factory):
    """The three generated files and the driver, compiled into one jar by Debian's kotlinc."""
    for tool in ("kotlinc", "java"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is not installed: make test installs Debian's kotlin package (scripts/install-deps.sh)")
    directory = tmp_path_factory.mktemp("kotlin")
    hostile = directory / "hostile.yaml"
    hostile.write_text(hostile_table(), encoding="utf-8")
    check = subprocess.run([str(binary), "check", "--config", str(hostile)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    template = (Path(__file__).parent / "kotlin_driver.kt.in").read_text(encoding="utf-8")
    sources = [Path(__file__).parent / "kotlin_main.kt"]
    for name, config, package in (("default", DEFAULT_CONFIG, "links.expresscan"), ("everyshape", EVERY_SHAPE, "links.everyshape"),
                                  ("hostile", hostile, "links.hostile")):
        generated = directory / f"{name}.kt"
        arguments = ["--android-output", str(directory / "default_android.kt")] if name == "default" else []
        subprocess.run([str(binary), "generate", "kotlin", "--config", str(config), "--package", package, "--output", str(generated), *arguments],
                       check=True)
        driver = directory / f"{name}_driver.kt"
        driver.write_text(template.replace("PACKAGE", package), encoding="utf-8")
        sources += [generated, driver]
    # The Android extensions compile against stand-ins of the two SDK classes they use.
    sources += [directory / "default_android.kt", *sorted((Path(__file__).parent / "kotlin_android_stubs").glob("*.kt"))]
    jar = directory / "parsers.jar"
    result = subprocess.run(["kotlinc", *map(str, sources), "-d", str(jar)], capture_output=True, text=True)
    errors = [line for line in result.stderr.splitlines() if "error:" in line]
    assert result.returncode == 0 and not errors, result.stderr[-4000:]
    return {"jar": jar, "hostile": hostile}


def kotlin(compiled, table, urls, *arguments):
    """What the compiled parser of `table` says of each URL."""
    lines = "".join(url.encode("utf-8").hex() + "\n" for url in urls)
    result = subprocess.run(["java", "-cp", f"{compiled['jar']}:{KOTLIN_STDLIB}", "driver.Main", table, *arguments],
                            input=lines.encode(), capture_output=True, check=True)
    answers = [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
    assert len(answers) == len(urls)
    return answers


def server_answers(server, urls, **extra):
    results = []
    for start in range(0, len(urls), BATCH):
        status, answer = server.post_json("/resolve", {"urls": urls[start:start + BATCH], **extra})
        assert status == 200, answer
        results += answer["results"]
    return results


COMPARED = ["url", "matched", "route", "params", "channel", "via", "links", "notification", "stack", "reason", "detail", "parameter", "action",
            "minAppVersion"]


def disagreements(kotlin_answers, server_results):
    found = []
    for mine, theirs in zip(kotlin_answers, server_results):
        for key in COMPARED:
            if mine.get(key) != theirs.get(key):
                found.append((mine["url"], key, mine.get(key), theirs.get(key)))
    return found


def shape_urls(config_text, domains, schemes):
    """URLs around a table's literals: every route-ish path on every domain and scheme, with hostile values."""
    words = set()
    for line in config_text.splitlines():
        for marker in ("path:", "aliases:"):
            if marker in line:
                words.update(part for part in line.split(marker, 1)[1].replace('"', " ").replace("[", " ").replace("]", " ").replace(",", " ")
                             .replace("{", " ").replace("}", " ").split("/") if part.strip())
    literals = sorted({word.strip() for word in words if "$(" not in word and " " not in word.strip()})[:40]
    values = ["a", "abc", "ab%20c", "123456", "1234567", "A_1", "x" * 65, "CH-42", "%C3%A9", "%E2%80%AE", "%ZZ", "%", "%C3", "a%2Fb", "..",
              "%2e", "~ann", "st-A_1.html", "12.post", "\u00e9", "\U0001F600", "a\\b", "a b", "", "0" * 600]
    queries = ["", "?ref=abc1", "?self=q&in=x", "?page=12", "?2fa=123456&utm-source=&Type=%22%27%5C%20x", "?code=x&code=", "?self=", "?a&b=",
               "#frag", "?in=zz#top"]
    origins = [f"https://{domain}/" for domain in domains] + [f"{scheme}://" for scheme in schemes] + [f"{scheme}:" for scheme in schemes]
    urls = []
    for origin in origins:
        for first in literals + [""]:
            for value in values:
                for second in ["", "p/", "raw/", "posts/"]:
                    urls.append(f"{origin}{first}/{second}{value}" if first else f"{origin}{value}")
        for query in queries:
            urls += [origin + query, origin + "c/CH-1" + query, origin + "s/abc/p/12" + query, origin + "r/abc" + query, origin + "auth/2fa/123456" + query,
                     origin + "auth/2fa/12345" + query, origin + "files/x/raw/a.b" + query, origin + "docs/a/b" + query]
    return list(dict.fromkeys(urls))


def test_the_generated_kotlin_agrees_with_the_server_on_the_default_table(compiled, server):
    urls = corpus()[::5] + shape_urls(DEFAULT_CONFIG.read_text(encoding="utf-8"), ["links.example.com", "LINKS.example.com"], ["expchg", "EXPCHG"])
    urls += ["https://links.example.com/m/" + "a" * 4200, "https://links.example.com/c/" + "b" * 4000, "https://links.example.com/u/" + "é" * 300]
    assert len(urls) >= 20_000
    answers = kotlin(compiled, "default", urls)
    found = disagreements(answers, server_answers(server, urls))
    assert not found, f"{len(found)} disagreements, the first: {found[:5]}"
    reasons = {answer["reason"] for answer in answers if not answer["matched"]}
    assert reasons == {"malformedURL", "tooLong", "unsupportedScheme", "foreignHost", "noRoute", "invalidParameter", "channelNotAllowed"}
    matched = [answer for answer in answers if answer["matched"]]
    assert len(matched) > 200
    secret = [answer for answer in matched if answer["secret"]]
    assert secret and all("<redacted>" in answer["text"] and answer["params"]["token"] not in answer["text"] for answer in secret)


def test_the_generated_kotlin_agrees_with_the_server_on_every_shape_in_every_state(compiled, serve):
    text = EVERY_SHAPE.read_text(encoding="utf-8")
    server = serve("--config", EVERY_SHAPE, name="everyshape")
    urls = shape_urls(text, ["links.example.com", "go.example.org", "Go.Example.ORG"], ["every", "every-beta+dev.x"])
    answers = kotlin(compiled, "everyshape", urls)
    found = disagreements(answers, server_answers(server, urls))
    assert not found, f"{len(found)} disagreements of {len(urls)}, the first: {found[:5]}"
    assert {answer["route"] for answer in answers if answer["matched"]} >= {"home", "charger", "site", "product-detail", "return", "2fa-code", "docs"}
    matched = [answer["url"] for answer in answers if answer["matched"]]
    actions = set()
    for state in ["launching", "in", "none"]:
        for features in [[], ["none", "premium-workflows"], ["premium-workflows", "none", "default", "beta.2"]]:
            mine = kotlin(compiled, "everyshape", matched, state, ",".join(features))
            found = disagreements(mine, server_answers(server, matched, state=state, features=features))
            assert not found, f"{state} {features}: {found[:5]}"
            actions |= {(answer.get("action"), answer.get("reason")) for answer in mine}
    # The states compared reach every answer: held while launching and until a state the gate admits, and dropped.
    assert {("wait", "undecidedState"), ("wait", "notYetAdmitted"), ("dispatch", None), ("ignore", None), ("ignore", "featureDisabled")} <= actions
    # With the app's version: product-detail needs 2.10, so 2.9 (and 0) is told to update before its gate and feature,
    # and 2.10.0 or a later one gets the answer without a version.
    updates = set()
    for state in ["launching", "in", "none"]:
        for version in ["0", "2.9", "2.10.0", "10"]:
            mine = kotlin(compiled, "everyshape", matched, state, "premium-workflows", version)
            found = disagreements(mine, server_answers(server, matched, state=state, features=["premium-workflows"], appVersion=version))
            assert not found, f"{state} {version}: {found[:5]}"
            updates |= {(answer["route"], version) for answer in mine if answer.get("action") == "update"}
    assert {route for route, _ in updates} == {"product-detail"} and {version for _, version in updates} == {"0", "2.9"}


def test_kotlin_keywords_and_synthesized_member_names_compile_and_parse(compiled, serve):
    server = serve("--config", compiled["hostile"], name="hostile")
    urls = [f"https://hostile.example/k{index}/abc?it=x&value=y&copy=z" for index in range(140)] + ["hostile://k3/q", "https://hostile.example/gated/x"]
    answers = kotlin(compiled, "hostile", urls)
    assert not disagreements(answers, server_answers(server, urls))
    assert sum(answer["matched"] for answer in answers) > 100


def test_the_android_extensions_take_a_view_intent_and_nothing_else(compiled, server):
    urls = ["https://links.example.com/c/CH-42", "expchg://c/7", "https://links.example.com/m/abcdefghijklmnopq", "https://links.example.com/nope",
            "https://evil.example/c/1", "https://links.example.com/auth/callback?code=x"]
    result = subprocess.run(["java", "-cp", f"{compiled['jar']}:{KOTLIN_STDLIB}", "driver.Main", "intent"], input="\n".join(urls) + "\n",
                            capture_output=True, text=True, check=True)
    expected = [(answer.get("route") if answer["matched"] else "-") for answer in server_answers(server, urls)]
    assert [line.split() for line in result.stdout.splitlines()] == [[route, "-"] for route in expected]
    assert expected == ["charger", "charger", "magicEmailSignIn", "-", "-", "registrationCallback"]
