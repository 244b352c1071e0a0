import DeepLinkConfig
import DeepLinkRouting
import Foundation
import Testing

@Suite("aliases, feature and features in a config file")
struct AliasAndFeatureConfigTests {
    static let yaml = """
        app:
          name: App
          appIDs: [ABCDE12345.com.example.app]
        domains: [a.example]
        features: [premiumWorkflows]
        routes:
          - name: charger
            path: charger/$(id)
            aliases: [c/$(id)]
            params:
              id: {charset: "0-9", max: 8}
          - name: workflow
            path: w/$(id)
            feature: premiumWorkflows
            params:
              id: {charset: "a-z"}

        """

    @Test("are read into the table: the alias resolves to its route, the feature gates its route")
    func reads() throws {
        let table = try Configuration(yaml: Self.yaml).table
        #expect(table.features == ["premiumWorkflows"])
        #expect(table.routes.map { $0.aliases.map(\.description) } == [["c/$(id)"], []])
        #expect(table.routes.map(\.feature) == [nil, "premiumWorkflows"])
        #expect(table.resolve("https://a.example/c/42").routeName == "charger")
    }

    @Test("problems name the alias's and the feature's lines")
    func lines() {
        let yaml = Self.yaml.replacingOccurrences(of: "[c/$(id)]", with: "[c/$(code)]").replacingOccurrences(
            of: "feature: premiumWorkflows", with: "feature: premium")
        #expect(
            Configuration.check(yaml: yaml).diagnostics.map { $0.formatted(file: "t.yaml") } == [
                "t.yaml:9: route 'charger': alias 'c/$(code)' captures 'code' but path 'charger/$(id)' captures 'id'; every pattern of a route must capture the same parameters",
                "t.yaml:14: route 'workflow': unknown feature 'premium' (known features: premiumWorkflows)",
            ])
    }
}

extension ResolveOutcome {
    fileprivate var routeName: String? {
        if case .matched(let match) = self { match.route.name } else { nil }
    }
}
