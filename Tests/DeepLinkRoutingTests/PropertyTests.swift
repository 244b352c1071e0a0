import DeepLinkWire
import Foundation
import Testing

@testable import DeepLinkRouting

@Suite("Hostile input never crashes the resolver")
struct PropertyTests {
    let table = ExpresScanTable.table

    static let fragments = [
        "https://", "expchg://", "expchg:", "http://", "HTTPS://", "links.example.com", "LINKS.EXAMPLE.COM", "evil.com",
        "/", "//", "c", "m", "u", "auth", "callback", "?", "&", "=", "#", "code", "id", "%", "%2F", "%2f", "%00", "%ZZ",
        "%C3", "%C3%A9", "%E2%85%BD", "%FF", "+", " ", "\t", "\u{0}", "<script>", "\"", "'", "javascript:", "..", ".",
        "@", ":", "8443", "[", "]", "::1", "é", "ⅽ", "😀", "\u{202E}", "\\", "a", "Z", "9", "-", "_", "~",
        String(repeating: "a", count: 70), String(repeating: "%41", count: 40),
    ]

    @Test("thousands of generated URLs resolve to a result whose JSON parses, and matches obey their rules")
    func generatedURLs() throws {
        var generator = SeededGenerator(seed: 0x5EED)
        var matched = 0
        var reasons: Set<UnmatchedReason> = []
        for _ in 0..<20_000 {
            let url = Self.generateURL(using: &generator)
            let result = try table.resolve(url, state: ExpresScanTable.states.randomElement(using: &generator))
            let json = result.json()
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
            #expect(object["url"] as? String == url)
            switch result.outcome {
            case .matched(let match):
                matched += 1
                for parameter in match.parameters {
                    #expect(match.route.parameter(named: parameter.name)?.rule.validate(parameter.value[...]) == nil)
                }
                let canonical = try #require(table.links(for: match).universal)
                #expect(table.resolve(canonical).parameters == result.outcome.parameters, "\(url) → \(canonical)")
            case .unmatched(let unmatched):
                reasons.insert(unmatched.reason)
                #expect(object["reason"] as? String == unmatched.reason.rawValue)
            }
        }
        #expect(matched > 50, "the generator reaches real routes")
        #expect(reasons == Set(UnmatchedReason.allCases).subtracting([.tooLong]))
    }

    static let prefixes = [
        "https://links.example.com/", "https://LINKS.example.com:8443//", "expchg://", "expchg:", "expchg:///", "http://links.example.com/",
        "https://evil.com/", "", "https://", "mailto:", "https://user@links.example.com/",
    ]
    static let shapes = ["c/", "m/", "u/", "auth/callback", "c", "x/", ""]

    /// Mostly well-formed link shapes with hostile pieces mixed in, so every reason is reached.
    static func generateURL(using generator: inout SeededGenerator) -> String {
        var url = (prefixes.randomElement(using: &generator) ?? "") + (shapes.randomElement(using: &generator) ?? "")
        for _ in 0..<Int.random(in: 0...6, using: &generator) {
            url += Bool.random(using: &generator) ? (fragments.randomElement(using: &generator) ?? "") : "abcdefghij"
        }
        if Int.random(in: 0..<4, using: &generator) == 0 {
            url += "?code=" + (fragments.randomElement(using: &generator) ?? "") + "x"
        }
        return url
    }

    @Test("over-long and binary-heavy input is refused, not crashed on")
    func extremes() {
        #expect(table.resolve(String(repeating: "/", count: 100_000)).unmatched?.reason == .tooLong)
        #expect(table.resolve("https://links.example.com/c/" + String(repeating: "%", count: 3000)).unmatched?.reason == .malformedURL)
        #expect(table.resolve("https://links.example.com" + String(repeating: "/c", count: 2000)).unmatched?.reason == .noRoute)
    }
}
