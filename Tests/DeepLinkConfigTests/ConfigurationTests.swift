import DeepLinkAASA
import DeepLinkConfig
import DeepLinkRouting
import Foundation
import Testing

@Suite("Reading and checking config files")
struct ConfigurationTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let defaultConfig = packageRoot.appendingPathComponent("config/deeplinkd.yaml").path

    static let valid = """
        app:
          name: App
          appIDs: [ABCDE12345.com.example.app]
        domains: [a.example]
        routes:
          - name: item
            path: i/$(id)
            params:
              id: {charset: "0-9", max: 8}
            notification: itemRequested

        """

    /// The problems `check` prints for `yaml`, as `FILE:LINE: message` lines.
    func check(_ yaml: String) -> [String] {
        Configuration.check(yaml: yaml).diagnostics.map { $0.formatted(file: "t.yaml") }
    }

    @Test("the shipped default config is valid, without warnings, and is the seeds' table")
    func defaultConfig() throws {
        let configuration = try Configuration(contentsOf: Self.defaultConfig)
        #expect(configuration.warnings.isEmpty)
        let table = configuration.table
        #expect(table.routes.map(\.name) == ["charger", "magicEmailSignIn", "userQrSignIn", "registrationError", "registrationCallback"])
        #expect(
            table.routes.map(\.notification) == [
                "chargerDeepLinkRequested", "magicEmailSignInRequested", "userQrSignInRequested", "universalLinkRegistrationFailed",
                "universalLinkRegistrationCallback",
            ])
        #expect(table.routes.map(\.landing) == ["charger", "magicLink", "qrSignIn", nil, nil])
        #expect(table.routes.map(\.isSecret) == [false, true, false, false, false])
        #expect(table.gates["signedOut"] == ["welcome", "loggingIn", "customerSigningIn"])
        // Sign-in links wait while launching (seed 000), and never reach the navigation path; the charger is honoured
        // in every state and replaces the path (seed 003).
        #expect(table.routes.map(\.delivery.waitStates) == [[], ["launching"], ["launching"], [], []])
        #expect(table.routes.map(\.delivery.presentation) == [.replace, .none, .none, .none, .none])
        #expect(table.states == ["launching", "welcome", "loggingIn", "registering", "priming", "customerSigningIn", "ready"])
        #expect(configuration.android.map(\.package) == ["com.polarisexpress.expresscan", "com.polarisexpress.expresscan.debug"])
    }

    @Test("YAML syntax errors name the line")
    func syntaxError() {
        #expect(check("app: [\n") == ["t.yaml:2: YAML syntax error: while parsing a flow node did not find expected node content (column 1)"])
        #expect(check("routes:\n  - name: a\n   path: b\n").first?.hasPrefix("t.yaml:3: YAML syntax error:") == true)
        #expect(check("") == ["t.yaml: the config is empty"])
        #expect(check("- a\n- b\n") == ["t.yaml:1: config must be a mapping of keys to values"])
    }

    @Test("unknown, duplicate and ill-typed keys are errors with their lines")
    func keyErrors() {
        let yaml = """
            app:
              name: App
              appIDs: ABCDE12345.com.example.app
              colour: blue
            domains: [a.example]
            routes:
              - name: item
                path: i/$(id)
                notificaton: typo
                secret: maybe
                params:
                  id: {charset: "0-9", max: eight, minimum: 1}
            """
        #expect(
            check(yaml) == [
                "t.yaml:3: app: 'appIDs' must be a list, like [a, b]",
                "t.yaml:4: app: unknown key 'colour' (known keys: name, appIDs, appStoreID, webcredentials, appClips)",
                "t.yaml:9: route 'item': unknown key 'notificaton' (known keys: name, path, aliases, scopes, params, gate, feature, secret, notification, landing, stack, appClip, copyLink, wait, resume, expiry, presentation, minAppVersion)",
                "t.yaml:10: route 'item': 'secret' must be true or false",
                "t.yaml:12: route 'item': parameter 'id': unknown key 'minimum' (known keys: charset, min, max, required)",
                "t.yaml:12: route 'item': parameter 'id': 'max' must be an integer",
            ])
        #expect(check("app: {name: A}\nroutes: []\napp: {name: B}\n") == ["t.yaml:1: a mapping gives the key 'app' twice"])
    }

    @Test(
        "every semantic check reports FILE:LINE: message",
        arguments: [
            ("    path: i/$(id)\n", "    path: i/$(id\n", "t.yaml:7: route 'item': bad path pattern 'i/$(id': '$(id' opens '$(' without a closing ')'"),
            (
                "    params:\n", "    scopes: [web]\n    params:\n",
                "t.yaml:8: route 'item': unknown scope 'web' (use universal, app, universal:HOST or app:SCHEME)"
            ),
            ("    params:\n", "    scopes: [app:nope]\n    params:\n", "t.yaml:8: route 'item': scope 'app:nope' names a scheme that is not in schemes"),
            (
                "    params:\n", "    scopes: [universal:b.example]\n    params:\n",
                "t.yaml:8: route 'item': scope 'universal:b.example' names a domain that is not in domains"
            ),
            ("    params:\n", "    gate: signedIn\n    params:\n", "t.yaml:8: route 'item': unknown gate 'signedIn' (known gates: none)"),
            ("i/$(id)", "i/$(id)/$(more)", "t.yaml:7: route 'item': path parameter 'more' has no entry in params"),
        ])
    func semanticErrors(original: String, replacement: String, message: String) {
        #expect(check(Self.valid.replacingOccurrences(of: original, with: replacement)) == [message])
    }

    @Test(
        "parameter constraints nothing can satisfy are errors on the parameter's line",
        arguments: [
            ("{charset: \"0-9\", min: 5, max: 2}", "t.yaml:9: route 'item': parameter 'id': min 5 is greater than max 2, so no value can match"),
            ("{charset: \"\"}", "t.yaml:9: route 'item': parameter 'id': charset is empty, so no value can match"),
            ("{charset: \"9-0\"}", "t.yaml:9: route 'item': parameter 'id': charset range '9-0' is reversed"),
            ("{min: 4, max: 3}", "t.yaml:9: route 'item': parameter 'id': min 4 is greater than max 3, so no value can match"),
            ("{charset: \"0-9\", min: x}", "t.yaml:9: route 'item': parameter 'id': 'min' must be an integer"),
            ("{charset: \"0-9\", min: \"5\"}", "t.yaml:9: route 'item': parameter 'id': 'min' must be an integer"),
            ("{charset: \"0-9\", required: yes}", "t.yaml:9: route 'item': parameter 'id': 'required' must be true or false"),
        ])
    func parameterErrors(rule: String, message: String) {
        let yaml = Self.valid.replacingOccurrences(of: "{charset: \"0-9\", max: 8}", with: rule)
        #expect(check(yaml) == [message])
    }

    @Test("a table a new team writes: no notification, no charset (RFC 3986 unreserved), a trailing slash in a path")
    func newTeamTable() throws {
        let yaml = """
            app: {name: A, appIDs: [ABCDE12345.com.example.app]}
            domains: [a.example]
            routes:
              - name: hello
                path: /hello/
              - name: item
                path: items/$(id)/
                params:
                  id: {max: 8}

            """
        #expect(check(yaml).isEmpty)
        let table = try Configuration(yaml: yaml).table
        #expect(table.routes.map(\.notification) == [nil, nil])
        #expect(table.routes[1].parameters.first?.rule.charset.source == "A-Za-z0-9._~-")
        for url in ["https://a.example/hello", "https://a.example/hello/"] {
            guard case .matched(let match) = table.resolve(url) else {
                Issue.record("\(url) did not match")
                continue
            }
            #expect(match.route.name == "hello")
        }
        guard case .matched(let match) = table.resolve("https://a.example/items/a.B~c_9-/") else {
            Issue.record("the default charset refused RFC 3986 unreserved characters")
            return
        }
        #expect(match.value(of: "id") == "a.B~c_9-")
        guard case .unmatched(let unmatched) = table.resolve("https://a.example/items/a%20b") else {
            Issue.record("the default charset took a space")
            return
        }
        #expect(unmatched.detail == "route 'item': parameter 'id' contains a forbidden character U+0020")
    }

    @Test("duplicate route names and shadowed routes point at both lines")
    func duplicatesAndShadowing() {
        let yaml =
            Self.valid + """
                  - name: item
                    path: j
                    notification: n
                  - name: shadowed
                    path: i/7
                    notification: n
                  - name: partial
                    path: i/$(code)
                    params:
                      code: {charset: "0-9a-f"}
                    notification: n

                """
        #expect(
            check(yaml) == [
                "t.yaml:11: duplicate route name 'item' (first defined on line 6)",
                "t.yaml:14: route 'shadowed' can never match: route 'item' (line 6) matches every URL it would",
                "t.yaml:17: warning: route 'partial' overlaps route 'item' (line 6): some URLs match both, and 'item' wins",
                "t.yaml:17: warning: route 'partial' overlaps route 'shadowed' (line 14): some URLs match both, and 'shadowed' wins",
            ])
    }

    @Test("an AASA over Apple's 128 KB limit fails the check")
    func aasaSizeLimit() {
        let routes = (0..<1500).map { "  - {name: r\($0), path: \"route-number-\($0)/$(id)\", params: {id: {charset: a-z}}, notification: n}\n" }
        let yaml = "app: {name: A, appIDs: [ABCDE12345.com.example.app]}\ndomains: [a.example]\nroutes:\n" + routes.joined()
        let problems = check(yaml)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("t.yaml: the apple-app-site-association for a.example would be ") == true)
        #expect(problems.first?.hasSuffix(" bytes; Apple drops files over 131072 bytes") == true)
    }

    @Test("a missing or unreadable file is a clear error")
    func unreadable() {
        #expect(throws: ConfigurationError.self) { try Configuration(contentsOf: "/nonexistent/deeplinkd.yaml") }
        #expect(
            Configuration.check(file: "/nonexistent/deeplinkd.yaml").diagnostics.map { $0.formatted(file: "f") } == ["f: cannot read the config: no such file"])
        #expect(
            Configuration.check(file: "/").diagnostics.map { $0.formatted(file: "f") } == ["f: cannot read the config: it is a directory, not a regular file"])
    }

    @Test(
        "a YAML error or an empty document at the end of a file without a final line break names the last line (found by fuzzing)",
        arguments: [
            (
                "app: [\n  sha256CertFingsha256Ce:\"J", 2,
                "f:2: YAML syntax error: while parsing a flow sequence did not find expected ',' or ']' (at the end of the file)"
            ),
            ("app: [\n  x\n", 3, "f:3: YAML syntax error: while parsing a flow sequence did not find expected ',' or ']' (column 1)"),
            ("a: 1\r\nb: [\u{2028}c", 3, nil),
            ("%YAML 1.2\n---\n# deeplinkd ap: !!broin", 3, "f:3: config must be a mapping of keys to values"),
            ("---\n# x", 2, "f:2: config must be a mapping of keys to values"),
        ] as [(String, Int, String?)])
    func errorAtTheEnd(yaml: String, lastLine: Int, message: String?) throws {
        let diagnostics = Configuration.check(yaml: yaml).diagnostics
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.line == lastLine)
        if let message { #expect(diagnostic.formatted(file: "f") == message) }
    }
}
