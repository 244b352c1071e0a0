import Testing

@testable import DeepLinkRouting

/// URLs that browsers (WHATWG), RFC 3986 and Foundation read differently are refused rather than read one way: the
/// server must never say "this link is ours" about a URL a browser opens on another host or path.
@Suite("URLs that browsers read differently are refused")
struct AmbiguousURLTests {
    let table = ExpresScanTable.table

    @Test(
        "a backslash anywhere is malformed: browsers read it as '/', so the host may be another site's",
        arguments: [
            (#"https://evil.com\@links.example.com/c/1"#, 16), (#"https://\evil.com\@links.example.com/c/1"#, 8),
            (#"https://evil.com\\@links.example.com/c/1"#, 16), (#"https:\\evil.com\@links.example.com/c/1"#, 6),
            (#"https://links.example.com\c\1"#, 25), (#"https://links.example.com/c\1"#, 27), (#"https://links.example.com/c/1\"#, 29),
            (#"https://links.example.com/auth/callback?code=a\b"#, 46), (#"expchg://evil.com\@c/1"#, 17), (#"expchg:c\1"#, 8),
        ])
    func backslash(url: String, offset: Int) throws {
        let unmatched = try #require(table.resolve(url).unmatched)
        #expect(unmatched.reason == .malformedURL)
        #expect(unmatched.detail == "URL contains a backslash at byte \(offset), which browsers read as '/'")
    }

    @Test("a percent-encoded backslash is a value, read alike by everyone, and refused by the charset")
    func encodedBackslash() throws {
        let unmatched = try #require(table.resolve("https://links.example.com/c/a%5Cb").unmatched)
        #expect(unmatched.detail == #"route 'charger': parameter 'id' contains a forbidden character U+005C '\'"#)
        #expect(table.resolve("https://evil.com%5C@links.example.com/c/1").routeName == "charger", "user info, dropped by everyone")
    }

    @Test(
        "ports run from 0 to 65535, leading zeros allowed as browsers allow them",
        arguments: [
            ("https://links.example.com:65536/c/1", false), ("https://links.example.com:99999/c/1", false),
            ("https://links.example.com:18446744073709551617/c/1", false), ("expchg://c:70000/1", false),
            ("https://links.example.com:65535/c/1", true), ("https://links.example.com:0/c/1", true),
            ("https://links.example.com:000443/c/1", true), ("https://links.example.com:/c/1", true),
        ])
    func ports(url: String, isValid: Bool) {
        let outcome = table.resolve(url)
        if isValid {
            #expect(outcome.routeName == "charger")
        } else {
            #expect(outcome.unmatched?.detail == "URL has a port that is not a number from 0 to 65535")
        }
    }

    @Test(
        "user info or a port around an empty host is an invalid host, as browsers say (found by the WHATWG differential)",
        arguments: ["expchg://@/c/1", "expchg://:443/c/1", "expchg://user@:1/c/1", "https://@/c/1", "https://:443/c/1"])
    func emptyHostWithUserInfoOrPort(url: String) throws {
        #expect(table.resolve(url).unmatched?.detail == "URL has an invalid host")
        #expect(table.resolve("expchg:///c/1").routeName == "charger", "an empty authority is still the path's start")
    }

    @Test(
        "a '.' or '..' path segment, plain or percent-encoded, is malformed: browsers remove it before sending",
        arguments: [
            "https://links.example.com/c/..", "https://links.example.com/c/.", "https://links.example.com/x/../c/1",
            "https://links.example.com/./c/1", "https://links.example.com/c/1/..", "https://links.example.com/c/%2e%2e",
            "https://links.example.com/c/%2E", "https://links.example.com/c/.%2E", "https://links.example.com/c/%2e.",
            "https://links.example.com/c//..//", "expchg://c/..", "expchg://../c/1", "expchg://./c/1", "expchg:c/%2e%2E",
            "expchg:///c/./1",
        ])
    func dotSegments(url: String) throws {
        let unmatched = try #require(table.resolve(url).unmatched)
        #expect(unmatched.reason == .malformedURL)
        #expect(unmatched.detail == "URL path has a '.' or '..' segment, which browsers remove before sending it")
    }

    @Test(
        "segments that only contain dots among other characters are values like any other",
        arguments: ["https://links.example.com/c/...", "https://links.example.com/c/.a", "https://links.example.com/c/%2e%2e%2e"])
    func notDotSegments(url: String) throws {
        let unmatched = try #require(table.resolve(url).unmatched)
        #expect(unmatched.reason == .invalidParameter)
    }

    @Test("a dot-segment request target is refused the same way on the server's path")
    func requestTarget() throws {
        let unmatched = try #require(table.resolve(on: .universal(host: "links.example.com"), target: "/m/../c/1").unmatched)
        #expect(unmatched.reason == .malformedURL)
    }

    @Test("a custom-scheme URL that no route takes reports the path it tried: host and path")
    func customSchemePath() throws {
        #expect(table.resolve("expchg://C/1").unmatched?.detail == "no route matches the path 'C/1'")
        #expect(table.resolve("expchg://user@C:80/1").unmatched?.detail == "no route matches the path 'C/1'")
        #expect(table.resolve("expchg:x/1").unmatched?.detail == "no route matches the path 'x/1'")
        #expect(table.resolve("https://links.example.com/x/1").unmatched?.detail == "no route matches the path '/x/1'")
    }

    @Test("a link whose path value is '.' or '..' is refused, since it could not reach the route")
    func dotSegmentLinks() throws {
        let table = try ExpresScanTable.table([ExpresScanTable.route("search", "s/$(q)", [("q", "a-z.", nil, nil, nil)], "n")])
        for value in [".", ".."] {
            #expect(throws: LinkError.dotSegment(route: "search", parameter: "q", segment: value)) {
                try table.links(route: "search", parameters: ["q": value])
            }
        }
        #expect(
            LinkError.dotSegment(route: "search", parameter: "q", segment: "..").description
                == "route 'search': parameter 'q' would make the path segment '..', which browsers remove, so the link would not open the route")
        let links = try table.links(route: "search", parameters: ["q": "..."])
        #expect(links.universal == "https://a.example/s/...")
        #expect(table.resolve("https://a.example/s/...").parameters == ["q": "..."])
    }
}
