import DeepLinkConfig
import DeepLinkRouting
import Foundation
import Testing

@Suite("App Clips in the route table")
struct AppClipConfigTests {
    static let valid = """
        app:
          name: App
          appIDs: [ABCDE12345.com.example.app]
          appStoreID: "123"
          appClips: [ABCDE12345.com.example.app.Clip]
        domains: [a.example]
        schemes: [app]
        routes:
          - name: item
            path: i/$(id)
            params:
              id: {charset: "0-9", max: 8}
            appClip: true

        """

    func check(_ yaml: String) -> [String] {
        Configuration.check(yaml: yaml).diagnostics.map { $0.formatted(file: "t.yaml") }
    }

    @Test("a public Universal route may offer the App Clip; the table keeps the App Clips and the flag")
    func valid() throws {
        #expect(check(Self.valid).isEmpty)
        let table = try Configuration(yaml: Self.valid).table
        #expect(table.app.appClips == ["ABCDE12345.com.example.app.Clip"])
        #expect(table.app.appClipBundleID == "com.example.app.Clip")
        #expect(table.routes.map(\.isAppClip) == [true])
    }

    @Test(
        "check refuses an App Clip route that is secret or not Universal, and App Clip IDs that are not TEAMID.bundle.id",
        arguments: [
            (
                "    appClip: true\n", "    appClip: true\n    secret: true\n",
                [
                    "t.yaml:13: route 'item': appClip is true but the route is secret: an App Clip would be handed its secret, and its page offered to anyone"
                ]
            ),
            (
                "    appClip: true\n", "    appClip: true\n    scopes: [app]\n",
                [
                    "t.yaml:13: route 'item': appClip is true but the route is not Universal (no universal scope): App Clips open only from https links"
                ]
            ),
            (
                "[ABCDE12345.com.example.app.Clip]", "[abcde12345.com.example.app.Clip]",
                [
                    "t.yaml:5: app: App Clip 'abcde12345.com.example.app.Clip' is not TEAMID.bundle.id (10 upper-case letters or digits, a dot, then the bundle ID)"
                ]
            ),
            (
                "[ABCDE12345.com.example.app.Clip]", "[com.example.app.Clip]",
                [
                    "t.yaml:5: app: App Clip 'com.example.app.Clip' is not TEAMID.bundle.id (10 upper-case letters or digits, a dot, then the bundle ID)"
                ]
            ),
            (
                "  appClips: [ABCDE12345.com.example.app.Clip]\n", "",
                [
                    "t.yaml:12: route 'item': appClip is true but app.appClips lists no App Clip (write TEAMID.bundle.id.Clip)"
                ]
            ),
            (
                "[ABCDE12345.com.example.app.Clip]", "[ABCDE12345.com.other.Clip]",
                [
                    "t.yaml:5: warning: app: App Clip 'ABCDE12345.com.other.Clip' does not start with an app of appIDs: an App Clip's bundle ID is its app's with one more component (TEAMID.bundle.id.Clip)"
                ]
            ),
            (
                "  appStoreID: \"123\"\n", "",
                [
                    "t.yaml:12: warning: route 'item': appClip is true but app.appStoreID is not set, so its landing page has no Smart App Banner and no App Clip card"
                ]
            ),
            ("    appClip: true\n", "    appClip: yes\n", ["t.yaml:13: route 'item': 'appClip' must be true or false"]),
        ])
    func problems(original: String, replacement: String, messages: [String]) {
        #expect(check(Self.valid.replacingOccurrences(of: original, with: replacement)) == messages)
    }
}
