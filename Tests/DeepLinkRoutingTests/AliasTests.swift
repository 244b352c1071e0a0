import DeepLinkWire
import Testing

@testable import DeepLinkRouting

@Suite("A route's aliases resolve to the route, and links keep the canonical pattern")
struct AliasTests {
    typealias T = ExpresScanTable

    static func charger(aliases: [String], parameters: [(String, String, Int?, Int?, Bool?)] = [("id", "A-Za-z0-9", 1, 64, nil)]) -> RouteDefinition {
        var route = T.route("charger", "charger/$(id)", scopes: ["universal", "app"], parameters, "chargerDeepLinkRequested")
        route.aliases = aliases.enumerated().map { Located($1, line: 10 + $0) }
        return route
    }

    static func messages(_ routes: [RouteDefinition]) -> [String] {
        let definition = RouteTableDefinition(
            app: AppDefinition(name: Located("App"), appIDs: [Located("ABCDE12345.com.example.app")]),
            domains: [Located("a.example")], schemes: [Located("app")], routes: routes)
        return RouteTable.compile(definition).diagnostics.map { ($0.severity == .warning ? "warning: " : "") + $0.message }
    }

    @Test(
        "every pattern gives the same route and parameters; only an alias match says via",
        arguments: [
            ("https://a.example/charger/42?x=1", nil),
            ("https://a.example/c/42", "c/$(id)"),
            ("https://a.example/old/c-42.html", "old/c-$(id).html"),
            ("app://c/42", "c/$(id)"),
        ] as [(String, String?)])
    func resolves(url: String, via: String?) throws {
        let table = try T.table([Self.charger(aliases: ["c/$(id)", "old/c-$(id).html"])])
        guard case .matched(let match) = table.resolve(url) else {
            Issue.record("\(url) did not match")
            return
        }
        #expect(match.route.name == "charger")
        #expect(match.parameters.map { "\($0.name)=\($0.value)" } == ["id=42"])
        #expect(match.via?.description == via)
        #expect(table.links(for: match) == Links(universal: "https://a.example/charger/42", app: "app://charger/42"))
        let json = try table.resolve(url, state: nil).json()
        #expect(json.contains(#""via":"#) == (via != nil))
        if let via { #expect(json.contains(#""via":"\#(via)""#)) }
    }

    @Test("links are built with the canonical pattern, and a table lists its aliases")
    func canonicalLinks() throws {
        let table = try T.table([Self.charger(aliases: ["c/$(id)"])])
        #expect(try table.links(route: "charger", parameters: ["id": "7"]) == Links(universal: "https://a.example/charger/7", app: "app://charger/7"))
        #expect(table.routes[0].aliases.map(\.description) == ["c/$(id)"])
    }

    @Test("an alias's parameter is validated by the route's rule")
    func validates() throws {
        let table = try T.table([Self.charger(aliases: ["c/$(id)"])])
        #expect(table.resolve("https://a.example/c/4_2").unmatched?.detail == "route 'charger': parameter 'id' contains a forbidden character U+005F '_'")
    }

    @Test(
        "check refuses an alias that captures other parameters or has other wildcards",
        arguments: [
            (
                "c/$(code)",
                "route 'charger': alias 'c/$(code)' captures 'code' but path 'charger/$(id)' captures 'id'; every pattern of a route must capture the same parameters"
            ),
            (
                "c/42",
                "route 'charger': alias 'c/42' captures no parameter but path 'charger/$(id)' captures 'id'; every pattern of a route must capture the same parameters"
            ),
            (
                "c/$(id)/*",
                "route 'charger': alias 'c/$(id)/*' has other wildcards than path 'charger/$(id)'; every pattern of a route must have the same '*' and '**', in order"
            ),
            ("c/$(id", "route 'charger': bad alias pattern 'c/$(id': '$(id' opens '$(' without a closing ')'"),
        ])
    func refusesMismatch(alias: String, message: String) {
        #expect(Self.messages([Self.charger(aliases: [alias])]) == [message])
    }

    @Test("check reports an alias an earlier route shadows, and an alias its own path already covers")
    func shadowedAlias() {
        let earlier = T.route("code", "c/$(code)", scopes: ["universal", "app"], [("code", "A-Za-z0-9", 1, 64, nil)], "codeRequested")
        #expect(
            Self.messages([earlier, Self.charger(aliases: ["c/$(id)"])]) == [
                "route 'charger' alias 'c/$(id)' can never match: route 'code' matches every URL it would"
            ])
        let universalOnly = T.route("code", "c/$(code)", [("code", "A-Za-z0-9", 1, 64, nil)], "codeRequested")
        #expect(
            Self.messages([universalOnly, Self.charger(aliases: ["c/$(id)"])]) == [
                "warning: route 'charger' alias 'c/$(id)' can never match on https://a.example: route 'code' matches every URL it would"
            ])
        #expect(
            Self.messages([Self.charger(aliases: ["charger/$(id)/"])]) == [
                "route 'charger' alias 'charger/$(id)' can never match: route 'charger' matches every URL it would"
            ])
    }

    @Test("a later route an alias overlaps is warned about, at the alias's line")
    func overlap() {
        let later = T.route("digits", "c/$(n)", scopes: ["universal", "app"], [("n", "0-9A-Z", 1, 9, nil)], "digitsRequested")
        #expect(
            Self.messages([Self.charger(aliases: ["c/$(id)"], parameters: [("id", "a-z0-9", 1, 64, nil)]), later]) == [
                "warning: route 'digits' overlaps route 'charger' (line 10): some URLs match both, and 'charger' wins"
            ])
    }
}
