import DeepLinkConfig
import DeepLinkSwiftGenerator
import Testing

@Suite("Generated code for large tables: constants per route and switches split")
struct LargeTableTests {
    static func table(routes: Int) -> String {
        var lines = ["app: {name: Big, appIDs: [ABCDE12345.com.example.big]}", "domains: [big.example]", "routes:"]
        for number in 0..<routes { lines.append("  - {name: r\(number), path: \"r\(number)/$(id)\", params: {id: {charset: a-z}}}") }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("up to 250 routes each switch is one exhaustive switch")
    func oneSwitch() throws {
        let source = try SwiftGeneratorTests.generate(Self.table(routes: 250))
        #expect(source.contains("    nonisolated static func parts(of link: DeepLink) -> Parts {\n        switch link {\n"))
        #expect(!source.contains("parts0(") && !source.contains("default:"))
    }

    @Test("beyond, each switch holds 250 cases and passes the others on; the last names the earlier cases or says it is never taken")
    func splitSwitches() throws {
        let source = try SwiftGeneratorTests.generate(Self.table(routes: 600))
        #expect(source.contains("    nonisolated static func parts(of link: DeepLink) -> Parts {\n        parts0(of: link)\n    }\n"))
        #expect(source.contains("    /// Cases 251 to 500 of `parts`.\n    nonisolated static func parts250(of link: DeepLink) -> Parts {\n"))
        #expect(source.contains("        default:\n            return parts500(of: link)\n"))
        #expect(
            source.contains(
                "        default:\n            // Never taken: every case is in one of the switches before.\n            return (.r599, [])\n"))
        // Over cases without values the last switch lists the earlier ones, so it stays exhaustive.
        #expect(source.contains("        // Taken by the earlier functions, which link0 begins.\n        case .r0, .r1, .r2,"))
        #expect(source.contains(", .r499:\n            return link0(route: route, value: value)\n"))
        #expect(
            source.contains(
                #"        {"case":"r599","name":"r599","parameters":[{"charset":"a-z","label":"id","max":1024,"min":1,"name":"id"}],"path":"r599/$(id)","scopes":["universal"]}"#
                    + "\n        ]\n"))
    }

    @Test("a sample whose link an earlier route would take is replaced by one that resolves back to its own route")
    func shadowedSample() throws {
        let yaml = """
            app: {name: Shop, appIDs: [ABCDE12345.com.example.shop]}
            domains: [shop.example.com]
            routes:
              - {name: about, path: s/a}
              - {name: site, path: "s/$(site)", params: {site: {charset: a-z}}}
            """
        let source = try SwiftGeneratorTests.generate(yaml)
        #expect(source.contains("        case .site:\n            return DeepLink.site(site: \"b\")\n"))
    }
}
