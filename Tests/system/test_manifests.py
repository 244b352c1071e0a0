"""What an app gets from the package: the products, the platform floor, the two manifests, and what an app that uses
only the app's products resolves and builds.

Package.swift (Swift 6.1 and later) and Package@swift-6.0.swift (Swift 6.0, Xcode 16.0 to 16.2) must declare the
app's half identically; the development-only targets and dependencies exist only behind their variables.
"""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT

APP_PRODUCTS = {"DeepLinkRouting", "DeepLinkRoutesPlugin", "GenerateDeepLinks"}
PRODUCTS = APP_PRODUCTS | {"deeplinkd"}
PLATFORMS = {"ios": "15.0", "macos": "12.0", "maccatalyst": "15.0", "tvos": "15.0", "watchos": "8.0", "visionos": "1.0"}
# What the app's code is built with, and what the plugin's tool is built with for the build machine (SwiftPM keeps the
# tool's modules apart, in Modules-tool); nothing the server alone needs.
APP_MODULES = {"DeepLinkBytes", "DeepLinkRouting"}
TOOL_MODULES = {"DeepLinkBytes", "DeepLinkRouting", "DeepLinkAASA", "DeepLinkConfig", "DeepLinkSwiftGenerator", "GeneratedNames",
                "ServerPlatform", "deeplinkd_routes", "Yams"}
SERVER_MODULES = {"MicroHTTP", "DeepLinkServer", "DeepLinkTemplates", "JSONLinesLog", "StrictJSON", "DeepLinkWire", "StickerCodes",
                  "LinkDoctor", "Logging", "ArgumentParser", "Mustache", "deeplinkd"}


def dump(directory, **environment):
    """`swift package dump-package` of the package in `directory`, with `environment` added to the process's."""
    completed = subprocess.run(["swift", "package", "--package-path", str(directory), "dump-package"],
                               capture_output=True, text=True, timeout=300,
                               env={**{k: v for k, v in os.environ.items() if not k.startswith("DEEPLINKD_")}, **environment})
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout)


def targets(manifest):
    return {target["name"]: target for target in manifest["targets"]}


def dependency_urls(manifest):
    return {dependency["sourceControl"][0]["location"]["remote"][0]["urlString"] for dependency in manifest["dependencies"]}


@pytest.fixture(scope="module")
def root():
    return dump(ROOT)


@pytest.fixture(scope="module")
def swift60(tmp_path_factory):
    """Package@swift-6.0.swift read on its own: the Swift 6.0 manifest API is all it may use, or this fails."""
    directory = tmp_path_factory.mktemp("swift60")
    shutil.copy(ROOT / "Package@swift-6.0.swift", directory / "Package.swift")
    for folder in ("Sources", "Plugins"):
        (directory / folder).symlink_to(ROOT / folder)
    return dump(directory)


def test_the_root_offers_the_executable_the_routing_library_and_the_plugins(root):
    assert {product["name"] for product in root["products"]} == PRODUCTS


@pytest.mark.parametrize("name", ["root", "swift60"])
def test_each_manifest_claims_ios_15_and_macos_12(name, request):
    manifest = request.getfixturevalue(name)
    assert {platform["platformName"]: platform["version"] for platform in manifest["platforms"]} == PLATFORMS


def test_the_swift_6_0_manifest_says_so(swift60):
    assert (ROOT / "Package@swift-6.0.swift").read_text(encoding="utf-8").startswith("// swift-tools-version:6.0\n")
    assert swift60["toolsVersion"]["_version"] == "6.0.0"


def test_the_swift_6_0_manifest_declares_the_apps_half_as_package_swift_does(root, swift60):
    assert {product["name"] for product in swift60["products"]} == APP_PRODUCTS
    for name, target in targets(swift60).items():
        assert name in targets(root), f"{name} is not in Package.swift"
        assert target == targets(root)[name], f"{name} differs between the two manifests"
    assert dependency_urls(swift60) <= dependency_urls(root)


def test_the_swift_6_0_manifest_holds_everything_its_products_need(swift60):
    declared = targets(swift60)
    pending = [name for product in swift60["products"] for name in product["targets"]]
    while pending:
        name = pending.pop()
        assert name in declared, f"{name} is needed by an app product but not declared"
        for dependency in declared[name]["dependencies"]:
            if "byName" in dependency:
                pending.append(dependency["byName"][0])


def test_development_targets_and_dependencies_exist_only_behind_their_variables(root):
    everything = dump(ROOT, DEEPLINKD_FUZZ="1", DEEPLINKD_BENCHMARKS="1", DEEPLINKD_DOCS="1")
    assert not any("benchmark" in url or "docc" in url for url in dependency_urls(root))
    assert not set(targets(root)) & {"FuzzSupport", "ResolveFuzzer", "RoutingBenchmarks"}
    assert set(targets(everything)) - set(targets(root)) == {
        "CLibFuzzer", "FuzzSupport", "ResolveFuzzer", "PatternFuzzer", "ConfigFuzzer", "LandingFuzzer", "TemplateFuzzer", "RoutingBenchmarks"}
    assert dependency_urls(everything) - dependency_urls(root) == {
        "https://github.com/ordo-one/benchmark", "https://github.com/swiftlang/swift-docc-plugin"}
    assert {product["name"] for product in everything["products"]} == PRODUCTS


def test_every_target_of_ours_builds_with_the_upcoming_features(root):
    """Every Swift target, that is: a system library, a plugin's manifest entry or a C target (CBatchedAnswers) has
    no Swift to build."""
    for name, target in targets(root).items():
        if target["type"] in ("system", "plugin"):
            continue
        directory = ROOT / (target.get("path") or ("Sources/" + name if target["type"] != "test" else "Tests/" + name))
        if not any(directory.rglob("*.swift")):
            assert any(directory.rglob("*.c")), f"{name}: neither Swift nor C in {directory}"
            continue
        features = {setting["kind"]["enableUpcomingFeature"]["_0"] for setting in target.get("settings", [])
                    if "enableUpcomingFeature" in setting["kind"]}
        assert features == {"ExistentialAny", "MemberImportVisibility", "InternalImportsByDefault"}, name


APP_MANIFEST = """// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "AppCheck",
    platforms: [.iOS(.v15), .macOS(.v12)],
    dependencies: [.package(name: "deeplinkd", path: "REPOSITORY")],
    targets: [
        .target(
            name: "AppRoutes",
            dependencies: [.product(name: "DeepLinkRouting", package: "deeplinkd")],
            plugins: [.plugin(name: "DeepLinkRoutesPlugin", package: "deeplinkd")]),
    ]
)
"""


@pytest.mark.timeout(1200)
def test_an_app_using_the_app_products_builds_only_what_they_need(tmp_path):
    """As docs/app.md says: the routing library for the app and the plugin's tool for the build
    machine, none of the server's modules; Yams is built, and the server's own dependencies are resolved, not built."""
    sources = tmp_path / "Sources" / "AppRoutes"
    sources.mkdir(parents=True)
    (tmp_path / "Package.swift").write_text(APP_MANIFEST.replace("REPOSITORY", str(ROOT)), encoding="utf-8")
    shutil.copy(ROOT / "config" / "deeplinkd.yaml", sources / "deeplinkd.yaml")
    (sources / "Opening.swift").write_text(
        "import Foundation\n\npublic func route(of url: URL) -> String? {\n    DeepLink(url: url).map { \"\\($0)\" }\n}\n", encoding="utf-8")
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DEEPLINKD_")}
    completed = subprocess.run(["swift", "build", "--package-path", str(tmp_path)], capture_output=True, text=True,
                               timeout=1200, env=environment)
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    resolved = {pin["identity"] for pin in json.loads((tmp_path / "Package.resolved").read_text())["pins"]}
    # swift-mustache is a dependency of test targets only (the templates' reference), which an app never resolves.
    assert resolved == {"yams", "swift-argument-parser", "swift-log"}
    build = tmp_path / ".build" / "debug"

    def modules(folder):
        return {path.name.removesuffix(".swiftmodule") for path in (build / folder).glob("*.swiftmodule")}

    assert modules("Modules") - {"AppRoutes"} == APP_MODULES
    assert modules("Modules-tool") == TOOL_MODULES
    compiled = {path.parent.name for path in build.glob("*.build/*.o")}
    assert not {name.removesuffix(".build").removesuffix("-tool") for name in compiled} & SERVER_MODULES
