import DeepLinkConfig
import DeepLinkRouting
import Testing

@Suite("copyLink: a route's landing page offers Copy link, then install")
struct CopyLinkConfigTests {
    static func table(_ route: String) -> String {
        """
        app:
          name: App
          appIDs: [ABCDE12345.com.example.app]
        domains: [a.example]
        schemes: [app]
        routes:
          - name: item
            path: i/$(id)
            params:
              id: {charset: "0-9", max: 8}
        \(route)
        """
    }

    func check(_ route: String) -> [String] {
        Configuration.check(yaml: Self.table(route)).diagnostics.map { $0.formatted(file: "t.yaml") }
    }

    @Test("a public Universal route with a landing page takes it, and the default table's charger has it")
    func valid() throws {
        let configuration = try Configuration(yaml: Self.table("    landing: item\n    copyLink: true\n"))
        #expect(configuration.table.routes.map(\.offersCopyLink) == [true])
        let defaultTable = try Configuration(contentsOf: ConfigurationTests.defaultConfig).table
        #expect(defaultTable.routes.filter(\.offersCopyLink).map(\.name) == ["charger"])
    }

    @Test("a secret route is refused: its secret would go to the pasteboard")
    func secret() {
        #expect(
            check("    landing: item\n    secret: true\n    copyLink: true\n") == [
                "t.yaml:13: route 'item': copyLink is true but the route is secret: its link, secret included, would go to the pasteboard, which other apps read"
            ])
    }

    @Test("a route only a custom scheme opens, and one without a landing page, are refused")
    func notUniversalNoLanding() {
        #expect(
            check("    scopes: [app]\n    copyLink: true\n") == [
                "t.yaml:12: route 'item': copyLink is true but the route is not Universal (no universal scope): the page copies the route's https link",
                "t.yaml:12: route 'item': copyLink is true but the route has no landing page to offer the copy on",
            ])
    }

    @Test("copyLink is true or false")
    func notBoolean() throws {
        #expect(check("    landing: item\n    copyLink: yes\n") == ["t.yaml:12: route 'item': 'copyLink' must be true or false"])
        #expect(try Configuration(yaml: Self.table("    landing: item\n    copyLink: false\n")).table.routes[0].offersCopyLink == false)
    }
}
