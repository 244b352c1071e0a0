import DeepLinkConfig
import DeepLinkRouting
import Testing

/// `minAppVersion`: the oldest build of the app a route's links need, and what `/resolve` and `deeplinkd resolve` say
/// to an older one.
@Suite("The minimum app version of a route")
struct MinAppVersionConfigTests {
    static let head = """
        app: {name: App, appIDs: [ABCDE12345.com.example.app]}
        domains: [a.example]
        states: [launching, out, in]
        gates:
          signedIn: {states: [in], wait: [launching], resume: true}
        features: [beta]

        """

    static func yaml(_ version: String, extra: String = "") -> String {
        head + "routes:\n  - {name: item, path: i/$(id), params: {id: {charset: a-z}}, minAppVersion: \(version)\(extra)}\n"
            + "  - {name: plain, path: p/$(id), params: {id: {charset: a-z}}}\n"
    }

    static func check(_ yaml: String) -> [String] {
        Configuration.check(yaml: yaml).diagnostics.map { $0.formatted(file: "t.yaml") }
    }

    @Test("check reads 1 to 3 whole numbers, quoted or not", arguments: ["\"2\"", "2.3", "\"2.3.1\"", "0.0.0", "123456789.1"])
    func accepted(version: String) throws {
        #expect(Self.check(Self.yaml(version)).isEmpty)
        let table = try Configuration(yaml: Self.yaml(version)).table
        #expect(table.routes.first?.minAppVersion?.text == version.filter { $0 != "\"" })
        #expect(table.routes.last?.minAppVersion == nil)
    }

    @Test(
        "check refuses anything else with its line and what a version looks like",
        arguments: ["\"v2\"", "\"2.\"", "\".2\"", "\"2..3\"", "\"2.3.4.5\"", "\"\"", "\"2.3-beta\"", "\" 2.3\"", "\"1234567890\"", "\"２\""])
    func refused(version: String) {
        let text = String(version.dropFirst().dropLast())
        #expect(
            Self.check(Self.yaml(version)) == [
                "t.yaml:8: route 'item': minAppVersion '\(text)' is not an app version (use 1 to 3 dot-separated whole numbers of at most 9 digits: 2, 2.3, 2.3.1)"
            ])
    }

    @Test("check refuses a list where one version belongs")
    func notAScalar() {
        #expect(Self.check(Self.yaml("[2, 3]")) == ["t.yaml:8: route 'item': 'minAppVersion' must be a single value"])
    }

    @Test("a control character in the version is shown, not printed")
    func invisible() {
        #expect(
            Self.check(Self.yaml("\"2\\t3\"")) == [
                "t.yaml:8: route 'item': minAppVersion '2\\u{9}3' is not an app version (use 1 to 3 dot-separated whole numbers of at most 9 digits: 2, 2.3, 2.3.1)"
            ])
    }
}
