import Foundation
import Testing

@testable import deeplinkd

@Suite("resolve --app-version: update before the gate, as /resolve answers", .hangLimit)
struct AppVersionCommandTests {
    /// The default table with the QR sign-in (gated, held while launching) needing version 2.3.
    static func table() throws -> (ScratchDirectory, String) {
        let scratch = try ScratchDirectory("app-version")
        let text = try DefaultTable.text().replacingOccurrences(of: "    landing: qrSignIn\n", with: "    landing: qrSignIn\n    minAppVersion: \"2.3\"\n")
        return (scratch, try scratch.write(text, to: "deeplinkd.yaml"))
    }

    static let head =
        #"{"url":"https://links.example.com/u/abcd","matched":true,"route":"userQrSignIn","params":{"publicId":"abcd"},"channel":"universal","notification":"userQrSignInRequested","gate":"signedOut","links":{"universal":"https://links.example.com/u/abcd","app":null}"#

    @Test(
        "an older app is told to update in any state; one at the minimum or newer gets the gate's answer",
        arguments: [
            (["--app-version", "2.2.9", "--state", "ready"], #","action":"update","minAppVersion":"2.3"}"#),
            (["--app-version", "1", "--state", "launching"], #","action":"update","minAppVersion":"2.3"}"#),
            (["--app-version", "2.3", "--state", "ready"], #","action":"ignore"}"#),
            (["--app-version", "2.3.0", "--state", "launching"], #","action":"wait","reason":"undecidedState"}"#),
            (["--app-version", "2.10", "--state", "welcome"], #","action":"dispatch"}"#),
            (["--state", "welcome"], #","action":"dispatch"}"#),
            (["--app-version", "2.10"], "}"),
        ])
    func resolve(options: [String], ending: String) throws {
        let (scratch, path) = try Self.table()
        defer { scratch.remove() }
        let result = try Deeplinkd.run(["resolve", "--config", path] + options + ["https://links.example.com/u/abcd"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == Self.head + ending + "\n")
    }

    @Test("a version that is not one is a usage error saying what a version is", arguments: ["2.x", "", "1.2.3.4", "v2"])
    func refused(version: String) throws {
        let result = try Deeplinkd.run(["resolve", "--app-version", version, "https://links.example.com/u/abcd"])
        #expect(result.status == 64)
        #expect(
            result.error.hasPrefix(
                "Error: --app-version '\(version)' is not an app version (use 1 to 3 dot-separated whole numbers of at most 9 digits: 2, 2.3, 2.3.1)\n"))
    }
}
