import Foundation
import ServerUnderTest
import Testing

@testable import EveryShape

@Suite(
    "The code generated from the every-shape table and deeplinkd serving that table agree",
    .enabled(if: LiveServer.isAvailable, "set DEEPLINKD_BINARY or put deeplinkd on PATH"))
struct ShapeDifferentialTests {
    static let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/EveryShape/deeplinkd.yaml")

    /// No feature, each feature alone, and all of them.
    static let featureSets: [[DeepLink.Feature]] = [[]] + DeepLink.Feature.allCases.map { [$0] } + [DeepLink.Feature.allCases]

    @Test("in every state with every feature set: the same outcome, route, values, links, stack, notification and action")
    func agree() throws {
        let server = try LiveServer(table: Self.table)
        let urls = ShapeURLs.all
        let parses = urls.map { DeepLink.parse($0) }
        var disagreements: [String] = []
        var routes: Set<String> = []
        var reasons: Set<String> = []
        var actions: Set<String> = []
        for state in DeepLink.AppState.allCases {
            for features in Self.featureSets {
                let results = try server.resolveAll(urls, state: state.rawValue, features: features.map(\.rawValue))
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
        #expect(routes == Set(DeepLink.Route.allCases.map(\.rawValue)))
        #expect(reasons.isSuperset(of: ["noRoute", "invalidParameter", "channelNotAllowed", "foreignHost", "unsupportedScheme", "featureDisabled"]))
        #expect(actions == ["dispatch", "ignore", "wait"])
        #expect(reasons.isSuperset(of: ["undecidedState", "notYetAdmitted"]))
    }

    static func disagreement(_ parse: DeepLink.Parse, _ result: [String: Any], state: DeepLink.AppState, features: Set<DeepLink.Feature>) -> String? {
        switch parse {
        case .unmatched(let unmatched):
            return ResolveComparison.refusal(
                reason: unmatched.reason.rawValue, detail: unmatched.detail, route: unmatched.route?.rawValue, parameter: unmatched.parameter, result)
        case .link(let link):
            // The generated links of a route with * or ** are nil (documented): the case does not carry what they took.
            let hasWildcards = [DeepLink.Route.docs, .file].contains(link.route)
            let links = hasWildcards ? nil : (link.universalLink?.absoluteString, link.appLink?.absoluteString)
            if let problem = ResolveComparison.link(route: link.route.rawValue, parameters: link.parameters, links: links, result) { return problem }
            if hasWildcards, link.universalLink != nil || link.appLink != nil { return "a route with * or ** printed a link" }
            let action = link.action(in: state, features: features)
            let expected: [String?] = [link.notification?.rawValue, link.requiredFeature?.rawValue, action.name, action.serverReason]
            let actual: [String?] = [result["notification"] as? String, result["feature"] as? String, result["action"] as? String, result["reason"] as? String]
            guard expected == actual else { return "generated \(expected), server \(actual)" }
            let stack = link.stack.map { "\($0.route.rawValue) \($0.parameters.sorted { $0.key < $1.key })" }
            let served = (result["stack"] as? [[String: Any]])?.map { entry in
                "\(entry["route"] as? String ?? "?") \(((entry["params"] as? [String: String]) ?? [:]).sorted { $0.key < $1.key })"
            }
            return stack == (served ?? [stack.last ?? ""]) ? nil : "generated stack \(stack), server \(served ?? [])"
        }
    }
}
