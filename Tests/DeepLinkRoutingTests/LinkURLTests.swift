import Foundation
import Testing

@testable import DeepLinkRouting

@Suite("LinkURL splits absolute URLs")
struct LinkURLTests {
    @Test("splits scheme, host, port, path, query and fragment without decoding")
    func splitsParts() throws {
        let url = try LinkURL(parsing: "HTTPS://user:pw@Links.Example.com:8443/c/a%2Fb?x=1&y#frag")
        #expect(url.scheme == "HTTPS")
        #expect(url.host == "Links.Example.com")
        #expect(url.port == "8443")
        #expect(url.path == "/c/a%2Fb")
        #expect(url.query == "x=1&y")
        #expect(url.fragment == "frag")
    }

    @Test(
        "a custom scheme without authority keeps the whole path",
        arguments: [
            ("expchg:c/42", nil, "c/42"), ("expchg:///c/42", "", "/c/42"), ("expchg://c/42", "c", "/42"),
        ] as [(String, String?, String)])
    func customSchemeForms(text: String, host: String?, path: String) throws {
        let url = try LinkURL(parsing: text)
        #expect(url.host.map(String.init) == host)
        #expect(url.path == path[...])
    }

    @Test(
        "rejects what is not an absolute URL",
        arguments: [
            ("/c/42", URLSyntaxError.missingScheme), ("c/42", .missingScheme), ("1http://x/", .missingScheme),
            ("https://x/a b", .forbiddenCharacter(offset: 11)), ("https://x/\u{0}", .forbiddenCharacter(offset: 10)),
            ("https://x:8o/", .invalidPort), ("https://[::1/", .invalidHost), ("", .missingScheme),
        ])
    func rejects(text: String, error: URLSyntaxError) {
        #expect(throws: error) { try LinkURL(parsing: text) }
    }

    @Test("agrees with Foundation's URLComponents on a generated corpus of valid URLs")
    func agreesWithFoundation() throws {
        var generator = SeededGenerator(seed: 0xD1CE)
        let schemes = ["https", "HTTPS", "expchg", "a+b.c-d"]
        let hosts = ["links.example.com", "LINKS.example.com", "c", "", "127.0.0.1", "[::1]", "a%20b"]
        let pieces = ["c", "42", "a%2Fb", "%E2%85%BD", "~user", "a.b", "x-y_z", "", "%00", "+", "!$&'()*,;=", ":@"]
        let queries = [nil, "", "code=abc", "a=1&b=2&a=3", "flag", "x=%20+y", "=v&k="]
        var compared = 0
        for _ in 0..<5000 {
            let scheme = schemes.randomElement(using: &generator) ?? "https"
            let hasAuthority = Bool.random(using: &generator)
            let host = hosts.randomElement(using: &generator) ?? ""
            let port = Bool.random(using: &generator) ? ":\(Int.random(in: 1...65535, using: &generator))" : ""
            let path = (0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
            var text = scheme + ":" + (hasAuthority ? "//" + host + port : "")
            text += (hasAuthority || Bool.random(using: &generator) ? "/" : "") + path.joined(separator: "/")
            if let query = queries.randomElement(using: &generator) ?? nil { text += "?" + query }
            if Bool.random(using: &generator) { text += "#f" }
            guard let foundation = URLComponents(string: text) else { continue }
            // A port or user info around an empty host is refused on purpose: Foundation reads it, browsers do not; so is
            // an empty host after a special scheme (`https:///c`), where browsers take the path's first segment for the host.
            if foundation.percentEncodedHost == "",
                foundation.port != nil || foundation.percentEncodedUser != nil || scheme.lowercased() == "https"
            {
                #expect(throws: URLSyntaxError.invalidHost) { try LinkURL(parsing: text) }
                continue
            }
            let mine = try LinkURL(parsing: text)
            #expect(String(mine.scheme) == foundation.scheme, "\(text)")
            #expect(mine.host.map(String.init) == foundation.percentEncodedHost, "\(text)")
            #expect(mine.port.flatMap { Int($0) } == foundation.port, "\(text)")
            #expect(String(mine.path) == foundation.percentEncodedPath, "\(text)")
            #expect(mine.query.map(String.init) == foundation.percentEncodedQuery, "\(text)")
            #expect(mine.fragment.map(String.init) == foundation.percentEncodedFragment, "\(text)")
            compared += 1
        }
        #expect(compared > 3000)
    }

    @Test("one deliberate difference: punycode hosts stay as written (Foundation decodes them)")
    func punycodeHostsStayAsWritten() throws {
        #expect(try LinkURL(parsing: "https://xn--bcher-kva.example/c/1").host == "xn--bcher-kva.example")
    }
}

/// A deterministic generator (SplitMix64) so generated corpora are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
