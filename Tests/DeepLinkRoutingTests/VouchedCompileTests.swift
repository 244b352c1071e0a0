import Testing

@testable @_spi(GeneratedCode) import DeepLinkRouting

/// The generated Swift builds its table with `compile(vouched:)`, skipping the checks `deeplinkd check` made when it
/// wrote the file; these tests hold that table to the checked one.
@Suite("A vouched table is the checked table without the checks that only report")
struct VouchedCompileTests {
    typealias T = ExpresScanTable

    /// What `table` makes of `url`: the route and its values, or why nothing matched.
    static func answer(_ table: RouteTable, _ url: String) -> String {
        switch table.resolve(url) {
        case .matched(let match):
            "\(match.route.name) \(match.parameters.map { "\($0.name)=\($0.value)" }) \(match.route.isAlias)"
        case .unmatched(let unmatched): "unmatched \(unmatched.reason) \(unmatched.detail)"
        }
    }

    static let defaultURLs = [
        "https://links.example.com/c/CH-42", "expchg://c/CH-42", "https://links.example.com/c/CH_42?utm_source=x",
        "https://links.example.com/m/abcdefghijklmnop", "https://links.example.com/m/short",
        "https://links.example.com/u/ABCD", "https://links.example.com/auth/callback?code=x.y",
        "https://links.example.com/auth/callback", "https://LINKS.example.com/c/1/", "https://other.example/c/1",
        "https://links.example.com/c/a%5Cb", "https://links.example.com/nothing", "http://links.example.com/c/1",
    ]

    @Test("the default table builds vouched with no diagnostic and answers every URL as the checked table does")
    func defaultTable() throws {
        let vouched = RouteTable.compile(vouched: T.definition)
        #expect(vouched.diagnostics.isEmpty)
        let table = try #require(vouched.table)
        #expect(table.routes.map(\.name) == T.table.routes.map(\.name))
        for url in Self.defaultURLs {
            #expect(Self.answer(table, url) == Self.answer(T.table, url), "\(url)")
        }
    }

    @Test("on random tables that check cleanly, the vouched table answers every URL as the checked one", arguments: 1...20)
    func randomTables(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed &+ 400)
        let definition = RouteTableDefinition(
            app: AppDefinition(name: Located("App"), appIDs: [Located("ABCDE12345.com.example.app")]),
            domains: ReachabilityTests.domains.map { Located($0) }, schemes: ReachabilityTests.schemes.map { Located($0) },
            routes: ReachabilityTests.randomDefinitions(count: 6, using: &generator))
        let checked = RouteTable.compile(definition)
        let vouched = RouteTable.compile(vouched: definition)
        guard let table = checked.table else { return }
        #expect(!vouched.diagnostics.contains { $0.severity == .error })
        let built = try #require(vouched.table)
        #expect(built.routes.map(\.name) == table.routes.map(\.name))
        let hosts = ["https://a.example", "https://b.example", "app:/", "other:/", "https://c.example"]
        let paths = ["a", "b", "x-1", "1", "x-a.z", "a/b", "b/1/x-a.z", "x-1/a/b/c", "aa", "x-ab.z/1", "12345/b", ""]
        for host in hosts {
            for path in paths {
                let url = "\(host)/\(path)?q=ab"
                #expect(Self.answer(built, url) == Self.answer(table, url), "\(url)")
            }
        }
    }

    @Test("a table the reporting checks refuse still builds vouched, in table order")
    func reportingChecksSkipped() throws {
        let definition = RouteTableDefinition(
            app: AppDefinition(name: Located("App"), appIDs: [Located("ABCDE12345.com.example.app")]),
            domains: [Located("a.example")], schemes: [Located("app")],
            routes: [
                T.route("any", "c/$(id)", [("id", "A-Za-z0-9", 1, 64, nil)], "a"),
                T.route("digits", "c/$(n)", [("n", "0-9", 1, 10, nil)], "b"),
            ])
        #expect(RouteTable.compile(definition).table == nil)
        let vouched = RouteTable.compile(vouched: definition)
        #expect(vouched.diagnostics.isEmpty)
        let table = try #require(vouched.table)
        #expect(table.resolve("https://a.example/c/42").routeName == "any")
    }

    @Test("a definition that cannot be built gives no vouched table and says why")
    func unbuildable() {
        let cases: [(RouteDefinition, String)] = [
            (T.route("bad", "c/$(id", [("id", "a-z", 1, 4, nil)], "a"), "route 'bad': bad path pattern 'c/$(id'"),
            (T.route("range", "c/$(id)", [("id", "a-z", 5, 4, nil)], "a"), "route 'range': parameter 'id': min 5 is greater than max 4"),
            (T.route("charset", "c/$(id)", [("id", "z-a", 1, 4, nil)], "a"), "route 'charset': parameter 'id': "),
            (T.route("undeclared", "c/$(id)", [], "a"), "route 'undeclared': path parameter 'id' has no entry in params"),
        ]
        for (route, message) in cases {
            let definition = RouteTableDefinition(
                app: AppDefinition(name: Located("App"), appIDs: [Located("ABCDE12345.com.example.app")]),
                domains: [Located("a.example")], schemes: [Located("app")], routes: [route])
            let vouched = RouteTable.compile(vouched: definition)
            #expect(vouched.table == nil, "\(route.name.value)")
            #expect(vouched.diagnostics.contains { $0.severity == .error && $0.message.hasPrefix(message) }, "\(vouched.diagnostics)")
        }
    }
}
