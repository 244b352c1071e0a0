import Testing

@testable import DeepLinkRouting

@Suite("Dispatch order and precedence")
struct PrecedenceTests {
    typealias T = ExpresScanTable

    @Test("the first route in table order wins")
    func tableOrderWins() throws {
        let table = try T.table([
            T.route("specific", "items/new", [], "a"),
            T.route("generic", "items/$(id)", [("id", "a-z", nil, nil, nil)], "b"),
        ])
        #expect(table.resolve("https://a.example/items/new").routeName == "specific")
        #expect(table.resolve("https://a.example/items/old").routeName == "generic")
    }

    @Test("a route whose parameters fail validation does not win; the search goes on")
    func validationFailureContinues() throws {
        let table = try T.table([
            T.route("numeric", "x/$(id)", [("id", "0-9", nil, nil, nil)], "a"),
            T.route("word", "x/$(slug)", [("slug", "a-z", nil, nil, nil)], "b"),
        ])
        #expect(table.resolve("https://a.example/x/42").routeName == "numeric")
        #expect(table.resolve("https://a.example/x/abc").routeName == "word")
        let neither = try #require(table.resolve("https://a.example/x/A").unmatched)
        #expect(neither.reason == .invalidParameter)
        #expect(neither.route == "numeric", "the first failing route is reported")
    }

    @Test("routes naming the exact domain or scheme are tried before any-scope routes")
    func exactScopeFirst() throws {
        let table = try T.table(
            domains: ["a.example", "b.example"], schemes: ["app", "beta"],
            [
                T.route("general", "p/$(id)", scopes: ["universal", "app"], [("id", "a-z0-9", nil, nil, nil)], "a"),
                T.route("onB", "p/$(id)", scopes: ["universal:b.example", "app:beta"], [("id", "a-z0-9", nil, nil, nil)], "b"),
            ])
        #expect(table.resolve("https://a.example/p/1").routeName == "general")
        #expect(table.resolve("https://B.example/p/1").routeName == "onB")
        #expect(table.resolve("app://p/1").routeName == "general")
        #expect(table.resolve("beta://p/1").routeName == "onB")
    }

    @Test("one order for every channel: named scopes first, then table position; routes closed there left out")
    func precedenceOrder() throws {
        let table = try T.table(
            domains: ["a.example", "b.example"], schemes: ["app"],
            [
                T.route("first", "one", scopes: ["universal"], [], "a"),
                T.route("appOnly", "two", scopes: ["app"], [], "b"),
                T.route("onB", "three", scopes: ["universal:b.example"], [], "c"),
                T.route("last", "four", scopes: ["universal", "app"], [], "d"),
            ])
        #expect(Channel.universal(host: "a.example").inPrecedenceOrder(table.routes).map(\.name) == ["first", "last"])
        #expect(Channel.universal(host: "b.example").inPrecedenceOrder(table.routes).map(\.name) == ["onB", "first", "last"])
        #expect(Channel.app(scheme: "app").inPrecedenceOrder(table.routes).map(\.name) == ["appOnly", "last"])
        let b = Channel.universal(host: "b.example")
        let named = try #require(b.precedence(of: table.routes[2].scopes, at: 2))
        let any = try #require(b.precedence(of: table.routes[0].scopes, at: 0))
        #expect(named < any)
        #expect(b.precedence(of: table.routes[1].scopes, at: 1) == nil)
    }

    @Test("wildcards and the rest of the path resolve, and their links keep the matched components")
    func wildcards() throws {
        let table = try T.table([
            T.route("docs", "docs/**", scopes: ["universal", "app"], [], "a"),
            T.route("view", "*/$(id)/view", [("id", "0-9", nil, nil, nil)], "b"),
        ])
        guard case .matched(let match) = table.resolve("https://a.example/docs/a%2Fb/c") else {
            Issue.record("docs did not match")
            return
        }
        #expect(table.links(for: match) == Links(universal: "https://a.example/docs/a%2Fb/c", app: "app://docs/a%2Fb/c"))
        #expect(table.resolve("https://a.example/docs").routeName == "docs")
        let split = table.resolve(on: .universal(host: "a.example"), target: "/docs/a%2Fb/c?x=1")
        #expect(split.match?.wildcards == [["a/b", "c"]])
        #expect(table.resolve("https://a.example/shop/7/view").match?.wildcards == [["shop"]])
        #expect(table.resolve("https://a.example/shop/7/view").parameters == ["id": "7"])
    }

    @Test("a large table is searched through its index, not scanned")
    func largeTable() throws {
        let routes = (0..<2000).map { T.route("r\($0)", "r\($0)/$(id)", [("id", "0-9", nil, nil, nil)], "n\($0)") }
        let table = try T.table(routes)
        #expect(table.resolve("https://a.example/r1999/5").routeName == "r1999")
        #expect(table.index.candidates(for: ["r1999", "5"]) == [1999])
        #expect(table.resolve("https://a.example/r2000/5").unmatched?.reason == .noRoute)
    }
}
