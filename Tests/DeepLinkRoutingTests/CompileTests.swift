import Testing

@testable import DeepLinkRouting

@Suite("Compiling a table reports every problem")
struct CompileTests {
    typealias T = ExpresScanTable

    func messages(_ routes: [RouteDefinition], domains: [String] = ["a.example"], schemes: [String] = ["app"]) -> [String] {
        let definition = RouteTableDefinition(
            app: AppDefinition(name: Located("App"), appIDs: [Located("ABCDE12345.com.example.app")]),
            domains: domains.map { Located($0) }, schemes: schemes.map { Located($0) },
            gates: [GateDefinition(name: Located("signedOut"), states: [Located("welcome")])], routes: routes)
        return RouteTable.compile(definition).diagnostics.map { ($0.severity == .warning ? "warning: " : "") + $0.message }
    }

    @Test("the default table compiles without a single diagnostic")
    func defaultTableIsClean() {
        #expect(RouteTable.compile(T.definition).diagnostics.isEmpty)
    }

    @Test("a route that an earlier route always beats is an error")
    func shadowing() {
        #expect(
            messages([
                T.route("any", "c/$(id)", [("id", "A-Za-z0-9", 1, 64, nil)], "a"),
                T.route("digits", "c/$(n)", [("n", "0-9", 1, 10, nil)], "b"),
                T.route("literal", "c/42", [], "c"),
                T.route("everything", "**", [], "d"),
                T.route("after", "x/y", [], "e"),
            ]) == [
                "route 'digits' can never match: route 'any' matches every URL it would",
                "route 'literal' can never match: route 'any' matches every URL it would",
                "warning: route 'everything' overlaps route 'any': some URLs match both, and 'any' wins",
                "warning: route 'everything' overlaps route 'digits': some URLs match both, and 'digits' wins",
                "warning: route 'everything' overlaps route 'literal': some URLs match both, and 'literal' wins",
                "route 'after' can never match: route 'everything' matches every URL it would",
            ])
    }

    @Test("partial overlaps and per-channel shadowing are warnings")
    func overlaps() {
        #expect(
            messages(
                [
                    T.route("words", "p/$(a)", [("a", "a-z", nil, nil, nil)], "a"),
                    T.route("hex", "p/$(b)", [("b", "a-f0-9", nil, nil, nil)], "b"),
                    T.route("appOnly", "q/$(x)", scopes: ["universal", "app"], [("x", "0-9", nil, nil, nil)], "c"),
                    T.route("later", "q/$(y)", scopes: ["universal:a.example", "app:app"], [("y", "0-9", nil, nil, nil)], "d"),
                ], domains: ["a.example", "b.example"]) == [
                    "warning: route 'hex' overlaps route 'words': some URLs match both, and 'words' wins",
                    "warning: route 'appOnly' can never match on https://a.example: route 'later' matches every URL it would",
                    "warning: route 'appOnly' can never match on app:: route 'later' matches every URL it would",
                ])
    }

    @Test("a query parameter the earlier route requires keeps the later route reachable")
    func queryConstraintsAvoidFalseShadowing() {
        #expect(
            messages([
                T.route("withCode", "cb", [("code", "a-z", nil, nil, true)], "a"),
                T.route("plain", "cb", [], "b"),
            ]) == ["warning: route 'plain' overlaps route 'withCode': some URLs match both, and 'withCode' wins"])
    }

    @Test("two routes of one path that each require a query parameter the other lacks are told apart, not an overlap")
    func queryParametersSetRoutesApart() {
        #expect(
            messages([
                T.route("failed", "cb", [("error", "a-z_", nil, nil, true), ("state", "a-z", 0, nil, nil)], "a"),
                T.route("succeeded", "cb", [("code", "a-z", nil, nil, true), ("state", "a-z", 0, nil, nil)], "b"),
            ]).isEmpty)
        // One that requires what the other declares is still an overlap: a URL with both goes to the first.
        #expect(
            messages([
                T.route("failed", "cb", [("error", "a-z_", nil, nil, true)], "a"),
                T.route("succeeded", "cb", [("code", "a-z", nil, nil, true), ("error", "a-z", 0, nil, nil)], "b"),
            ]) == ["warning: route 'succeeded' overlaps route 'failed': some URLs match both, and 'failed' wins"])
    }

    @Test("every route-level mistake is reported, not just the first")
    func routeMistakes() {
        #expect(
            messages([
                T.route("", "c/$(id)", [("id", "a-z", nil, nil, nil)], ""),
                T.route("p", "c/$(id)/$(other)", scopes: ["web", "universal:b.example", "app:nope"], [("id", "z-a", 3, 1, nil)], "n", gate: "signedIn"),
                T.route("q", "q/$(id)", scopes: [], [("id", "a", -1, 0, false), ("id", "a", nil, nil, nil)], "n"),
            ]) == [
                "route has an empty name",
                "route '': notification is empty",
                "route 'p': unknown scope 'web' (use universal, app, universal:HOST or app:SCHEME)",
                "route 'p': scope 'universal:b.example' names a domain that is not in domains",
                "route 'p': scope 'app:nope' names a scheme that is not in schemes",
                "route 'p': unknown gate 'signedIn' (known gates: signedOut)",
                "route 'p': parameter 'id': min 3 is greater than max 1, so no value can match",
                "route 'p': parameter 'id': charset range 'z-a' is reversed",
                "route 'p': path parameter 'other' has no entry in params",
                "route 'q': scopes is empty, so nothing can open it",
                "warning: route 'q': parameter 'id' is in the path, so it is always required; 'required' has no effect",
                "route 'q': parameter 'id': min -1 is negative",
                "route 'q': parameter 'id': max 0 must be at least 1",
                "route 'q': parameter 'id' is declared twice",
            ])
    }

    @Test("a parameter that fills a whole component cannot allow the empty value (found by fuzzing)")
    func emptyComponent() {
        #expect(
            messages([T.route("r", "x/$(id)", [("id", "a-z", 0, 2, nil)], "n")]) == [
                "route 'r': parameter 'id' fills a whole path component, which is never empty; min must be at least 1"
            ])
        #expect(messages([T.route("r", "x/v$(id)", [("id", "a-z", 0, 2, nil)], "n")]).isEmpty, "with a prefix it can be empty")
    }

    @Test("a whole-component parameter whose charset allows '.' is warned about: '.' and '..' cannot be links")
    func dotCharset() {
        let warning =
            "warning: route 'r': parameter 'q' fills a whole path component and its charset allows '.', so the values '.' and '..' are refused: browsers remove such path segments"
        #expect(messages([T.route("r", "s/$(q)", [("q", "a-z.", nil, nil, nil)], "n")]) == [warning])
        #expect(messages([T.route("r", "s/$(q)", [("q", "a-z.", 3, nil, nil)], "n")]).isEmpty, "values of 3 or more characters are never dot segments")
        #expect(messages([T.route("r", "s/v$(q)", [("q", "a-z.", nil, nil, nil)], "n")]).isEmpty, "a prefix keeps the segment from being only dots")
        #expect(messages([T.route("r", "s", [("q", "a-z.", nil, nil, nil)], "n")]).isEmpty, "a query value is not a path segment")
    }

    @Test("table-level mistakes: names, domains, schemes, app IDs")
    func tableMistakes() {
        let definition = RouteTableDefinition(
            app: AppDefinition(name: Located(""), appIDs: [Located("abc.x"), Located("ABCDE12345.com.ok-app")], appStoreID: Located("12a")),
            domains: [Located("https://a.example"), Located("A.example"), Located("a.example")],
            schemes: [Located("http"), Located("x y"), Located("ok")],
            states: [Located("one"), Located("one")],
            gates: [GateDefinition(name: Located("g"), states: [Located("two")]), GateDefinition(name: Located("g"), states: [])],
            routes: [T.route("r", "r", [], "n"), T.route("r", "s", [], "n")])
        #expect(
            RouteTable.compile(definition).diagnostics.map(\.message) == [
                "app: name is empty",
                "app: appID 'abc.x' is not TEAMID.bundle.id (10 upper-case letters or digits, a dot, then the bundle ID)",
                "app: appStoreID '12a' must be the numeric App Store ID",
                "domain 'https://a.example' must be a bare host name (no scheme, port or path)",
                "domain 'a.example' is listed twice",
                "scheme 'http' must be a custom URL scheme (letters, digits, '+', '-', '.'; not http or https)",
                "scheme 'x y' must be a custom URL scheme (letters, digits, '+', '-', '.'; not http or https)",
                "gate 'g': unknown state 'two' (not in states)",
                "gate 'g' is defined twice",
                "gate 'g' admits no state",
                "state 'one' is listed twice",
                "duplicate route name 'r'",
            ])
    }
}
