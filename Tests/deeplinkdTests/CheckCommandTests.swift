import Foundation
import Testing

@testable import deeplinkd

@Suite("deeplinkd check refuses what serve would refuse", .hangLimit)
struct CheckCommandTests {
    @Test("check refuses a FIFO as the config at once instead of waiting for a writer")
    func fifoConfig() throws {
        let scratch = try ScratchDirectory("fifo")
        defer { scratch.remove() }
        let fifo = scratch.path("deeplinkd.yaml")
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try Deeplinkd.run(["check", "--config", fifo])
        #expect(result.status == 1)
        #expect(result.error == "\(fifo): cannot read the config: it is a named pipe (FIFO), not a regular file\n")
    }

    @Test(
        "generate kotlin refuses a name the generated Kotlin cannot declare, on its line, and check too when the table names an Android app; resolve and generate swift take the table"
    )
    func kotlinNames() throws {
        let scratch = try ScratchDirectory("kotlin")
        defer { scratch.remove() }
        let table = try scratch.write(
            """
            app: {name: A, appIDs: [ABCDE12345.com.example.app]}
            domains: [a.example]
            routes:
              - {name: companion, path: "c/$(id)", params: {id: {charset: "0-9"}}, notification: n}

            """, to: "deeplinkd.yaml")
        let message = "\(table):4: route 'companion': its Kotlin class 'Companion' would hide a type the generated Kotlin declares; rename the route\n"
        let generated = try Deeplinkd.run(["generate", "kotlin", "--config", table])
        #expect(generated.status == 1)
        #expect(generated.output.isEmpty)
        #expect(generated.error == message)
        // Without an Android app, Kotlin names are generate kotlin's concern alone.
        let checked = try Deeplinkd.run(["check", "--config", table])
        #expect(checked.status == 0, "\(checked.error)")
        let android = try scratch.write(
            """
            app: {name: A, appIDs: [ABCDE12345.com.example.app]}
            domains: [a.example]
            android: [{package: com.example.app, sha256CertFingerprints: ["\(Array(repeating: "AB", count: 32).joined(separator: ":"))"]}]
            routes:
              - {name: companion, path: "c/$(id)", params: {id: {charset: "0-9"}}, notification: n}

            """, to: "android.yaml")
        let refused = try Deeplinkd.run(["check", "--config", android])
        #expect(refused.status == 1)
        #expect(refused.output.isEmpty)
        #expect(refused.error == message.replacingOccurrences(of: "\(table):4:", with: "\(android):5:"))
        let resolved = try Deeplinkd.run(["resolve", "--config", table, "https://a.example/c/1"])
        #expect(resolved.status == 0, "\(resolved.error)")
        #expect(resolved.output.contains(#""route":"companion""#), "\(resolved.output)")
        #expect(try Deeplinkd.run(["generate", "swift", "--config", table]).status == 0)
    }
}

@Suite("deeplinkd check --public checks landings against the templates", .hangLimit)
struct CheckPublicTests {
    @Test("a landing whose template differs in case fails check --public with the config's file and line")
    func landingCase() throws {
        let scratch = try ScratchDirectory("landing")
        defer { scratch.remove() }
        let text = try DefaultTable.text()
        let config = try scratch.write(text.replacingOccurrences(of: "landing: charger", with: "landing: Charger"), to: "deeplinkd.yaml")
        let withTemplates = try Deeplinkd.run(["check", "--config", config, "--public", "Public"])
        #expect(withTemplates.status == 1)
        #expect(
            withTemplates.error
                == "\(config):\(DefaultTable.line(of: "landing: charger", in: text)): route 'charger': landing 'Charger' has no template Charger.mustache (there is charger.mustache: template names are case-sensitive)\n"
        )
    }
}
