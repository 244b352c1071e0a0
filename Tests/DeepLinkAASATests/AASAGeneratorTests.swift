import DeepLinkConfig
import DeepLinkRouting
import Foundation
import Testing

@testable import DeepLinkAASA

@Suite("The generated apple-app-site-association")
struct AASAGeneratorTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let table: RouteTable = {
        do {
            return try Configuration(contentsOf: root.appendingPathComponent("config/deeplinkd.yaml").path).table
        } catch {
            fatalError("\(error)")
        }
    }()

    @Test("matches the golden file byte for byte, and is stable")
    func golden() throws {
        let url = try #require(Bundle.module.url(forResource: "Golden/apple-app-site-association", withExtension: "json"))
        let expected = try String(contentsOf: url, encoding: .utf8)
        let generated = AASAGenerator(table: Self.table).json()
        #expect(generated == expected)
        #expect(AASAGenerator(table: Self.table).json() == generated)
    }

    @Test("is plain JSON: UTF-8 without BOM, well under 128 KB, only the expected services")
    func shape() throws {
        let json = AASAGenerator(table: Self.table).json()
        #expect(!json.utf8.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(json.utf8.count < 4096)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(Set(root.keys) == ["applinks", "webcredentials"])
        #expect((root["webcredentials"] as? [String: [String]])?["apps"] == ["ABCDE12345.com.polarisexpress.expresscan"])
    }

    @Test(
        "c/$(id) becomes /c/?* preceded by an exclusion for deeper paths, its alias follows; the callback's error redirect requires an error, then the callback a code"
    )
    func components() {
        let components = AASAGenerator(table: Self.table).components(for: "links.example.com")
        #expect(
            components.map(\.path) == [
                "/c/*/?*", "/c/?*", "/charger/*/?*", "/charger/?*", "/m/*/?*", "/m/?*", "/u/*/?*", "/u/?*", "/auth/callback", "/auth/callback",
            ])
        #expect(components.map(\.isExcluded) == [true, false, true, false, true, false, true, false, false, false])
        #expect(components.suffix(2).map { $0.query.map(\.name) } == [["error"], ["code"]])
        #expect(components.last?.query.map(\.glob) == ["?*"])
    }

    @Test("Apple's matcher opens the app for every URL the resolver accepts, and not for paths no route takes")
    func agreesWithResolver() throws {
        let matcher = try AppleMatcher(aasa: AASAGenerator(table: Self.table).json())
        let paths = [
            "/c/42", "/c/42/", "//c//42", "/c", "/c/", "/c/1/2", "/c/1/2/3", "/m/abcdefghijklmnopq", "/m/a/b", "/u/abcd", "/u/abc",
            "/u/ab/cd", "/auth/callback", "/auth/callback/", "/auth/callback/x", "/", "", "/x", "/cc/1", "/c/a%2Fb", "/C/1",
            "/auth", "/u", "/m", "/charger/42", "/charger/42/", "/charger/1/2", "/charger", "/Charger/1",
        ]
        let queries: [String?] = [nil, "", "code=abc", "code=", "code", "x=1", "code=a&code=b"]
        var checked = 0
        for path in paths {
            for query in queries {
                let url = "https://links.example.com" + path + (query.map { "?" + $0 } ?? "")
                let opens = matcher.opensApp(path: path, query: query)
                switch Self.table.resolve(url) {
                case .matched:
                    #expect(opens, "iOS must open the app for \(url)")
                case .unmatched(let unmatched):
                    if opens {
                        #expect(unmatched.reason == .invalidParameter, "iOS opens the app for \(url), which no route takes")
                    }
                }
                checked += 1
            }
        }
        #expect(checked == paths.count * queries.count)
    }

    @Test("app-only and other-domain routes stay out; deeper routes keep their URLs opening the app")
    func scoping() throws {
        let table = try RouteTable(
            RouteTableDefinition(
                app: AppDefinition(name: Located("App"), appIDs: [Located("ABCDE12345.com.example.app")]),
                domains: [Located("a.example"), Located("b.example")], schemes: [Located("app")],
                routes: [
                    route("item", "i/$(id)"), route("itemDetails", "i/$(id)/details"),
                    route("appOnly", "x/$(id)", scopes: ["app"]), route("onB", "b/$(id)", scopes: ["universal:b.example"]),
                    route("product", "p/product-$(id)-view"),
                ]))
        let generator = AASAGenerator(table: table)
        #expect(
            generator.components(for: "a.example").map(\.path) == [
                "/i/?*", "/i/*/?*/details", "/i/?*/details", "/p/product-*/?*-view", "/p/product-?*-view",
            ])
        #expect(generator.components(for: "b.example").map(\.path).first == "/b/*/?*")
        let matcher = try AppleMatcher(aasa: generator.json(for: "a.example"))
        #expect(matcher.opensApp(path: "/i/7/details", query: nil))
        #expect(matcher.opensApp(path: "/p/product-7-view", query: nil))
        #expect(!matcher.opensApp(path: "/p/product-7/8-view", query: nil))
    }

    @Test("a pattern written with a trailing slash opens the app with and without it")
    func trailingSlash() throws {
        let table = try RouteTable(
            RouteTableDefinition(
                app: AppDefinition(name: Located("App"), appIDs: [Located("ABCDE12345.com.example.app")]), domains: [Located("a.example")],
                routes: [route("hello", "/hello/"), route("item", "i/$(id)/")]))
        let generator = AASAGenerator(table: table)
        #expect(generator.components(for: "a.example").map(\.path) == ["/hello", "/i/*/?*", "/i/?*"])
        let matcher = try AppleMatcher(aasa: generator.json(for: "a.example"))
        for path in ["/hello", "/hello/", "/i/7", "/i/7/"] { #expect(matcher.opensApp(path: path, query: nil), "\(path)") }
        #expect(!matcher.opensApp(path: "/hello/x", query: nil))
    }

    @Test("every alias is claimed after its path, and Apple's matcher still opens the app for exactly what the resolver accepts")
    func aliases() throws {
        let table = try RouteTable(
            RouteTableDefinition(
                app: AppDefinition(name: Located("App"), appIDs: [Located("ABCDE12345.com.example.app")]), domains: [Located("a.example")],
                routes: [
                    route("charger", "charger/$(id)", aliases: ["c/$(id)", "old/c-$(id).html"]), route("item", "i/$(id)", aliases: ["d/$(id)/details"]),
                    route("help", "help/**", aliases: ["faq/**"]),
                ]))
        let generator = AASAGenerator(table: table)
        #expect(
            generator.components(for: "a.example").map(\.path) == [
                "/charger/*/?*", "/charger/?*", "/c/*/?*", "/c/?*", "/old/c-*/?*.html", "/old/c-?*.html", "/i/*/?*", "/i/?*", "/d/*/?*/details",
                "/d/?*/details", "/help/*", "/faq/*",
            ])
        let matcher = try AppleMatcher(aasa: generator.json(for: "a.example"))
        let paths = [
            "/charger/7", "/c/7", "/c/7/8", "/old/c-7.html", "/old/c-7/8.html", "/old/c-.html", "/d/7/details", "/d/7/8/details", "/d/7", "/i/7",
            "/i/7/8", "/help", "/faq", "/faq/x/y", "/help/a", "/charger/7/8", "/c", "/x",
        ]
        for path in paths {
            let opens = matcher.opensApp(path: path, query: nil)
            switch table.resolve("https://a.example" + path) {
            case .matched: #expect(opens, "iOS must open the app for \(path)")
            case .unmatched: #expect(!opens, "iOS opens the app for \(path), which no route takes")
            }
        }
    }

    func route(_ name: String, _ path: String, aliases: [String] = [], scopes: [String]? = nil) -> RouteDefinition {
        let names = (try? PathPattern(parsing: path).parameterNames) ?? []
        return RouteDefinition(
            name: Located(name), path: Located(path), aliases: aliases.map { Located($0) }, scopes: scopes?.map { Located($0) },
            parameters: names.map { ParameterDefinition(name: $0, charset: "0-9a-z") }, notification: Located(name))
    }
}
