import DeepLinkConfig
import DeepLinkRouting
import DeepLinkSwiftGenerator
import Foundation
import Testing

@Suite("The Swift file generated from a route table")
struct SwiftGeneratorTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func generate(_ yaml: String, options: SwiftGeneratorOptions = SwiftGeneratorOptions()) throws -> String {
        SwiftGenerator(table: try Configuration(yaml: yaml).table, sourceName: "table.yaml", options: options).source()
    }

    @Test("for config/deeplinkd.yaml matches the golden file byte for byte, and is stable")
    func golden() throws {
        let table = try Configuration(contentsOf: Self.root.appendingPathComponent("config/deeplinkd.yaml").path).table
        let url = try #require(Bundle.module.url(forResource: "Golden/DeepLink.swift", withExtension: "txt"))
        let expected = try String(contentsOf: url, encoding: .utf8)
        let generated = SwiftGenerator(table: table, sourceName: "deeplinkd.yaml").source()
        #expect(generated == expected)
        #expect(SwiftGenerator(table: table, sourceName: "deeplinkd.yaml").source() == generated)
    }

    @Test("a table file name with a line break or a direction character is cited escaped, never ending a comment")
    func hiddenCharactersInSourceName() throws {
        let table = try Configuration(yaml: Self.shop).table
        let source = SwiftGenerator(table: table, sourceName: "bad\nname\u{202E}.yaml").source()
        #expect(!source.contains("bad\nname"))
        #expect(!source.contains("\u{202E}"))
        #expect(source.contains(#"from bad\u{A}name\u{202E}.yaml. Do not edit"#))
        #expect(source.contains(#"/// The table as written in bad\u{A}name\u{202E}.yaml."#))
    }

    static let shop = """
        app: {name: Shop, appIDs: [ABCDE12345.com.example.shop]}
        domains: [shop.example.com]
        schemes: [shop]
        states: [browsing, in-checkout]
        gates: {calm: [browsing]}
        routes:
          - name: site
            path: s/$(site)
            scopes: [universal, app]
            params: {site: {charset: a-z, max: 20}, page: {charset: 0-9}}
            notification: siteOpened
          - name: product-detail
            path: s/$(site)/p/$(id)
            params: {site: {charset: a-z, max: 10}, id: {charset: 0-9}, in: {charset: a-z}}
            gate: calm
            stack: [site]
          - name: settings
            path: settings
            scopes: [app]
          - name: sign-in
            path: m/$(token)
            params: {token: {charset: a-z, min: 8}}
            secret: true
        """

    @Test("names become identifiers, optional query parameters are optionals, and a keyword label is escaped")
    func cases() throws {
        let source = try Self.generate(Self.shop)
        #expect(source.contains("        case site(site: String, page: String?)\n"))
        #expect(source.contains("        case productDetail(site: String, id: String, `in`: String?)\n"))
        #expect(source.contains("        case settings\n"))
        #expect(source.contains("            case inCheckout = \"in-checkout\"\n"))
        #expect(source.contains("        /// `product-detail`.\n        case productDetail = \"product-detail\"\n"))
    }

    @Test("the API is internal by default and public on request, importing Foundation publicly only then")
    func accessModifier() throws {
        let hidden = try Self.generate(Self.shop)
        #expect(hidden.contains("\n@_spi(GeneratedCode) import DeepLinkRouting\nimport Foundation\n"))
        #expect(
            hidden.contains(
                "    nonisolated enum DeepLink: Hashable, Sendable, Codable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {\n"))
        #expect(hidden.contains("    nonisolated init?(string: String) {\n"))
        #expect(!hidden.contains("public "))
        let exposed = try Self.generate(Self.shop, options: SwiftGeneratorOptions(accessModifier: .public))
        #expect(exposed.contains("\n@_spi(GeneratedCode) import DeepLinkRouting\npublic import Foundation\n"))
        #expect(exposed.contains("    nonisolated public enum DeepLink: Hashable"))
        #expect(exposed.contains("    public nonisolated init?(string: String) {\n"))
        #expect(exposed.contains("    public nonisolated var sample: DeepLink {\n"))
        // DeepLinkRouting stays an internal import: no public declaration names its types.
        #expect(!exposed.contains("public import DeepLinkRouting"))
    }

    @Test("one top-level type, named as the options say, holds everything else; the older compilers get it without nonisolated")
    func typeName() throws {
        let source = try Self.generate(Self.shop, options: SwiftGeneratorOptions(typeName: "ShopLink"))
        #expect(source.contains("#if compiler(>=6.2)\n    nonisolated enum ShopLink: Hashable"))
        #expect(source.contains("#else\n    enum ShopLink: Hashable"))
        for nested in ["Route", "AppState", "Feature", "Action", "Parse", "Notifications"] {
            #expect(source.contains("extension ShopLink {") && source.contains(" enum \(nested)"), "\(nested)")
        }
        #expect(!source.contains("DeepLink:") && !source.contains("enum DeepLink"))
        // What the file declares outside any braces: the type (twice, for the two compilers) and extensions of it.
        var depth = 0
        var topLevel: Set<String> = []
        for line in source.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let isCode =
                !line.hasPrefix("//") && !line.hasPrefix("#") && !line.hasPrefix("import ") && !line.hasPrefix("@_spi(GeneratedCode) import ")
                && !line.isEmpty
            if depth == 0, isCode {
                topLevel.insert(
                    String(line.prefix { $0 != " " && $0 != ":" && $0 != "{" } + " " + line.split(separator: " ")[1...].prefix(2).joined(separator: " ")))
            }
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
        }
        #expect(
            topLevel == [
                "nonisolated enum ShopLink:", "enum ShopLink: Hashable,", "extension ShopLink {", "extension ShopLink.EmbeddedTable {",
                "extension ShopLink.Route {", "extension ShopLink.EmbeddedTable.RouteLine {", "extension ShopLink.EmbeddedTable.RouteLine.Parameter {",
                "extension ShopLink.Inbox {",
                "extension ShopLink.Arrival {",
            ])
    }

    @Test("a secret route is marked in the documentation and listed as secret; the others are not")
    func secrets() throws {
        let source = try Self.generate(Self.shop)
        #expect(
            source.contains(
                "        /// `m/$(token)` (universal). Secret: its values print as `<redacted>` and are never encoded.\n        case signIn(token: String)\n"))
        #expect(source.contains("        switch self {\n        case .signIn: true\n        default: false\n        }"))
    }

    @Test("the embedded definition holds every rule: the routes as one JSON object a line, escaped for the string literal")
    func definition() throws {
        let source = try Self.generate(Self.shop.replacingOccurrences(of: "{charset: 0-9}}", with: #"{charset: '0-9\\"'}}"#))
        #expect(source.contains("    nonisolated static let routesJSON = \"\"\"\n        [\n        {\"case\":\"site\","))
        #expect(source.contains(#"{"charset":"0-9\\\\\\\\\\"","label":"page","max":1024,"min":1,"name":"page","required":false}"#))
        #expect(
            source.contains(
                #"{"case":"productDetail","gate":"calm","name":"product-detail","parameters":[{"charset":"a-z","label":"site","max":10,"min":1,"name":"site"},"#
            ))
        #expect(source.contains(#""path":"s/$(site)/p/$(id)","scopes":["universal"],"stack":["site"]},"#))
        #expect(
            source.contains(
                #"{"case":"signIn","name":"sign-in","parameters":[{"charset":"a-z","label":"token","max":1024,"min":8,"name":"token"}],"path":"m/$(token)","scopes":["universal"],"secret":true}"#
            ))
        #expect(source.contains(#"GateDefinition(name: Located("calm"), states: [Located("browsing")]),"#))
        #expect(source.contains("routes: routes.map(\\.definition))"))
    }

    @Test("features become a Feature enum read by requiredFeature; a table without any has an empty one")
    func features() throws {
        let yaml = Self.shop.replacingOccurrences(of: "routes:", with: "features: [premium-workflows]\nroutes:")
            .replacingOccurrences(of: "    gate: calm\n", with: "    gate: calm\n    feature: premium-workflows\n")
        let source = try Self.generate(yaml)
        #expect(
            source.contains(
                "        nonisolated enum Feature: String, CaseIterable, Hashable, Codable, Sendable {\n            /// `premium-workflows`.\n            case premiumWorkflows = \"premium-workflows\"\n        }\n"
            ))
        #expect(source.contains("EmbeddedTable.compiledRoute(route)?.feature.flatMap { Feature(rawValue: $0) }"))
        #expect(
            source.contains("EmbeddedTable.action(of: self, state: state.rawValue, features: Set(features.map(\\.rawValue)), appVersion: appVersion)"))
        #expect(source.contains(#"features: [Located("premium-workflows")], routes: routes.map(\.definition))"#))
        let none = try Self.generate(Self.shop)
        #expect(none.contains("        nonisolated enum Feature: CaseIterable, Hashable, Sendable {\n        }\n"))
        #expect(none.contains("    nonisolated var requiredFeature: Feature? {\n        nil\n    }\n"))
        #expect(none.contains("EmbeddedTable.action(of: self, state: state.rawValue, features: [], appVersion: appVersion)"))
    }

    @Test("a route's minAppVersion is embedded and asked first; a table without one embeds none")
    func minAppVersion() throws {
        let yaml = Self.shop.replacingOccurrences(of: "    gate: calm\n", with: "    gate: calm\n    minAppVersion: \"2.10\"\n")
        let source = try Self.generate(yaml)
        #expect(source.contains(#""minAppVersion":"2.10""#))
        #expect(source.contains("let version = appVersion.flatMap(DeepLinkRouting.AppVersion.init), version < needed"))
        #expect(source.contains("return .needsUpdate(arrival, minimum: minimum)"))
        #expect(!(try Self.generate(Self.shop)).contains(#""minAppVersion":"#))
    }

    @Test("a table without states gets action(features:), since a function of a value of an empty enum could never run")
    func noStates() throws {
        let source = try Self.generate(
            Self.shop.replacingOccurrences(of: "states: [browsing, in-checkout]\ngates: {calm: [browsing]}\n", with: "")
                .replacingOccurrences(of: "    gate: calm\n", with: ""))
        #expect(
            source.contains(
                "    nonisolated func action(features: Set<Feature>, appVersion: String? = nil) -> Action {\n        EmbeddedTable.action(of: self, state: nil, features: [], appVersion: appVersion)\n"
            ))
        #expect(source.contains("    nonisolated func action(appVersion: String? = nil) -> Action {\n        action(features: [], appVersion: appVersion)\n"))
        #expect(!source.contains("func action(in state"))
    }

    @Test("a user activity is parsed only where NSUserActivity exists, through the parser of every activity's fields")
    func userActivity() throws {
        let source = try Self.generate(Self.shop)
        #expect(
            source.contains(
                """
                #if canImport(Darwin)
                    extension DeepLink {
                """))
        #expect(
            source.contains(
                """
                        nonisolated init?(userActivity: NSUserActivity) {
                            self.init(activityType: userActivity.activityType, webpageURL: userActivity.webpageURL, userInfo: userActivity.userInfo)
                        }
                    }
                #endif
                """))
    }

    @Test("each route's sample keeps its rules and is built from the shortest value of the first preferred character")
    func samples() throws {
        let source = try Self.generate(Self.shop)
        #expect(source.contains("        case .site:\n            return DeepLink.site(site: \"a\", page: nil)\n"))
        #expect(source.contains("        case .productDetail:\n            return DeepLink.productDetail(site: \"a\", id: \"0\", in: nil)\n"))
        #expect(source.contains("        case .signIn:\n            return DeepLink.signIn(token: \"aaaaaaaa\")\n"))
    }
}
