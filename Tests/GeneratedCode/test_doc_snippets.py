"""The README's "Use it in your app" and the DocC catalog's articles compile as written: each ```swift block is
taken from the Markdown; a Package.swift is compiled against PackageDescription, the rest of a document as one module
with the code generated from config/deeplinkd.yaml, in every setting of test_generated_code.py. SwiftUI does not exist
on Linux: a snippet's `import SwiftUI` finds Fixtures/SwiftUI, a stand-in declaring only the SwiftUI API the snippets
call, with its signatures. And the catalog's article of the generated API is what `deeplinkd generate swift --docc`
writes for the default table."""

import re
from pathlib import Path

import pytest

from conftest import DEFAULT_TABLE, FIXTURES, MODES, ROOT, binary, compile_module, diagnostics, generate, run, swiftc

README = ROOT / "README.md"
CATALOG = ROOT / "Sources" / "DeepLinkRouting" / "DeepLinkRouting.docc"


def readme_section():
    text = README.read_text()
    start = text.index("## Use it in your app\n")
    return text[start:text.index("\n## ", start + 1)]


DOCUMENTS = {"README": readme_section} | {
    path.stem: (lambda path=path: path.read_text()) for path in sorted(CATALOG.glob("*.md"))
}


def snippets(text):
    """The ```swift blocks of `text`: (manifests, the others)."""
    blocks = re.findall(r"^```swift\n(.*?)^```$", text, re.S | re.M)
    manifests = [block for block in blocks if block.startswith("// swift-tools-version")]
    return manifests, [block for block in blocks if not block.startswith("// swift-tools-version")]


def manifest_api():
    return Path(swiftc()).resolve().parent.parent / "lib" / "swift" / "pm" / "ManifestAPI"


def test_every_document_with_code_has_its_snippets_compiled():
    counted = {name: sum(map(len, snippets(read()))) for name, read in DOCUMENTS.items()}
    assert counted["README"] == 2, counted
    for name in ["UsingItInYourApp", "GatingAtLaunch", "NavigationStack", "TestingWithVectors", "MigratingFromHandleUniversalLink"]:
        assert counted[name] >= 1, f"{name} has no Swift snippet"


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    path = tmp_path_factory.mktemp("generated") / "DeepLink.swift"
    generate(DEFAULT_TABLE, path)
    return path


@pytest.fixture(scope="module")
def swiftui(tmp_path_factory):
    """The stand-in SwiftUI module, built once per mode."""
    directory = tmp_path_factory.mktemp("swiftui")
    built = {}

    def build(mode):
        if mode not in built:
            folder = directory / mode
            assert compile_module([FIXTURES / "SwiftUI" / "SwiftUI.swift"], folder, mode, module="SwiftUI") == []
            built[mode] = folder
        return built[mode]
    return build


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("document", [name for name in DOCUMENTS if snippets(DOCUMENTS[name]())[1]])
def test_the_snippets_compile_with_the_generated_code(document, mode, generated, swiftui, tmp_path):
    _, code = snippets(DOCUMENTS[document]())
    sources = [generated]
    for number, block in enumerate(code):
        path = tmp_path / f"{document}-{number}.swift"
        path.write_text(block)
        sources.append(path)
    assert compile_module(sources, tmp_path / "module", mode, module="App", extra=["-I", swiftui(mode)]) == []


@pytest.mark.parametrize("document", [name for name in DOCUMENTS if snippets(DOCUMENTS[name]())[0]])
def test_the_package_manifests_compile(document, tmp_path):
    manifests, _ = snippets(DOCUMENTS[document]())
    for number, manifest in enumerate(manifests):
        version = re.match(r"// swift-tools-version:\s*([0-9.]+)", manifest).group(1)
        path = tmp_path / f"Package-{number}.swift"
        path.write_text(manifest)
        result = run([swiftc(), "-typecheck", "-I", manifest_api(), "-package-description-version", version, "-swift-version", "6", path])
        assert result.returncode == 0 and diagnostics(result.stderr) == [], result.stderr


def test_the_catalogs_article_of_the_generated_api_is_current():
    result = run([binary(), "generate", "swift", "--docc", "--config", DEFAULT_TABLE])
    assert result.returncode == 0, result.stderr
    assert (CATALOG / "GeneratedAPI.md").read_text() == result.stdout, "GeneratedAPI.md is stale: make generated-api-article"
