import DeepLinkConfig
import DeepLinkRouting
import Foundation
import Testing

@testable import DeepLinkAASA

@Suite("The dynamic App Links rules of assetlinks.json, against Android's documented matching")
struct AndroidRulesTests {
    static let root = AASAGeneratorTests.root
    static let fingerprint = Array(repeating: "AB", count: 32).joined(separator: ":")
    static let app = AndroidApp(package: "com.example.app", fingerprints: [fingerprint])

    /// The tables: the default one, the every-shape one of the example app, and the shapes of the AASA tests.
    static func tables() throws -> [(name: String, table: RouteTable)] {
        let everyShape = try String(contentsOf: root.appendingPathComponent("Examples/ExpresScanApp/Sources/EveryShape/deeplinkd.yaml"), encoding: .utf8)
        let shapes = """
            app: {name: A, appIDs: [ABCDE12345.com.example.app]}
            domains: [a.example, b.example]
            routes:
              - {name: item, path: "i/$(id)", params: {id: {charset: "a-z0-9"}}}
              - {name: itemDetails, path: "i/$(id)/details", params: {id: {charset: "a-z0-9"}}}
              - {name: product, path: "p/product-$(id)-view", params: {id: {charset: "a-z0-9"}}}
              - {name: onB, path: "b/$(id)", scopes: ["universal:b.example"], params: {id: {charset: "a-z"}}}
              - {name: help, path: "help/**", aliases: ["faq/**"]}
              - {name: hello, path: "hello/"}
              - {name: optional, path: "o/x$(id)", params: {id: {charset: "a-z", min: 0}}}
              - {name: search, path: "s", params: {q: {required: true}, page: {charset: "0-9"}}}

            """
        return [
            ("default", AASAGeneratorTests.table), ("every shape", try Configuration(yaml: everyShape).table),
            ("shapes", try Configuration(yaml: shapes).table),
        ]
    }

    @Test("every URL the resolver matches on a domain opens the app, and no URL no route takes does, under both readings of '*'")
    func agreesWithResolver() throws {
        var checked = 0
        var claimed = 0
        for (name, table) in try Self.tables() {
            let generator = AssetLinksGenerator(table: table, apps: [Self.app])
            for domain in table.domains {
                let bytes = Array(generator.json(for: domain).utf8)
                for isBacktracking in [false, true] {
                    let model = try AndroidRuleModel(assetLinks: bytes, package: Self.app.package, isBacktracking: isBacktracking)
                    for url in AndroidCorpus.urls(for: table, on: domain) {
                        guard let opens = model.opensApp(url) else { continue }
                        checked += 1
                        if opens { claimed += 1 }
                        switch table.resolve(url) {
                        case .matched:
                            // Android, unlike iOS, keeps empty segments and reads an encoded `/` as a separator
                            // (`Uri.getPath()` is decoded): such paths are outside what a rule can claim.
                            guard !Self.hasEmptySegment(url), !url.contains("%2F") else { continue }
                            #expect(opens, "\(name), \(domain), backtracking \(isBacktracking): Android must open the app for \(url)")
                        case .unmatched(let unmatched):
                            // A path deeper than a route whose exclusion a deeper route of the table keeps out opens the
                            // app, and the parser decides (as with the AASA).
                            if unmatched.reason == .noRoute || unmatched.reason == .channelNotAllowed, !Self.isDeeperPath(url, table: table, domain: domain) {
                                #expect(
                                    !opens, "\(name), \(domain), backtracking \(isBacktracking): Android opens the app for \(url), which no route takes here")
                            }
                        }
                    }
                }
            }
        }
        #expect(checked > 20_000)
        #expect(claimed > 2_000)
    }

    @Test(
        "the default table's rules: each route's exclusions (deeper paths, an empty segment) then its rule, the callback with and without a trailing slash, with its error, then its code"
    )
    func defaultRules() throws {
        let generator = AssetLinksGenerator(table: AASAGeneratorTests.table, apps: [Self.app])
        let rules = generator.dynamicRules(for: "links.example.com")
        #expect(
            rules.map(\.path) == [
                "/c/*/?*", "/c//*", "/c/?*", "/charger/*/?*", "/charger//*", "/charger/?*", "/m/*/?*", "/m//*", "/m/?*", "/u/*/?*", "/u//*", "/u/?*",
                "/auth/callback", "/auth/callback/", "/auth/callback", "/auth/callback/",
            ])
        #expect(rules.map(\.isExcluded) == [true, true, false, true, true, false, true, true, false, true, true, false, false, false, false, false])
        let error = [DynamicRule.QueryMatcher(name: "error", glob: "?*")]
        let code = [DynamicRule.QueryMatcher(name: "code", glob: "?*")]
        #expect(rules.suffix(4).map(\.query) == [error, error, code, code])
    }

    @Test("the default table's assetlinks.json matches the golden file byte for byte")
    func golden() throws {
        let configuration = try Configuration(contentsOf: Self.root.appendingPathComponent("config/deeplinkd.yaml").path)
        let url = try #require(Bundle.module.url(forResource: "Golden/assetlinks", withExtension: "json"))
        let generated = try #require(configuration.documents.assetLinks(for: "links.example.com"))
        #expect(String(decoding: generated, as: UTF8.self) == (try String(contentsOf: url, encoding: .utf8)))
        let statements = try #require(try JSONSerialization.jsonObject(with: Data(generated)) as? [[String: Any]])
        #expect(
            statements.map { $0["relation"] as? [String] ?? [] } == [
                ["delegate_permission/common.handle_all_urls", "delegate_permission/common.get_login_creds"], ["delegate_permission/common.handle_all_urls"],
            ])
        #expect(statements.allSatisfy { Set($0.keys).isSubset(of: ["relation", "target", "relation_extensions"]) })
    }

    @Test("a literal is written decoded, as Android's Uri.getPath() reads it, and the rules carry no comment")
    func decodedLiterals() throws {
        let table = try Configuration(
            yaml: "app: {name: A, appIDs: [ABCDE12345.com.example.app]}\ndomains: [a.example]\nroutes:\n  - {name: cafe, path: \"café/menü\"}\n"
        ).table
        let json = AssetLinksGenerator(table: table, apps: [Self.app]).json()
        #expect(json.contains(#"{"/":"/café/menü"},{"/":"/café/menü/"}"#))
        #expect(!json.contains("comment"))
        let model = try AndroidRuleModel(assetLinks: Array(json.utf8), package: Self.app.package)
        #expect(model.opensApp("https://a.example/caf%C3%A9/men%C3%BC") == true)
    }

    @Test("check warns when a route's own sample can never open the app on Android")
    func neverMatches() {
        let yaml = """
            app: {name: A, appIDs: [ABCDE12345.com.example.app]}
            domains: [a.example]
            android: {package: com.example.app, sha256CertFingerprints: ["\(Self.fingerprint)"]}
            routes:
              - {name: doubled, path: "p/$(id)aa", params: {id: {charset: "a", min: 2}}}

            """
        #expect(
            Configuration.check(yaml: yaml).diagnostics.map(\.description) == [
                "<table>:5: warning: route 'doubled' (/p/$(id)aa): parameter 'id' may contain 'a', where Android's dynamic App Links rules end its '*', so on Android 15+ a link whose 'id' holds 'a' opens the browser",
                "<table>:5: warning: route 'doubled' (/p/$(id)aa): its dynamic App Links rules never open the app for https://a.example/p/aaaa on Android 15+: no rule matches it",
            ])
    }

    static func hasEmptySegment(_ url: String) -> Bool {
        url.dropFirst("https://".count).drop { $0 != "/" }.prefix { $0 != "?" }.contains("//")
    }

    /// Whether the URL's path has more components than some pattern open on `domain` that agrees with its first
    /// ones (literals equal, a parameter's prefix and suffix present): a path the rules may leave to the parser.
    static func isDeeperPath(_ url: String, table: RouteTable, domain: String) -> Bool {
        guard let path = URLComponents(string: url)?.path else { return false }
        let components = path.split(separator: "/").map(String.init)
        return Channel.universal(host: domain).inPrecedenceOrder(table.routes).flatMap(\.everyPattern).contains { route in
            let pattern = route.pattern.components
            guard pattern.count < components.count else { return false }
            return zip(pattern, components).allSatisfy { component, text in
                switch component {
                case .literal(let literal): literal == text
                case .wildcard, .rest: true
                case .parameter(_, let prefix, let suffix): text.hasPrefix(prefix) && text.hasSuffix(suffix)
                }
            }
        }
    }
}
