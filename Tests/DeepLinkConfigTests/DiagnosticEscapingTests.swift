import DeepLinkConfig
import DeepLinkRouting
import Testing

/// What `check` prints quotes table text: a control or bidirectional formatting character in it is shown as
/// `\u{1B}`, whichever check found it and whether or not the message escaped it itself, so no terminal escape
/// sequence and no line break from a table reaches the terminal.
@Suite("check's messages show the control characters of the text they quote escaped")
struct DiagnosticEscapingTests {
    @Test(
        "every kind of message quoting table text, in the file name too",
        arguments: [
            (
                "app:\n  name: A\n  appIDs: [\"X\\e]0;title\\a\"]\ndomains: [a.example]\nroutes: []\n",
                "t\\u{1B}.yaml:3: app: appID 'X\\u{1B}]0;title\\u{7}' is not TEAMID.bundle.id (10 upper-case letters or digits, a dot, then the bundle ID)"
            ),
            (
                "app: {name: A, appIDs: [ABCDE12345.com.example.app]}\n\"\\e[2J\": 1\ndomains: [a.example]\nroutes: []\n",
                "t\\u{1B}.yaml:2: config: unknown key '\\u{1B}[2J' (known keys: app, domains, schemes, states, gates, features, routes, android, stores, openInAppDomain)"
            ),
            (
                "app: {name: A, appIDs: [ABCDE12345.com.example.app]}\ndomains: [\"a.example\\r\"]\nroutes: []\n",
                "t\\u{1B}.yaml:2: domain 'a.example\\u{D}' must be a bare host name (no scheme, port or path)"
            ),
            ("app: {name: A}\nroutes: [\u{1B}[31m\n", "t\\u{1B}.yaml:2: YAML syntax error: control characters are not allowed (U+001B, column 10)"),
            ("app: {name: A}\r\nx: 1\r\nroutes: [\u{7}]\n", "t\\u{1B}.yaml:3: YAML syntax error: control characters are not allowed (U+0007, column 10)"),
        ])
    func escaped(yaml: String, first: String) {
        let lines = Configuration.check(yaml: yaml).diagnostics.map { $0.formatted(file: "t\u{1B}.yaml") }
        #expect(lines.first == first)
        #expect(lines.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{7F}" || $0 == "\u{202E}" } })
    }

    @Test("a message already escaped is not escaped twice")
    func idempotent() {
        let diagnostic = Diagnostic(.warning, line: 4, "name 'a\\u{1B}b' and 'c\u{202E}d'")
        #expect(diagnostic.formatted(file: "t.yaml") == "t.yaml:4: warning: name 'a\\u{1B}b' and 'c\\u{202E}d'")
    }
}
