import DeepLinkConfig
import DeepLinkRouting
import Testing

@testable import DeepLinkAASA

@Suite("The association documents of one load")
struct AssociationDocumentsTests {
    static let yaml = """
        app: {name: A, appIDs: [ABCDE12345.com.example.app]}
        domains: [a.example, B.example]
        routes:
          - {name: home, path: "", notification: n}
          - {name: only, path: "only/$(id)", scopes: ["universal:b.example"], params: {id: {charset: a-z}}, notification: n}

        """

    @Test("hold each domain's AASA as the generator writes it, and none for a foreign domain")
    func perDomain() throws {
        let configuration = try Configuration(yaml: Self.yaml)
        let documents = configuration.documents
        let generator = AASAGenerator(table: configuration.table)
        #expect(documents.domains == ["a.example", "b.example"])
        #expect(documents.appleAppSiteAssociation(for: "a.example") == Array(generator.json(for: "a.example").utf8))
        #expect(documents.appleAppSiteAssociation(for: "B.EXAMPLE") == Array(generator.json(for: "b.example").utf8))
        #expect(documents.appleAppSiteAssociation(for: "a.example") != documents.appleAppSiteAssociation(for: "b.example"))
        #expect(documents.appleAppSiteAssociation() == documents.appleAppSiteAssociation(for: "a.example"))
        #expect(documents.appleAppSiteAssociation(for: "c.example") == nil)
        #expect(documents.assetLinks() == nil)
    }

    @Test("hold each domain's assetlinks.json when Android apps are configured, its rules from that domain's routes")
    func assetLinks() throws {
        let fingerprint = (0..<32).map { _ in "0F" }.joined(separator: ":")
        let android = [AndroidApp(package: "com.example.app", fingerprints: [fingerprint])]
        let table = try Configuration(yaml: Self.yaml).table
        let documents = AssociationDocuments(table: table, android: android)
        let generator = AssetLinksGenerator(table: table, apps: android)
        #expect(documents.assetLinks(for: "a.example") == Array(generator.json(for: "a.example").utf8))
        #expect(documents.assetLinks(for: "B.example") == Array(generator.json(for: "b.example").utf8))
        #expect(documents.assetLinks() == documents.assetLinks(for: "a.example"))
        #expect(documents.assetLinks(for: "a.example") != documents.assetLinks(for: "b.example"))
        #expect(generator.dynamicRules(for: "a.example").map(\.path) == ["/"])
        #expect(generator.dynamicRules(for: "b.example").map(\.path) == ["/only/*/?*", "/only//*", "/only/?*", "/"])
        #expect(documents.assetLinks(for: "c.example") == nil)
    }

    @Test("name every domain whose AASA is over Apple's limit, and only those")
    func sizeProblems() throws {
        let routes = (0..<1500).map {
            "  - {name: r\($0), path: \"route-number-\($0)/$(id)\", scopes: [\"universal:big.example\"], params: {id: {charset: a-z}}, notification: n}\n"
        }
        let yaml = "app: {name: A, appIDs: [ABCDE12345.com.example.app]}\ndomains: [small.example, big.example]\nroutes:\n" + routes.joined()
        let check = Configuration.check(yaml: yaml)
        #expect(check.table == nil && check.documents == nil)
        let messages = check.diagnostics.map(\.description)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("the apple-app-site-association for big.example would be ") == true)
    }
}
