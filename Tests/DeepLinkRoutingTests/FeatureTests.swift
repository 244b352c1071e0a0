import DeepLinkWire
import Testing

@testable import DeepLinkRouting

@Suite("A route that requires a feature is ignored until the feature is enabled")
struct FeatureTests {
    typealias T = ExpresScanTable

    static func definition(features: [String] = ["premiumWorkflows", "betaCharging"], feature: String = "premiumWorkflows") -> RouteTableDefinition {
        var workflow = T.route("workflow", "w/$(id)", [("id", "a-z0-9", 1, 16, nil)], "workflowRequested", gate: "signedIn")
        workflow.feature = Located(feature, line: 7)
        return RouteTableDefinition(
            app: AppDefinition(name: Located("App"), appIDs: [Located("ABCDE12345.com.example.app")]), domains: [Located("a.example")],
            states: [Located("welcome"), Located("ready")], gates: [GateDefinition(name: Located("signedIn"), states: [Located("ready")])],
            features: features.map { Located($0) }, routes: [workflow, T.route("charger", "c/$(id)", [("id", "0-9", 1, 9, nil)], "charger")])
    }

    static let table: RouteTable = {
        do {
            return try RouteTable(definition())
        } catch {
            fatalError("\(error)")
        }
    }()

    @Test(
        "the action follows the state's gate and the enabled features",
        arguments: [
            ("ready", ["premiumWorkflows"], #""action":"dispatch"}"#),
            ("ready", [], #""action":"ignore","reason":"featureDisabled"}"#),
            (nil, [], #""action":"ignore","reason":"featureDisabled"}"#),
            ("ready", ["betaCharging"], #""action":"ignore","reason":"featureDisabled"}"#),
            ("welcome", ["premiumWorkflows"], #""action":"ignore"}"#),
            (nil, ["premiumWorkflows"], #""links""#),
            ("ready", nil, #""links""#),
        ] as [(String?, [String]?, String)])
    func action(state: String?, features: [String]?, ending: String) throws {
        let result = try Self.table.resolve("https://a.example/w/abc", state: state, features: features.map(Set.init))
        let json = result.json()
        #expect(json.contains(#""gate":"signedIn","feature":"premiumWorkflows","links""#))
        if ending == #""links""# {
            #expect(result.action == nil)
            #expect(!json.contains("action"))
        } else {
            #expect(json.hasSuffix(ending), "\(json)")
        }
    }

    @Test("a route without a feature is dispatched whatever the features, and its answer names none")
    func ungated() throws {
        let result = try Self.table.resolve("https://a.example/c/7", state: nil, features: [])
        #expect(result.action == .dispatch)
        #expect(!result.json().contains("feature"))
    }

    @Test("an unknown feature is an error naming the known ones")
    func unknownFeature() {
        #expect(throws: ResolveInputError.feature(UnknownFeatureError(feature: "premium", known: ["premiumWorkflows", "betaCharging"]))) {
            try Self.table.resolve("https://a.example/c/7", state: nil, features: ["premium"])
        }
        #expect(
            ResolveInputError.feature(UnknownFeatureError(feature: "premium", known: ["premiumWorkflows", "betaCharging"])).description
                == "unknown feature 'premium' (known features: premiumWorkflows, betaCharging)")
    }

    @Test("check refuses a route requiring an undeclared feature, and a feature listed twice")
    func check() {
        let diagnostics = RouteTable.compile(Self.definition(features: ["betaCharging", "betaCharging"], feature: "premium")).diagnostics
        #expect(
            diagnostics.map(\.description) == [
                "<table>: feature 'betaCharging' is listed twice",
                "<table>:7: route 'workflow': unknown feature 'premium' (known features: betaCharging)",
            ])
    }
}
