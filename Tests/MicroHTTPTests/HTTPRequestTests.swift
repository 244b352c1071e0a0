import MicroHTTP
import Testing

@Suite("Request targets split into path and query")
struct HTTPRequestTests {
    @Test(
        "path and raw query come from the raw target, undecoded",
        arguments: [
            ("/c/a%2Fb?x=%00y+z", "/c/a%2Fb", "x=%00y+z"),
            ("/plain", "/plain", nil),
            ("/empty?", "/empty", ""),
            ("/two?a=1?b=2", "/two", "a=1?b=2"),
            ("*", "*", nil),
        ] as [(String, String, String?)]
    )
    func targetSplits(target: String, path: String, query: String?) {
        let request = HTTPRequest(method: "GET", target: target)
        #expect(request.path == path)
        #expect(request.rawQuery == query)
    }
}

@Suite("The virtual host a request names")
struct HTTPRequestHostNameTests {
    @Test(
        "the Host header without port or trailing dot, lower-cased; nil when missing or malformed",
        arguments: [
            ("links.example.com", "links.example.com"),
            ("Links.Example.COM", "links.example.com"),
            ("links.example.com:8080", "links.example.com"),
            ("LINKS.example.com.:443", "links.example.com"),
            ("links.example.com.", "links.example.com"),
            ("links.example.com:", "links.example.com"),
            ("127.0.0.1:80", "127.0.0.1"),
            ("[::1]", "[::1]"),
            ("[FE80::1]:8443", "[fe80::1]"),
            ("a", "a"),
            ("", nil),
            ("links..example.com", nil),
            (".example.com", nil),
            ("links.example.com:abc", nil),
            ("links.example.com:65536", nil),
            ("a,b", nil),
            ("%41.example.com", nil),
            ("[::1", nil),
            ("user@links.example.com", nil),
        ] as [(String, String?)]
    )
    func hostName(header: String, expected: String?) {
        let request = HTTPRequest(method: "GET", target: "/", headers: ["Host": header])
        #expect(request.hostName == expected)
    }

    @Test("without a Host header there is no host name")
    func noHost() {
        let request = HTTPRequest(method: "GET", target: "/", headers: ["Accept": "*/*"])
        #expect(request.hostName == nil)
        #expect(request.hostName(among: ["links.example.com"]) == nil)
    }

    @Test("the first Host header is the one read, its name in any case")
    func firstHost() {
        let request = HTTPRequest(method: "GET", target: "/", headers: ["HOST": "one.example", "Host": "two.example"])
        #expect(request.hostName == "one.example")
        #expect(request.hostName(among: ["two.example", "one.example"]) == "one.example")
    }

    @Test(
        "among candidates, the one that is the host name, compared as hostName gives it",
        arguments: [
            ("links.example.com", "links.example.com"),
            ("LINKS.Example.com:443", "links.example.com"),
            ("go.example.org.", "go.example.org"),
            ("[::1]:80", "[::1]"),
            ("other.example.com", nil),
            ("links.example.co", nil),
            ("links.example.comm", nil),
            ("links.example.com:abc", nil),
            ("", nil),
            // A candidate as it stands, in any case, or a value of its length that is not it.
            ("LINKS.EXAMPLE.COM", "links.example.com"),
            ("links.example.co%", nil),
            ("links.example.co ", nil),
            ("links.example.co.", nil),
            ("Upper.Example.com", nil),
        ] as [(String, String?)]
    )
    func amongCandidates(header: String, expected: String?) {
        let candidates = ["links.example.com", "go.example.org", "[::1]", "Upper.Example.com"]
        let request = HTTPRequest(method: "GET", target: "/", headers: ["Host": header])
        #expect(request.hostName(among: candidates) == expected)
        #expect(request.hostName(among: candidates) == request.hostName.flatMap { candidates.contains($0) ? $0 : nil })
    }
}
