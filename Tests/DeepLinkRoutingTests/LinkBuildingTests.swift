import Testing

@testable import DeepLinkRouting

@Suite("Building links from intents")
struct LinkBuildingTests {
    let table = ExpresScanTable.table

    @Test(
        "builds the canonical links for every route",
        arguments: [
            ("charger", ["id": "CH-42"], Links(universal: "https://links.example.com/c/CH-42", app: "expchg://c/CH-42")),
            ("magicEmailSignIn", ["token": "abcdefghijklmnop"], Links(universal: "https://links.example.com/m/abcdefghijklmnop", app: nil)),
            ("userQrSignIn", ["publicId": "abcd"], Links(universal: "https://links.example.com/u/abcd", app: nil)),
            ("registrationCallback", ["code": "x.y~z"], Links(universal: "https://links.example.com/auth/callback?code=x.y~z", app: nil)),
        ])
    func builds(route: String, parameters: [String: String], links: Links) throws {
        #expect(try table.links(route: route, parameters: parameters) == links)
    }

    @Test(
        "round trip: every built link resolves to the same route and parameters, in both channels",
        arguments: [
            ("charger", ["id": "a"]), ("charger", ["id": String(repeating: "Z", count: 64)]), ("charger", ["id": "-_-"]),
            ("magicEmailSignIn", ["token": String(repeating: "t", count: 512)]), ("userQrSignIn", ["publicId": "A_b-"]),
            ("registrationCallback", ["code": "~._-"]),
        ])
    func roundTrip(route: String, parameters: [String: String]) throws {
        let links = try table.links(route: route, parameters: parameters)
        for url in [links.universal, links.app].compactMap({ $0 }) {
            let outcome = table.resolve(url)
            #expect(outcome.routeName == route, "\(url)")
            #expect(outcome.parameters == parameters, "\(url)")
        }
    }

    @Test("values that need encoding are percent-encoded and decode back")
    func encodesValues() throws {
        let table = try ExpresScanTable.table([
            ExpresScanTable.route("search", "s/$(term)", scopes: ["universal", "app"], [("term", "a-z /%é", nil, nil, nil), ("q", "a-z&=", 0, nil, nil)], "n")
        ])
        let links = try table.links(route: "search", parameters: ["term": "a b/é%", "q": "x&y="])
        #expect(links.universal == "https://a.example/s/a%20b%2F%C3%A9%25?q=x%26y%3D")
        #expect(table.resolve(links.universal ?? "").parameters == ["term": "a b/é%", "q": "x&y="])
        #expect(table.resolve(links.app ?? "").parameters == ["term": "a b/é%", "q": "x&y="])
    }

    @Test(
        "refuses what cannot make a valid link",
        arguments: [
            ("nope", [:], "unknown route 'nope' (routes: charger, magicEmailSignIn, userQrSignIn, registrationCallback)"),
            ("charger", [:], "route 'charger': parameter 'id' is missing"),
            ("charger", ["id": "a/b"], "route 'charger': parameter 'id' contains a forbidden character U+002F '/'"),
            ("charger", ["id": ""], "route 'charger': parameter 'id' is shorter than 1 characters"),
            ("charger", ["id": "1", "x": "2"], "route 'charger' has no parameter 'x' (parameters: id)"),
            ("registrationCallback", [:], "route 'registrationCallback': parameter 'code' is missing"),
            ("userQrSignIn", ["publicId": "<script>"], "route 'userQrSignIn': parameter 'publicId' contains a forbidden character U+003C '<'"),
        ] as [(String, [String: String], String)])
    func refuses(route: String, parameters: [String: String], message: String) {
        do {
            _ = try table.links(route: route, parameters: parameters)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("a wildcard route cannot be built from parameters")
    func wildcardRoute() throws {
        let table = try ExpresScanTable.table([ExpresScanTable.route("docs", "docs/**", [], "n")])
        #expect(throws: LinkError.wildcardRoute("docs")) { try table.links(route: "docs", parameters: [:]) }
    }
}
