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
        let detail: String?
        let parameter: String?
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
                if link.action(in: state).rawValue != vector.action {
                    problems.append("\(vector.url) in \(state): \(link.action(in: state)), the vector says \(vector.action ?? "none")")
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
        #expect(Set(vectors.compactMap(\.action)) == ["dispatch", "ignore"])
        #expect(Set(vectors.compactMap { $0.matched ? nil : $0.reason }).isSuperset(of: ["malformedURL", "invalidParameter", "noRoute", "foreignHost"]))
    }
}
