"""Every name `deeplinkd check` accepts compiles: a table whose routes, parameters, states, features and notifications
are named after every Swift keyword, contextual keyword, member the generated types have or synthesise (rawValue,
allCases, RawValue, AllCases, hashValue, init, …) and type the generated code names, is checked; what check refuses is
exactly the expected set for each kind; the rest generates code that compiles in every configuration, used from a
caller module that calls the whole API (so `AppState.allCases` stays unambiguous in the app too)."""

import json
import re

import pytest

from conftest import MODES, binary, caller_source, compile_module, generate, run

KEYWORDS = """associatedtype class deinit enum extension fileprivate func import init inout internal let open operator private
precedencegroup protocol public rethrows static struct subscript typealias var break case catch continue default defer do else
fallthrough for guard if in repeat return throw switch where while Any as await false is nil self Self super throws true try _
package consume copy discard borrowing consuming some any each macro sending nonisolated isolated actor async get set willSet
didSet lazy weak unowned mutating nonmutating optional required convenience dynamic final override indirect infix prefix postfix
left right none associativity precedence unsafe then Type Protocol""".split()

MEMBERS = """rawValue RawValue allCases AllCases hashValue hash encode description debugDescription customMirror CodingKeys
route parameters isSecret isValid validate universalLink appLink stack notification requiredFeature action parse sample Route
AppState Feature Action Parse Unmatched Notifications EmbeddedTable Reason Parts link value caseName String Bool Int Set Array
Dictionary Optional Never Error Hasher Mirror URL Notification NSUserActivity NSUserActivityTypeBrowsingWeb Decoder Encoder
CodingKey DecodingError EncodingError Codable Hashable Sendable CaseIterable CustomStringConvertible CustomDebugStringConvertible
CustomReflectable RouteTable RouteTableDefinition AppDefinition GateDefinition RouteDefinition ParameterDefinition Located Links
UnmatchedReason CompiledRoute ResolveFailure DeepLinkRouting Foundation Swift DeepLink compilation definition app gates routes
routesInOrder unavailable compiledRoute converted reason foundationRepair links dispatch ignore unmatched value0 route0 detail
state features hasher left right""".split()

NAMES = list(dict.fromkeys(KEYWORDS + MEMBERS))

# What check refuses, by kind: the sets of Sources/DeepLinkSwiftGenerator/Naming/ReservedNames.swift.
REFUSED = {
    "route": {"_", "Self", "Type", "Protocol", "RawValue", "allCases", "Route", "AppState", "Feature", "Action", "Parse", "Unmatched",
              "Notifications", "EmbeddedTable", "String", "Set", "Mirror", "URL", "DecodingError", "EncodingError", "Foundation",
              "DeepLink"},
    "parameter": {"_", "inout"},
    "state": {"_", "RawValue", "allCases"},
    "feature": {"_", "RawValue", "allCases"},
    "notification": {"_", "Foundation"},
}

PATTERNS = {
    "route": r"route '(.+?)': its Swift name '.+?' is taken in the generated",
    "parameter": r"parameter '(.+?)': its Swift name '.+?' cannot label a value",
    "state": r"state '(.+?)': its Swift name '.+?' is taken in the generated",
    "feature": r"feature '(.+?)': its Swift name '.+?' is taken in the generated",
    "notification": r"notification '(.+?)': its Swift name '.+?' cannot name a constant",
}


def table(names):
    """One table using every name of `names[kind]` in its kind."""
    quoted = {kind: [json.dumps(name) for name in values] for kind, values in names.items()}
    lines = ["app: {name: Names, appIDs: [ABCDE12345.com.example.names]}", "domains: [names.example]", "schemes: [names]",
             "states: [" + ", ".join(quoted["state"]) + "]", "features: [" + ", ".join(quoted["feature"]) + "]",
             "gates: {some: [" + quoted["state"][0] + "]}", "routes:"]
    parameters = ", ".join(f"{name}: {{charset: a-z}}" for name in quoted["parameter"])
    lines.append(f"  - {{name: withParameters, path: p, params: {{{parameters}}}, gate: some, feature: {quoted['feature'][0]}}}")
    for position, name in enumerate(quoted["route"]):
        notification = quoted["notification"][position] if position < len(quoted["notification"]) else None
        lines.append(f"  - {{name: {name}, path: r{position}, scopes: [universal, app]"
                     + (f", notification: {notification}" if notification else "") + "}")
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def accepted(tmp_path_factory):
    """The names check accepts, by kind, after asserting it refuses exactly the expected ones."""
    directory = tmp_path_factory.mktemp("names")
    path = directory / "deeplinkd.yaml"
    path.write_text(table({kind: NAMES for kind in PATTERNS}))
    result = run([binary(), "check", "--config", path])
    assert result.returncode == 1
    for kind, pattern in PATTERNS.items():
        refused = set(re.findall(pattern, result.stderr))
        assert refused == REFUSED[kind], f"{kind}: check refuses {sorted(refused)}, expected {sorted(REFUSED[kind])}"
    return {kind: [name for name in NAMES if name not in REFUSED[kind]] for kind in PATTERNS}


def test_a_table_of_every_accepted_name_passes_check(accepted, tmp_path):
    path = tmp_path / "deeplinkd.yaml"
    path.write_text(table(accepted))
    result = run([binary(), "check", "--config", path])
    assert result.returncode == 0, result.stderr
    assert f"routes" in result.stdout


@pytest.mark.parametrize("mode", MODES)
def test_every_accepted_name_compiles_and_the_whole_api_stays_usable(accepted, tmp_path, mode):
    path = tmp_path / "deeplinkd.yaml"
    path.write_text(table(accepted))
    generated = tmp_path / "DeepLink.swift"
    generate(path, generated, "--access-modifier", "public")
    assert compile_module([generated], tmp_path, mode) == []
    caller = tmp_path / "Caller.swift"
    caller.write_text(caller_source())
    assert compile_module([caller], tmp_path / "caller", mode, module="Caller", emit_module=False, extra=["-I", tmp_path]) == []
