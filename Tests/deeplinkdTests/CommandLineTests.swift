import Foundation
import Testing

@testable import deeplinkd

@Suite("The deeplinkd command line, in process", .hangLimit)
struct CommandLineTests {
    @Test("resolve prints one JSON object per URL, with the action for a state")
    func resolve() throws {
        let result = try Deeplinkd.run(["resolve", "--state", "ready", "https://links.example.com/c/CH-42", "expchg://u/abcd"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"{"url":"https://links.example.com/c/CH-42","matched":true,"route":"charger","params":{"id":"CH-42"},"channel":"universal","notification":"chargerDeepLinkRequested","gate":null,"links":{"universal":"https://links.example.com/c/CH-42","app":"expchg://c/CH-42"},"action":"dispatch"}"#,
                #"{"url":"expchg://u/abcd","matched":false,"reason":"channelNotAllowed","detail":"route 'userQrSignIn' cannot be opened from expchg: (its scopes: universal)","route":"userQrSignIn"}"#,
            ])
    }

    @Test("resolve refuses an unknown state")
    func unknownState() throws {
        let result = try Deeplinkd.run(["resolve", "--state", "signedIn", "https://links.example.com/c/1"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(
            result.error
                == "deeplinkd: unknown state 'signedIn' (known states: launching, welcome, loggingIn, registering, priming, customerSigningIn, ready)\n")
    }

    @Test(
        "link prints both links, validating values",
        arguments: [
            (["link", "charger", "id=CH-42"], 0, #"{"universal":"https://links.example.com/c/CH-42","app":"expchg://c/CH-42"}"# + "\n", ""),
            (["link", "userQrSignIn", "publicId=abcd"], 0, #"{"universal":"https://links.example.com/u/abcd","app":null}"# + "\n", ""),
            (["link", "charger", "id=a/b"], 1, "", "deeplinkd: route 'charger': parameter 'id' contains a forbidden character U+002F '/'\n"),
            (["link", "charger"], 1, "", "deeplinkd: route 'charger': parameter 'id' is missing\n"),
            (
                ["link", "nope"], 1, "",
                "deeplinkd: unknown route 'nope' (routes: charger, magicEmailSignIn, userQrSignIn, registrationError, registrationCallback)\n"
            ),
            (["link", "charger", "id"], 1, "", "deeplinkd: 'id' is not NAME=VALUE\n"),
            (["link", "charger", "id=1", "id=2"], 1, "", "deeplinkd: parameter 'id' is given twice\n"),
        ] as [([String], Int32, String, String)])
    func link(arguments: [String], status: Int32, output: String, error: String) throws {
        let result = try Deeplinkd.run(arguments)
        #expect(result.status == status)
        #expect(result.output == output)
        #expect(result.error == error)
    }

    @Test("aasa prints the golden file")
    func aasa() throws {
        let result = try Deeplinkd.run(["aasa"])
        let golden = try String(
            contentsOf: Deeplinkd.root.appendingPathComponent("Tests/DeepLinkAASATests/Golden/apple-app-site-association.json"), encoding: .utf8)
        #expect(result.status == 0)
        #expect(result.output == golden)
        let foreign = try Deeplinkd.run(["aasa", "--domain", "evil.com"])
        #expect(foreign.status == 1)
        #expect(foreign.error == "deeplinkd: 'evil.com' is not one of the configured domains (links.example.com, open.links.example.com)\n")
    }

    @Test("check passes the default config and lists every problem of a broken one")
    func check() throws {
        let good = try Deeplinkd.run(["check"])
        #expect(good.status == 0)
        #expect(good.output == "config/deeplinkd.yaml: OK (5 routes, 2 domains, 1 scheme)\n")

        let scratch = try ScratchDirectory("broken")
        defer { scratch.remove() }
        let broken = try scratch.write(
            """
            app: {name: A, appIDs: [ABCDE12345.com.example.app]}
            domains: [a.example]
            routes:
              - {name: a, path: "c/$(id)", params: {id: {charset: "0-9", min: 3, max: 1}}, notification: n}
              - {name: b, path: "**", notification: n}
              - {name: b, path: "x", notification: n, colour: red}

            """, to: "broken.yaml")
        let result = try Deeplinkd.run(["check", "--config", broken])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(
            result.error.split(separator: "\n").map(String.init) == [
                "\(broken):4: route 'a': parameter 'id': min 3 is greater than max 1, so no value can match",
                "\(broken):6: route 'b': unknown key 'colour' (known keys: name, path, aliases, scopes, params, gate, feature, secret, notification, landing, stack, appClip, copyLink, wait, resume, expiry, presentation, minAppVersion)",
                "\(broken):6: duplicate route name 'b' (first defined on line 5)",
                "\(broken):6: route 'b' can never match: route 'b' (line 5) matches every URL it would",
            ])
    }

    @Test(
        "help lists each command's options in one order, its option groups in place",
        arguments: [
            (
                "serve",
                [
                    "--config", "--host", "--port", "--public", "--tls-cert", "--tls-key", "--tls-priorities", "--hsts", "--hsts-include-subdomains",
                    "--metrics-address", "--watch", "--connection-limit", "--per-ip-limit", "--per-prefix-limit", "--timeout", "--header-timeout",
                    "--connection-memory", "--threads", "--drain-seconds", "--drain-delay", "--buffer-limit",
                ]
            ),
            ("qr", ["--config", "--format", "--size", "--margin", "--ecc", "--output", "--csv", "--output-dir", "--sheet"]),
            ("doctor", ["--config", "--entitlements", "--apk-cert", "--cacert", "--connect-to"]),
        ])
    func helpOrder(command: String, options: [String]) throws {
        let result = try Deeplinkd.run([command, "--help"])
        #expect(result.status == 0)
        // Each option's entry starts a line with two spaces and its name (`-h, --help` starts with `-h`).
        let listed = result.output.split(separator: "\n").filter { $0.hasPrefix("  --") }.map { String($0.dropFirst(2).prefix { $0 != " " }) }
        #expect(listed == options)
    }
}
