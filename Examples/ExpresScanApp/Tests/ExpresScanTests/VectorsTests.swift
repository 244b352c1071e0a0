import ExpresScan
import Foundation
import Testing

/// The golden vectors `deeplinkd generate vectors` writes from the table (Vectors/deeplinkd-vectors.json, which
/// `make example-check` regenerates and compares): the generated parser gives each one's outcome with no server.
@Suite("The golden vectors of the table, through the generated parser alone")
struct VectorsTests {
    struct Vector: Decodable {
        let url: String
        let state: String?
        let features: [String]?
        let matched: Bool
        let route: String?
        let params: [String: String]?
        let action: String?
        let reason: String?
        let presentation: String?
        let expiry: Int?
        let detail: String?
        let parameter: String?
        /// The app's version the vector asks with, for a route with a `minAppVersion`; nil for none.
        let appVersion: String?
        /// The route's minimum, with the action `update`.
        let minAppVersion: String?
    }

    static func vectors() throws -> [Vector] {
        let url = try #require(Bundle.module.url(forResource: "Vectors/deeplinkd-vectors", withExtension: "json"))
        struct File: Decodable { let vectors: [Vector] }
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).vectors
    }

    @Test("every vector: the same route and parameters and action in its state, or the same reason and detail")
    func everyVector() throws {
        let vectors = try Self.vectors()
        var problems: [String] = []
        for vector in vectors {
            switch DeepLink.parse(vector.url) {
            case .link(let link):
                guard vector.matched, link.route.rawValue == vector.route, link.parameters == vector.params else {
                    problems.append("\(vector.url): parsed \(link), the vector says \(vector.route ?? "no route")")
                    continue
                }
                // The ExpresScan table has no features, so every vector is of the empty set.
                let state = try #require(vector.state.flatMap(DeepLink.AppState.init(rawValue:)))
                #expect(vector.features == [])
                let action = link.action(in: state, appVersion: vector.appVersion)
                let minimum: String? = if case .update(let minimum) = action { minimum } else { nil }
                if action.name != vector.action || action.serverReason != vector.reason || minimum != vector.minAppVersion {
                    problems.append(
                        "\(vector.url) in \(state) at \(vector.appVersion ?? "no version"): \(action), the vector says \(vector.action ?? "none") \(vector.reason ?? "")"
                    )
                }
                if link.presentation.rawValue != vector.presentation || Int(link.holdExpiry) != vector.expiry {
                    problems.append(
                        "\(vector.url): \(link.presentation), \(link.holdExpiry) s; the vector says \(vector.presentation ?? "none"), \(vector.expiry ?? 0)")
                }
            case .unmatched(let unmatched):
                let expected = [vector.reason, vector.detail, vector.route, vector.parameter]
                if vector.matched || expected != [unmatched.reason.rawValue, unmatched.detail, unmatched.route?.rawValue, unmatched.parameter] {
                    problems.append("\(vector.url): refused with \(unmatched), the vector says \(expected)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) of \(vectors.count) vectors differ, first: \(problems.prefix(5))")
        // The vectors reach every route, both outcomes and both actions.
        #expect(Set(vectors.compactMap { $0.matched ? $0.route : nil }) == Set(DeepLink.Route.allCases.map(\.rawValue)))
        #expect(Set(vectors.compactMap(\.action)) == ["dispatch", "ignore", "wait", "update"])
        // An older app is told to update in every state; one at the minimum gets the answer without a version.
        #expect(Set(vectors.compactMap { $0.action == "update" ? $0.state : nil }) == Set(DeepLink.AppState.allCases.map(\.rawValue)))
        #expect(Set(vectors.compactMap { $0.appVersion != nil && $0.action != "update" ? $0.action : nil }).isSuperset(of: ["dispatch", "wait"]))
        #expect(Set(vectors.compactMap { $0.action == "wait" ? $0.reason : nil }) == ["undecidedState", "notYetAdmitted"])
        #expect(Set(vectors.compactMap { $0.matched ? nil : $0.reason }).isSuperset(of: ["malformedURL", "invalidParameter", "noRoute", "foreignHost"]))
    }

    @Test("an inbox holds, hands over and drops each matched vector as /resolve says in its state, then in every next state")
    func inboxAgreesWithResolve() throws {
        let vectors = try Self.vectors().filter(\.matched)
        // One sequence per URL and app version: the vectors asked with a version are answered by an inbox at it.
        let byURL = Dictionary(grouping: vectors) { $0.url + " " + ($0.appVersion ?? "") }
        var problems: [String] = []
        var compared = 0
        for (url, states) in byURL {
            let answers = Dictionary(states.compactMap { vector in vector.state.map { ($0, vector) } }) { first, _ in first }
            for first in DeepLink.AppState.allCases {
                for next in DeepLink.AppState.allCases {
                    guard let before = answers[first.rawValue], let after = answers[next.rawValue] else {
                        problems.append("\(url): no vector in \(first) or \(next)")
                        continue
                    }
                    let inbox = DeepLink.Inbox(state: first, appVersion: before.appVersion, clock: TestClock().read)
                    let received = inbox.receive(before.url, from: .scan)
                    let updated = inbox.update(state: next)
                    compared += 1
                    if let problem = Self.disagreement(received, before, then: updated, after) {
                        problems.append("\(url) in \(first) then \(next): \(problem)")
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) of \(compared) sequences differ, first: \(problems.prefix(5))")
        #expect(compared == byURL.count * DeepLink.AppState.allCases.count * DeepLink.AppState.allCases.count)
    }

    /// What differs between an inbox's events (taking a URL in, then a new state) and the vectors of those two states.
    static func disagreement(_ received: [DeepLink.Inbox.Event], _ before: Vector, then updated: [DeepLink.Inbox.Event], _ after: Vector) -> String? {
        guard received.count == 1, let event = received.first else { return "took it in with \(received)" }
        switch (event, before.action) {
        case (.open, "dispatch"):
            return updated.isEmpty ? nil : "handed over, then \(updated)"
        case (.needsUpdate(_, let minimum), "update"):
            guard minimum == before.minAppVersion else { return "needs \(minimum), the vector says \(before.minAppVersion ?? "none")" }
            return updated.isEmpty ? nil : "needs an update, then \(updated)"
        case (.dropped(_, let reason), "ignore"):
            guard (reason == .featureDisabled ? reason.rawValue : nil) == before.reason else {
                return "dropped (\(reason)), the vector says \(before.reason ?? "no reason")"
            }
            return updated.isEmpty ? nil : "dropped, then \(updated)"
        case (.held(_, let reason), "wait"):
            guard reason.rawValue == before.reason else { return "held (\(reason)), the vector says \(before.reason ?? "no reason")" }
            let mismatch = "held, then \(updated) where the next state's vector says \(after.action ?? "none")"
            switch after.action {
            case "dispatch": return updated.count == 1 && updated.first?.opened != nil ? nil : mismatch
            case "wait": return updated.isEmpty ? nil : mismatch
            default:
                guard updated.count == 1, case .dropped(_, let dropped)? = updated.first, dropped != .expired, dropped != .duplicate else { return mismatch }
                return nil
            }
        default:
            return "\(event) where the vector says \(before.action ?? "none")"
        }
    }
}
