import DeepLinkConfig
import DeepLinkRouting
import DeepLinkSwiftGenerator
import Foundation
import Testing

@Suite("The Swift file generated from a route table")
struct SwiftGeneratorTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func generate(_ yaml: String) throws -> String {
        SwiftGenerator(table: try Configuration(yaml: yaml).table, sourceName: "table.yaml").source()
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
        """

    @Test("names become identifiers, optional query parameters are optionals, and a keyword label is escaped")
    func cases() throws {
        let source = try Self.generate(Self.shop)
        #expect(source.contains("    case site(site: String, page: String?)\n"))
        #expect(source.contains("    case productDetail(site: String, id: String, `in`: String?)\n"))
        #expect(source.contains("    case settings\n"))
        #expect(source.contains("    case inCheckout = \"in-checkout\"\n"))
    }

    @Test("a route's stack is the stack routes built from its values, then itself")
    func stack() throws {
        let source = try Self.generate(Self.shop)
        #expect(source.contains("        case .productDetail(let value0, _, _): [.site(site: value0, page: nil), self]\n        default: [self]\n"))
    }

    @Test("routes without a notification make it optional; the gate decides the action, ungated routes dispatch")
    func dispatch() throws {
        let source = try Self.generate(Self.shop)
        #expect(source.contains("    public var notification: Notification.Name? {\n"))
        #expect(source.contains("        case .productDetail: nil\n"))
        #expect(source.contains("        case .productDetail: [AppState.browsing].contains(state) ? .dispatch : .ignore\n"))
        #expect(source.contains("        case .site, .settings: .dispatch\n"))
    }

    @Test("the embedded definition keeps every rule, escaped as Swift literals")
    func definition() throws {
        let source = try Self.generate(Self.shop.replacingOccurrences(of: "{charset: 0-9}}", with: #"{charset: '0-9\\"'}}"#))
        #expect(source.contains(#"ParameterDefinition(name: "page", charset: "0-9\\\\\"", minimumLength: 1, maximumLength: 1024, isRequired: false)"#))
        #expect(source.contains(#"stack: [Located("site")]"#))
    }

    @Test("features become a Feature enum; a route that requires one is ignored unless action(in:features:) is given it")
    func features() throws {
        let yaml = Self.shop.replacingOccurrences(of: "routes:", with: "features: [premium-workflows]\nroutes:")
            .replacingOccurrences(of: "    gate: calm\n", with: "    gate: calm\n    feature: premium-workflows\n")
        let source = try Self.generate(yaml)
        #expect(
            source.contains(
                "public enum Feature: String, CaseIterable, Hashable, Codable, Sendable {\n    /// `premium-workflows`.\n    case premiumWorkflows = \"premium-workflows\"\n}\n"
            ))
        #expect(
            source.contains(
                "    public var requiredFeature: Feature? {\n        switch self {\n        case .productDetail: .premiumWorkflows\n        default: nil\n"))
        #expect(
            source.contains(
                "    public func action(in state: AppState, features: Set<Feature>) -> DeepLinkAction {\n        if let feature = requiredFeature, !features.contains(feature) { return .ignore }\n"
            ))
        #expect(source.contains("    public func action(in state: AppState) -> DeepLinkAction {\n        action(in: state, features: [])\n"))
        #expect(source.contains(#"features: [Located("premium-workflows")],"#))
        #expect(source.contains(#"gate: Located("calm"), feature: Located("premium-workflows")"#))
        let none = try Self.generate(Self.shop)
        #expect(none.contains("public enum Feature: CaseIterable, Hashable, Sendable {\n}\n"))
        #expect(none.contains("    public var requiredFeature: Feature? {\n        nil\n    }\n"))
    }

    @Test("aliases are embedded after the path, and a user activity is parsed only where NSUserActivity exists")
    func aliasesAndUserActivity() throws {
        let source = try Self.generate(Self.shop.replacingOccurrences(of: "path: settings", with: "path: settings\n    aliases: [prefs, options]"))
        #expect(
            source.contains(#"RouteDefinition(name: Located("settings"), path: Located("settings"), aliases: [Located("prefs"), Located("options")], scopes:"#))
        #expect(
            source.contains(
                """
                #if canImport(UIKit) || canImport(AppKit)
                    extension DeepLink {
                """))
        #expect(
            source.contains(
                """
                        public init?(userActivity: NSUserActivity) {
                            guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL else { return nil }
                            self.init(url: url)
                        }
                    }
                #endif
                """))
    }
}
