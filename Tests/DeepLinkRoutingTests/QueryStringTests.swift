import DeepLinkBytes
import DeepLinkRouting
import Foundation
import Testing

@Suite("Query strings split and decode as the resolver reads them")
struct QueryStringTests {
    @Test(
        "items, in order, each name and value decoded once",
        arguments: [
            ("", []),
            ("url=a", [("url", "a")]),
            ("a=1&&b=2&", [("a", "1"), ("b", "2")]),
            ("flag&x=", [("flag", ""), ("x", "")]),
            ("a=b=c", [("a", "b=c")]),
            ("plus=a+b%2B", [("plus", "a+b+")]),
            ("n%61me=%E6%97%A5%20x", [("name", "日 x")]),
            ("%26=%3D", [("&", "=")]),
            ("é=ü", [("é", "ü")]),
        ] as [(String, [(String, String)])]
    )
    func items(query: String, expected: [(String, String)]) throws {
        let items = try QueryString.items(in: query[...])
        #expect(items.map { String($0.name) } == expected.map(\.0))
        #expect(items.map { String($0.value) } == expected.map(\.1))
    }

    @Test(
        "the first item without '=' is found as written; empty items and values are not bare",
        arguments: [
            ("", nil),
            ("url=a", nil),
            ("x=&&y=", nil),
            ("flag", "flag"),
            ("a=1&flag&b", "flag"),
            ("a=1&&b", "b"),
            ("%66lag&x=1", "%66lag"),
            ("é&=", "é"),
            ("a=1&b=2&é\u{301}", "é\u{301}"),
        ] as [(String, String?)]
    )
    func bareItem(query: String, expected: String?) {
        #expect(QueryString.bareItem(in: query[...]).map(String.init) == expected)
    }

    @Test(
        "the first malformed escape is the error; UTF-8 is checked once every escape is well formed",
        arguments: [
            ("a=%", PercentDecodingError.invalidEscape("%")),
            ("a=%4", .invalidEscape("%4")),
            ("a=%ZZ1", .invalidEscape("%ZZ")),
            ("a=%FF%ZZ", .invalidEscape("%ZZ")),
            ("a=%FF", .invalidUTF8),
            ("%C3=1", .invalidUTF8),
            ("ok=1&b=%E6%97", .invalidUTF8),
        ])
    func errors(query: String, error: PercentDecodingError) {
        #expect(throws: error) { try QueryString.items(in: query[...]) }
    }

    @Test("agrees with a plain reading of the query on thousands of generated ones")
    func generatedQueries() throws {
        let alphabet: [String] = "ab=&%+2FfZ9 é日".map(String.init) + ["%41", "%2", "%E6%97%A5", "%C3%A9", "%FF", "&&", "=="]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let query = (0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "" }.joined()
            let expected = Self.reference(query)
            let actual = Result { () throws(PercentDecodingError) -> [String] in
                try QueryString.items(in: query[...]).map { "\($0.name)\u{0}\($0.value)" }
            }
            switch (expected, actual) {
            case (.success(let want), .success(let got)): #expect(got == want, "\(query.debugDescription)")
            case (.failure, .failure): break
            default: Issue.record("\(query.debugDescription): \(expected) against \(actual)")
            }
        }
    }

    /// Splits on `&` and `=` and decodes with Foundation; `+` is not special. Foundation writes invalid UTF-8 as
    /// U+FFFD where the resolver refuses it, and no generated query holds U+FFFD itself, so that counts as a refusal.
    private static func reference(_ query: String) -> Result<[String], any Error> {
        struct Undecodable: Error {}
        var items: [String] = []
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decoded = parts.map { String($0).removingPercentEncoding }
            guard decoded.allSatisfy({ $0 != nil && $0?.contains("\u{FFFD}") == false }) else { return .failure(Undecodable()) }
            items.append("\(decoded[0] ?? "")\u{0}\(decoded.count > 1 ? decoded[1] ?? "" : "")")
        }
        return .success(items)
    }
}
