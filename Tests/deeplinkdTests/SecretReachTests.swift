import Foundation
import Testing

/// A table whose public route carries a secret route's token, as `check` once let through: with it, `/m/TOKEN/welcome`
/// was answered as a public page (the token logged in full, cached, `public, max-age=300`, printed in the page).
/// Now no command takes the table, so no server can answer from it.
@Suite("A table that lets a secret reach a public answer is refused by check, serve and every command")
struct SecretReachTests {
    static let routes = """
          - name: welcomeAfterSignIn
            path: m/$(token)/welcome
            params:
              token: {charset: "A-Za-z0-9_-", min: 16, max: 512}
            stack: [magicEmailSignIn]
            landing: charger

        """

    static let message =
        "route 'welcomeAfterSignIn' is not secret, but its stack names secret route 'magicEmailSignIn' (line 42), so its own URL carries the secret value of 'token': it would be logged in full, cached and shown in its page; make 'welcomeAfterSignIn' secret too, or take 'magicEmailSignIn' out of its stack"

    /// The default table with the route above added after the secret `magicEmailSignIn`, in a scratch file, with the
    /// line of its `stack`.
    static func table() throws -> (path: String, line: Int) {
        var text = try String(contentsOf: Deeplinkd.root.appendingPathComponent("config/deeplinkd.yaml"), encoding: .utf8)
        let anchor = "    landing: magicLink\n"
        #expect(text.contains(anchor))
        text = text.replacingOccurrences(of: anchor, with: anchor + routes)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-secret-\(UUID()).yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let line = (text.components(separatedBy: "\n").firstIndex { $0.contains("stack: [magicEmailSignIn]") } ?? 0) + 1
        return (path, line)
    }

    @Test("check refuses the table with the stack's file and line, naming both routes")
    func check() throws {
        let (path, line) = try Self.table()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Deeplinkd.run(["check", "--config", path])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.error == "\(path):\(line): \(Self.message)\n")
    }

    @Test("serve refuses to start on the table, so the token page can never be answered")
    func serve() throws {
        let (path, line) = try Self.table()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try runWithDeadline(["serve", "--config", path, "--port", "0", "--host", "127.0.0.1"], seconds: 20)
        #expect(result.status == 1)
        #expect(result.error.contains("\(path):\(line): \(Self.message)"))
    }

    @Test("resolve, which answers as the server would, refuses the table too")
    func resolve() throws {
        let (path, line) = try Self.table()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Deeplinkd.run(["resolve", "--config", path, "https://links.example.com/m/Qv7_kT2mZx9-LpR4wNc8Yh/welcome"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.error == "\(path):\(line): \(Self.message)\n")
    }
}
