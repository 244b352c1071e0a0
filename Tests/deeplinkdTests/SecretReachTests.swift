import Foundation
import Testing

@testable import deeplinkd

/// A table whose public route carries a secret route's token, as `check` once let through: with it, `/m/TOKEN/welcome`
/// was answered as a public page (the token logged in full, cached, `public, max-age=300`, printed in the page).
/// Now no command takes the table, so no server can answer from it (Tests/system: `serve` refuses it too).
@Suite("A table that lets a secret reach a public answer is refused by check and every command", .hangLimit)
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
        "route 'welcomeAfterSignIn' is not secret, but its stack names secret route 'magicEmailSignIn' (line 46), so its own URL carries the secret value of 'token': it would be logged in full, cached and shown in its page; make 'welcomeAfterSignIn' secret too, or take 'magicEmailSignIn' out of its stack"

    /// The default table with the route above added after the secret `magicEmailSignIn`, in `scratch`, with the line
    /// of its `stack`.
    static func table(in scratch: ScratchDirectory) throws -> (path: String, line: Int) {
        var text = try DefaultTable.text()
        let anchor = "    landing: magicLink\n"
        #expect(text.contains(anchor))
        text = text.replacingOccurrences(of: anchor, with: anchor + routes)
        return (try scratch.write(text, to: "deeplinkd.yaml"), DefaultTable.line(of: "stack: [magicEmailSignIn]", in: text))
    }

    @Test("check refuses the table with the stack's file and line, naming both routes")
    func check() throws {
        let scratch = try ScratchDirectory("secret")
        defer { scratch.remove() }
        let (path, line) = try Self.table(in: scratch)
        let result = try Deeplinkd.run(["check", "--config", path])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.error == "\(path):\(line): \(Self.message)\n")
    }

    @Test("resolve, which answers as the server would, refuses the table too")
    func resolve() throws {
        let scratch = try ScratchDirectory("secret")
        defer { scratch.remove() }
        let (path, line) = try Self.table(in: scratch)
        let result = try Deeplinkd.run(["resolve", "--config", path, "https://links.example.com/m/Qv7_kT2mZx9-LpR4wNc8Yh/welcome"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.error == "\(path):\(line): \(Self.message)\n")
    }

    @Test("the server serve would build refuses the table before it listens, with the same message")
    func serve() throws {
        let scratch = try ScratchDirectory("secret")
        defer { scratch.remove() }
        let (path, line) = try Self.table(in: scratch)
        let error = #expect(throws: (any Error).self) { try LiveServer(["--config", path]) }
        #expect(error.map { "\($0)" } == "\(path):\(line): \(Self.message)")
    }
}
