import ExpresScan
import Foundation
import ServerUnderTest
import Testing

/// The generated parser against the live server's `POST /resolve` on the same strings: 10,000 generated around the
/// table's shapes and 12,000 hostile ones (backslashes, bad escapes, spaces and controls, Unicode, user info, ports).
@Suite("The generated parser and the live server's POST /resolve agree", .enabled(if: LiveServer.isAvailable, "set DEEPLINKD_BINARY or put deeplinkd on PATH"))
struct DifferentialTests {
    static let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ExpresScan/deeplinkd.yaml")

    static let strings: [String] = {
        var generated = GeneratedURLs(seed: 13)
        let shaped = (0..<10_000).compactMap { _ in generated.next() }
        // And one longer than the server reads, for its reason too.
        return shaped + HostileURLs.all(stride: 12) + ["https://links.example.com/c/" + String(repeating: "a", count: 5000)]
    }()

    @Test("on over 20,000 strings, parsed from the string: matched or not, the same route, parameters, links, reason and detail")
    func strings() throws {
        let results = try LiveServer(table: Self.table).resolveAll(Self.strings)
        var disagreements: [String] = []
        var matched = 0
        var reasons: Set<String> = []
        for (string, result) in zip(Self.strings, results) {
            let problem: String?
            switch DeepLink.parse(string) {
            case .link(let link):
                matched += 1
                let links = (link.universalLink?.absoluteString, link.appLink?.absoluteString)
                problem = ResolveComparison.link(route: link.route.rawValue, parameters: link.parameters, links: links, result)
            case .unmatched(let unmatched):
                reasons.insert(unmatched.reason.rawValue)
                problem = ResolveComparison.refusal(
                    reason: unmatched.reason.rawValue, detail: unmatched.detail, route: unmatched.route?.rawValue, parameter: unmatched.parameter, result)
            }
            if let problem { disagreements.append("\(string.debugDescription): \(problem)") }
        }
        print("differential of strings: \(Self.strings.count) compared, \(matched) matched, \(disagreements.count) disagreements")
        #expect(Self.strings.count >= 20_000)
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.prefix(5))")
        // Both outcomes, and every reason, are well represented, so agreement is not agreement on "no route" alone.
        #expect(matched > 1_000 && matched < Self.strings.count / 2, "\(matched) of \(Self.strings.count) matched")
        #expect(reasons == Set(DeepLink.Unmatched.Reason.allCases.map(\.rawValue)))
    }

    @Test("as URLs Foundation made of them: never a link the server refuses, except a host Foundation maps to a configured domain")
    func urls() throws {
        let results = try LiveServer(table: Self.table).resolveAll(Self.strings)
        var disagreements: [String] = []
        var repaired = 0
        var literalEscapes = 0
        var mappedHosts = 0
        for (string, result) in zip(Self.strings, results) {
            guard let url = URL(string: string) else { continue }
            let isRefused = result["matched"] as? Bool != true
            switch DeepLink.parse(url) {
            case .link(let link) where isRefused:
                // Foundation maps a Unicode host as browsers do (`linKs` with a Kelvin sign is links.example.com), so
                // the URL the app holds names the domain; the server refuses the string's non-ASCII host.
                if let host = Self.host(of: string), !host.allSatisfy(\.isASCII), url.host == HostileURLs.domain {
                    mappedHosts += 1
                } else {
                    disagreements.append("\(string.debugDescription) → \(url.absoluteString): opened \(link), the server refuses it: \(result)")
                }
            case .link(let link):
                let problem = ResolveComparison.link(route: link.route.rawValue, parameters: link.parameters, links: nil, result)
                if let problem { disagreements.append("\(string.debugDescription) → \(url.absoluteString): \(problem)") }
            case .unmatched(let unmatched) where !isRefused:
                // The string itself holds an escape Foundation writes when it repairs one (`%5C`): from a URL the two
                // cannot be told apart, and the parser refuses rather than open a repaired one.
                if let escape = Self.repairEscape(in: unmatched.detail), string.contains(escape) {
                    literalEscapes += 1
                } else {
                    disagreements.append("\(string.debugDescription) → \(url.absoluteString): refused (\(unmatched)), the server opens it")
                }
            case .unmatched(let unmatched):
                if unmatched.detail.contains("which Foundation writes") { repaired += 1 }
            }
        }
        print("differential of URLs: \(repaired) repairs refused, \(literalEscapes) strings spelling a repair's escape, \(mappedHosts) hosts mapped")
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.prefix(5))")
        // The repairs the URL parser refuses are there, and the mapped hosts and the strings that spell a repair's
        // escape themselves are the only exceptions.
        #expect(repaired > 100, "\(repaired) repaired URLs refused")
        #expect(literalEscapes < repaired / 4, "\(literalEscapes) strings spell a repair's escape")
        #expect(mappedHosts > 0 && mappedHosts < 200, "\(mappedHosts) mapped hosts")
    }

    @Test("a backslash, a bad escape or a space Foundation repaired opens nothing from the URL, as the server refuses the string")
    func repairs() throws {
        let url = try #require(URL(string: "https://evil.com\\@links.example.com/c/1"))
        #expect(url.absoluteString == "https://evil.com%5C@links.example.com/c/1")
        let detail = "URL has '%5C', which Foundation writes for a character the server refuses; parse the original string instead"
        #expect(DeepLink.parse(url) == .unmatched(DeepLink.Unmatched(reason: .malformedURL, detail: detail)))
        for string in ["https://evil.com\\@links.example.com/c/1", "https://links.example.com/c/1%", "expchg://c/1 2", "https://links.example.com/u/ab%zzcd"] {
            #expect(DeepLink(url: try #require(URL(string: string))) == nil, "\(string)")
            #expect(DeepLink.parse(string).reason == .malformedURL, "\(string)")
        }
        // A lower-case escape is never Foundation's, so it is the server's verdict on the string itself.
        #expect(DeepLink(url: try #require(URL(string: "https://evil.com%5c@links.example.com/c/1"))) == .charger(id: "1"))
    }

    /// The escape a repair refusal's detail names (`'%5C'`).
    static func repairEscape(in detail: String) -> String? {
        guard detail.contains("which Foundation writes"), let start = detail.firstIndex(of: "'") else { return nil }
        return String(detail[detail.index(after: start)...].prefix { $0 != "'" })
    }

    /// The authority of `string`, between `//` and the next `/`, `?` or `#`.
    static func host(of string: String) -> Substring? {
        guard let start = string.range(of: "//")?.upperBound else { return nil }
        return string[start...].prefix { !"/?#".contains($0) }
    }
}

extension DeepLink.Parse {
    /// The reason of a refusal; nil for a link.
    var reason: DeepLink.Unmatched.Reason? {
        if case .unmatched(let unmatched) = self { unmatched.reason } else { nil }
    }
}
