import DeepLinkRouting
import Foundation
import ServerUnderTest
import Testing

@testable import EveryShape

@Suite("The code generated from the every-shape table and deeplinkd serving that table agree")
struct ShapeDifferentialTests {
    static let table = "Examples/ExpresScanApp/Sources/EveryShape/deeplinkd.yaml"

    /// No feature, each feature alone, and all of them.
    static let featureSets: [[Feature]] = [[]] + Feature.allCases.map { [$0] } + [Feature.allCases]

    @Test("in every state with every feature set: the same outcome, route, values, links, stack, notification and action")
    func agree() throws {
        let server = try LiveServer(config: Self.table)
        let urls = ShapeURLs.all.compactMap { URL(string: $0) }
        let parses = urls.map(DeepLink.parse)
        var disagreements: [String] = []
        var routes: Set<String> = []
        var reasons: Set<String> = []
        var actions: Set<String> = []
        for state in AppState.allCases {
            for features in Self.featureSets {
                let results = try server.resolve(urls.map(\.absoluteString), state: state.rawValue, features: features.map(\.rawValue))
                try #require(results.count == urls.count)
                for (offset, result) in results.enumerated() {
                    let problem = Self.disagreement(parses[offset], result, state: state, features: Set(features))
                    if let problem { disagreements.append("\(urls[offset]) in \(state) with \(features): \(problem)") }
                    if let route = result["route"] as? String, result["matched"] as? Bool == true { routes.insert(route) }
                    if let reason = result["reason"] as? String { reasons.insert(reason) }
                    if let action = result["action"] as? String { actions.insert(action) }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.prefix(5))")
        // What was compared covers the table, so agreement is not agreement on a few shapes.
        #expect(routes == Set(DeepLinkTable.definition.routes.map(\.name.value)))
        #expect(reasons.isSuperset(of: ["noRoute", "invalidParameter", "channelNotAllowed", "foreignHost", "unsupportedScheme", "featureDisabled"]))
        #expect(actions == ["dispatch", "ignore"])
    }

    static func disagreement(_ parse: DeepLinkParse, _ result: [String: Any], state: AppState, features: Set<Feature>) -> String? {
        switch parse {
        case .unmatched(let unmatched):
            return UnmatchedComparison.disagreement(unmatched, result)
        case .link(let link):
            guard result["matched"] as? Bool == true else { return "generated code matched \(link), the server did not: \(result)" }
            let intent = DeepLinkTable.intent(of: link)
            let links = result["links"] as? [String: Any]
            // The generated links of a route with * or ** are nil (documented): the case does not carry what they took.
            let hasWildcards = ["docs", "file"].contains(intent.route)
            let expected: [String?] = [
                intent.route, hasWildcards ? nil : link.universalLink?.absoluteString, hasWildcards ? nil : link.appLink?.absoluteString,
                link.notification?.rawValue, link.requiredFeature?.rawValue, link.action(in: state, features: features).rawValue,
            ]
            let actual: [String?] = [
                result["route"] as? String, hasWildcards ? nil : links?["universal"] as? String, hasWildcards ? nil : links?["app"] as? String,
                result["notification"] as? String, result["feature"] as? String, result["action"] as? String,
            ]
            guard expected == actual, (result["params"] as? [String: String]) == intent.parameters else {
                return "generated \(expected) \(intent.parameters), server \(actual) \(result["params"] ?? "none")"
            }
            if hasWildcards, link.universalLink != nil || link.appLink != nil { return "a route with * or ** printed a link" }
            let stack = link.stack.map { DeepLinkTable.intent(of: $0) }.map { "\($0.route) \($0.parameters.sorted { $0.key < $1.key })" }
            let served = (result["stack"] as? [[String: Any]])?.map { entry in
                "\(entry["route"] as? String ?? "?") \(((entry["params"] as? [String: String]) ?? [:]).sorted { $0.key < $1.key })"
            }
            return stack == (served ?? [stack.last ?? ""]) ? nil : "generated stack \(stack), server \(served ?? [])"
        }
    }
}
