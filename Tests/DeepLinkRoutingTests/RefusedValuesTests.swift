import Testing

@testable import DeepLinkRouting

/// Values that `serve`, the resolver or a browser would refuse are refused by `RouteTable.compile`, so `check` reports
/// them first, each on its line.
@Suite("Compiling refuses what serving, resolving or a browser would refuse")
struct RefusedValuesTests {
    typealias T = ExpresScanTable

    func messages(
        _ routes: [RouteDefinition], app: String = "App", domains: [String] = ["a.example"], schemes: [String] = ["app"],
        states: [String]? = nil, gates: [(String, [String])] = []
    ) -> [String] {
        let definition = RouteTableDefinition(
            app: AppDefinition(name: Located(app, line: 2), appIDs: [Located("ABCDE12345.com.example.app")]),
            domains: domains.map { Located($0, line: 4) }, schemes: schemes.map { Located($0) }, states: states.map { $0.map { Located($0, line: 6) } },
            gates: gates.map { GateDefinition(name: Located($0.0, line: 8), states: $0.1.map { Located($0, line: 8) }) }, routes: routes)
        return RouteTable.compile(definition).diagnostics.map { $0.formatted(file: "t.yaml") }
    }

    func route(_ name: String = "r", _ path: String = "r", landing: String? = nil, notification: String = "n", line: Int = 10) -> RouteDefinition {
        var route = T.route(name, path, [], notification)
        route.landing = landing.map { Located($0, line: line + 1) }
        route.path = Located(path, line: line + 2)
        route.name = Located(name, line: line)
        route.notification = Located(notification, line: line + 3)
        route.line = line
        return route
    }

    @Test(
        "a landing must be a plain template name",
        arguments: ["../../etc/passwd", "pages/charger", ".", "..", "charger.mustache", "", "chärger", "char ger", "charger\u{202E}"])
    func landingNotATemplateName(landing: String) {
        #expect(
            messages([route(landing: landing)]) == [
                "t.yaml:11: route 'r': landing '\(landing.visible)' is not a template name (letters, digits, '-' and '_')"
            ])
    }

    @Test("a landing cannot be one of the templates every page is made with", arguments: ["layout", "error"])
    func landingNotAPage(landing: String) {
        #expect(
            messages([route(landing: landing)]) == [
                "t.yaml:11: route 'r': landing '\(landing)' is not a page: 'layout' and 'error' are the templates every page is made with"
            ])
        #expect(messages([route(landing: "qr-Sign_in2")]).isEmpty)
    }

    @Test("a path component '.' or '..' is refused: browsers remove it, so no URL could match", arguments: [".", "a/..", "a/./b"])
    func dotSegments(path: String) {
        let segment = path.split(separator: "/").first { $0 == "." || $0 == ".." } ?? ""
        #expect(
            messages([route("r", path)]) == [
                "t.yaml:12: route 'r': path component '\(segment)' is a dot segment, which browsers remove before sending a URL, so no URL can match"
            ])
    }

    @Test("a route whose shortest URL passes the resolver's limit is refused; one exactly at the limit resolves back")
    func urlLength() throws {
        // https://a.example/ is 18 bytes.
        let limit = RouteTable.maximumURLLength
        let atLimit = T.route("r", String(repeating: "a", count: limit - 18), [], "n")
        let longer = T.route("r", String(repeating: "a", count: limit - 17), [], "n")
        let encoded = T.route("r", String(repeating: "é", count: (limit - 18) / 6 + 1), [], "n")
        let minimum = T.route("r", "c/$(id)", [("id", "a-z", limit - 20 + 1, limit, nil)], "n")
        let query = T.route("r", "q", [("code", "a-z", limit - 25 + 1, limit, true)], "n")
        let optional = T.route("r", "q", [("code", "a-z", limit, limit, false)], "n")
        let expensive = T.route("r", "c/$(id)", [("id", "%", limit / 3, limit, nil)], "n")
        let tooLong = { (bytes: Int) in
            "t.yaml: route 'r': its shortest URL is \(bytes) bytes on https://a.example (literals and every required parameter at its min), longer than the 4096 bytes deeplinkd resolves"
        }
        #expect(messages([atLimit], schemes: []).isEmpty)
        #expect(messages([longer], schemes: []) == [tooLong(4097)])
        #expect(messages([encoded], schemes: []) == [tooLong(18 + 6 * 680)])
        #expect(messages([minimum], schemes: []) == [tooLong(4097)])
        #expect(messages([query], schemes: []) == [tooLong(4097)])
        #expect(messages([optional], schemes: []).isEmpty)
        #expect(messages([expensive], schemes: []) == [tooLong(20 + 3 * (limit / 3))])

        let table = try T.table(schemes: [], [atLimit])
        let link = try #require(try table.links(route: "r", parameters: [:]).universal)
        #expect(link.utf8.count == limit)
        #expect(table.resolve(link).routeName == "r")
    }

    @Test("the longest origin a route opens on is the one measured")
    func urlLengthOnLongestOrigin() {
        let path = String(repeating: "a", count: 4096 - 18)
        let scoped = T.route("r", path, scopes: ["universal:a.example"], [], "n")
        let everywhere = T.route("r", path, scopes: ["universal", "app"], [], "n")
        #expect(messages([scoped], domains: ["a.example", "bb.example"]).isEmpty)
        #expect(
            messages([everywhere], domains: ["a.example", "bb.example"], schemes: ["a-much-longer-scheme"]) == [
                "t.yaml: route 'r': its shortest URL is 4101 bytes on a-much-longer-scheme: (literals and every required parameter at its min), longer than the 4096 bytes deeplinkd resolves"
            ])
    }

    static let hiddenCharacters: [Unicode.Scalar] = [
        "\u{0}", "\u{7}", "\u{9}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}", "\u{61C}", "\u{200E}", "\u{200F}", "\u{2028}", "\u{202A}", "\u{202B}",
        "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    ]

    @Test("names with a control or bidirectional formatting character are refused where they are written", arguments: hiddenCharacters)
    func hiddenCharactersInNames(scalar: Unicode.Scalar) {
        let bad = "Exp" + String(scalar) + "Scan"
        let shown = "Exp\\u{\(String(scalar.value, radix: 16, uppercase: true))}Scan"
        let code = "U+" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16, uppercase: true)
        let why = "contains \(code), a control or bidirectional formatting character"
        var withParameter = route("q", "q", line: 20)
        withParameter.parameters = [ParameterDefinition(name: bad, charset: "a-z", line: 24)]
        #expect(
            messages(
                [route(bad, "r"), route("n", "n", notification: bad, line: 15), withParameter], app: bad, states: ["ready", bad],
                gates: [(bad, ["ready"])]) == [
                    "t.yaml:2: app: name '\(shown)' \(why)",
                    "t.yaml:6: state '\(shown)' \(why)",
                    "t.yaml:8: gate name '\(shown)' \(why)",
                    "t.yaml:10: route name '\(shown)' \(why)",
                    "t.yaml:18: route 'n': notification '\(shown)' \(why)",
                    "t.yaml:24: route 'q': parameter name '\(shown)' \(why)",
                ])
    }

    @Test(
        "a path or alias with a control or bidirectional formatting character gets a warning, and the route still serves",
        arguments: hiddenCharacters)
    func hiddenCharactersInPaths(scalar: Unicode.Scalar) throws {
        let code = "U+" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16, uppercase: true)
        let shown = "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        var withAlias = route("r", "c/a\(scalar)b/$(id)")
        withAlias.parameters = [ParameterDefinition(name: "id", charset: "0-9", line: 14)]
        withAlias.aliases = [Located("old/\(scalar)$(id)", line: 16)]
        let why = "contains \(code), a control or bidirectional formatting character: a URL holds it only percent-encoded, and nobody types or scans it"
        #expect(
            messages([withAlias]) == [
                "t.yaml:12: warning: route 'r': path 'c/a\(shown)b/$(id)' \(why)",
                "t.yaml:16: warning: route 'r': alias 'old/\(shown)$(id)' \(why)",
            ])
        #expect(messages([route("r", "c/plain")]).isEmpty)
    }

    @Test("a gate's states are checked when no states list declares them")
    func hiddenCharactersInGateStates() {
        #expect(
            messages([route()], gates: [("signedOut", ["wel\u{202E}come"])]) == [
                "t.yaml:8: gate 'signedOut': state 'wel\\u{202E}come' contains U+202E, a control or bidirectional formatting character"
            ])
    }

    @Test(
        "a domain in Unicode is refused with its Punycode form",
        arguments: [
            ("bücher.example", "xn--bcher-kva.example"), ("München.de", "xn--mnchen-3ya.de"), ("日本語.jp", "xn--wgv71a119e.jp"),
            ("links.bücher.example", "links.xn--bcher-kva.example"),
        ])
    func punycode(domain: String, encoded: String) {
        #expect(
            messages([route()], domains: [domain, "a.example"]) == [
                "t.yaml:4: domain '\(domain)' has non-ASCII letters: write it in Punycode, as '\(encoded)'"
            ])
        #expect(messages([route()], domains: [encoded, "a.example"]).isEmpty)
    }

    @Test("an ASCII domain that is not a host name keeps its message")
    func asciiDomain() {
        #expect(
            messages([route()], domains: ["https://a.example", "a.example"]) == [
                "t.yaml:4: domain 'https://a.example' must be a bare host name (no scheme, port or path)"
            ])
    }
}
