import DeepLinkRouting
import Foundation
import ServerUnderTest
import Testing

@testable import ExpresScan

@Suite("The generated parser and the live server's POST /resolve agree")
struct DifferentialTests {
    static let count = 10_000

    @Test("on 10,000 generated URLs: matched or not, the same route, parameters, links, reason and detail")
    func agree() throws {
        let server = try LiveServer()
        var urls: [String] = []
        var parses: [DeepLinkParse] = []
        var generated = GeneratedURLs(seed: 13)
        while urls.count < Self.count, let text = generated.next() {
            // The app receives a URL, not a string: compare on the URL as Foundation keeps it.
            guard let url = URL(string: text) else { continue }
            urls.append(url.absoluteString)
            parses.append(DeepLink.parse(url))
        }
        var matched = 0
        var reasons: Set<UnmatchedReason> = []
        var disagreements: [String] = []
        for start in stride(from: 0, to: urls.count, by: 1000) {
            let batch = Array(urls[start..<min(start + 1000, urls.count)])
            let results = try server.resolve(batch)
            try #require(results.count == batch.count)
            for (offset, result) in results.enumerated() {
                let parse = parses[start + offset]
                if let problem = Self.disagreement(parse, result) { disagreements.append("\(batch[offset]): \(problem)") }
                switch parse {
                case .link: matched += 1
                case .unmatched(let unmatched): reasons.insert(unmatched.reason)
                }
            }
        }
        #expect(urls.count == Self.count)
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.prefix(5))")
        // Both outcomes are well represented, so agreement is not agreement on "no route" alone.
        #expect(matched > Self.count / 10 && matched < Self.count * 9 / 10, "\(matched) matched")
        #expect(reasons == [.noRoute, .invalidParameter, .channelNotAllowed, .foreignHost, .unsupportedScheme, .malformedURL])
    }

    static func disagreement(_ parse: DeepLinkParse, _ result: [String: Any]) -> String? {
        switch parse {
        case .link(let link):
            guard result["matched"] as? Bool == true else { return "generated code matched \(link), the server did not: \(result)" }
            let intent = DeepLinkTable.intent(of: link)
            let links = result["links"] as? [String: Any]
            let expected: [String?] = [intent.route, link.universalLink?.absoluteString, link.appLink?.absoluteString]
            let actual: [String?] = [result["route"] as? String, links?["universal"] as? String, links?["app"] as? String]
            guard expected == actual, (result["params"] as? [String: String]) == intent.parameters else {
                return "generated \(expected) \(intent.parameters), server \(actual) \(result["params"] ?? "none")"
            }
            return nil
        case .unmatched(let unmatched):
            return UnmatchedComparison.disagreement(unmatched, result)
        }
    }
}
