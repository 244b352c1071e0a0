import Testing

@testable import DeepLinkAASA

@Suite("Apple's component matching, as the doctor applies it to a served file")
struct AppleMatcherTests {
    typealias Rule = AppleMatcher.Rule

    @Test("the first matching component decides; an excluding one blocks; none matching opens nothing")
    func firstMatchDecides() {
        let matcher = AppleMatcher(rules: [Rule(path: "/c/*/?*", isExcluded: true), Rule(path: "/c/?*")])
        #expect(matcher.verdict(path: "/c/1", query: nil) == .opens(rule: 1))
        #expect(matcher.verdict(path: "/c/1/2", query: nil) == .blocked(rule: 0))
        #expect(matcher.verdict(path: "/d/1", query: nil) == .noMatch)
    }

    @Test(
        "a query string, a fragment, case-insensitive globs and escaped glob characters",
        arguments: [
            (Rule(path: "/help/*", query: "id=????"), "/help/x", "id=1234", nil, true),
            (Rule(path: "/help/*", query: "id=????"), "/help/x", "id=123", nil, false),
            (Rule(fragment: "no_universal_links", isExcluded: true), "/anything", nil, "no_universal_links", false),
            (Rule(path: "/Buy/*", isCaseSensitive: false), "/buy/shoes", nil, nil, true),
            (Rule(path: "/Buy/*"), "/buy/shoes", nil, nil, false),
            (Rule(path: "/a\\*b"), "/a*b", nil, nil, true),
            (Rule(path: "/a\\*b"), "/axxb", nil, nil, false),
            (Rule(path: "/x", queryItems: ["code": "?*"]), "/x/", "a=1&code=z", nil, true),
            (Rule(path: "/x", queryItems: ["code": "?*"]), "/x", "code=z&code=", nil, false),
        ] as [(Rule, String, String?, String?, Bool)])
    func components(rule: Rule, path: String, query: String?, fragment: String?, opens: Bool) {
        #expect(AppleMatcher(rules: [rule]).opensApp(path: path, query: query, fragment: fragment) == opens)
    }

    @Test("a pattern of many stars against a long path answers at once")
    func noBacktrackingBlowUp() {
        let pattern = String(repeating: "*a", count: 60) + "b"
        #expect(!AppleGlob.matches(pattern, String(repeating: "a", count: 5000)))
    }
}
