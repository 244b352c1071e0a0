import DeepLinkConfig
import DeepLinkRouting
import Testing

/// What resolving says to an app given its version, for a route with `minAppVersion` and one without.
@Suite("Resolving for an app version: update before any gate, wait or feature")
struct MinAppVersionResolveTests {
    static let table: RouteTable? = try? Configuration(
        yaml: MinAppVersionConfigTests.yaml("\"2.3\"", extra: ", gate: signedIn, feature: beta, wait: [launching]")
    ).table

    static func resolve(_ path: String, state: String? = nil, features: Set<String>? = nil, appVersion: String?) throws -> ResolveResult {
        let table = try #require(Self.table)
        let version = try appVersion.map { try #require(AppVersion($0)) }
        return try table.resolve("https://a.example/" + path, state: state, features: features, appVersion: version)
    }

    @Test(
        "an older app is told to update, whatever its state and features",
        arguments: [
            ("2.2.9", nil, nil), ("2", "in", ["beta"]), ("1.0", "out", []), ("2.2", "launching", nil), ("0", nil, []),
        ] as [(String, String?, [String]?)])
    func older(version: String, state: String?, features: [String]?) throws {
        let result = try Self.resolve("i/abc", state: state, features: features.map(Set.init), appVersion: version)
        #expect(result.action == .update)
        #expect(result.minAppVersion?.text == "2.3")
        #expect(result.waitReason == nil && result.ignoreReason == nil)
    }

    @Test(
        "an app as new or newer gets what its state and features say",
        arguments: [
            ("2.3", "in", ["beta"], Action.dispatch), ("2.3.0", "in", [], .ignore), ("2.10", "out", ["beta"], .wait),
            ("3", "launching", ["beta"], .wait),
        ] as [(String, String?, [String]?, Action?)])
    func newer(version: String, state: String?, features: [String]?, action: Action?) throws {
        let result = try Self.resolve("i/abc", state: state, features: features.map(Set.init), appVersion: version)
        #expect(result.action == action)
        #expect(result.minAppVersion == nil)
    }

    @Test("a version alone decides a route that needs nothing else, and leaves undecided one that does")
    func versionAlone() throws {
        #expect(try Self.resolve("p/abc", appVersion: "1").action == .dispatch)
        #expect(try Self.resolve("i/abc", appVersion: "2.3").action == nil)
    }

    @Test("without a version nothing asks for an update: the answer is the one given without minAppVersion")
    func noVersion() throws {
        #expect(try Self.resolve("i/abc", state: "in", features: ["beta"], appVersion: nil).action == .dispatch)
        #expect(try Self.resolve("i/abc", appVersion: nil).action == nil)
        #expect(try Self.resolve("i/abc", state: "out", appVersion: nil).action == .wait)
    }

    @Test("a route without minAppVersion is never an update, however old the app")
    func routeWithout() throws {
        #expect(try Self.resolve("p/abc", state: "out", features: [], appVersion: "0").action == .dispatch)
    }

    @Test("an unmatched URL has no action, whatever the version")
    func unmatched() throws {
        let result = try Self.resolve("x/abc", state: "in", appVersion: "0")
        #expect(result.action == nil && result.minAppVersion == nil)
    }

    @Test("an unknown state is refused before the version is looked at")
    func unknownState() throws {
        #expect(throws: ResolveInputError.self) { try Self.resolve("i/abc", state: "nowhere", appVersion: "1") }
    }
}
