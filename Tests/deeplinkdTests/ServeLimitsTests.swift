import Testing

@testable import deeplinkd

/// `serve`'s limits on the command line: each refused out of range with its reason, before anything listens.
@Suite("deeplinkd serve limits", .hangLimit)
struct ServeLimitsTests {
    @Test(
        "a timeout that would never close a connection, or a limit out of range, is refused before anything listens",
        arguments: [
            (["--timeout", "0"], "Error: --timeout must be 1...3600 seconds, not 0: a connection is closed after that long without a byte"),
            (["--timeout", "3601"], "Error: --timeout must be 1...3600 seconds, not 3601: a connection is closed after that long without a byte"),
            (
                ["--header-timeout", "0"],
                "Error: --header-timeout must be 1...3600 seconds, not 0: a client has that long to send its request line and headers"
            ),
            (
                ["--header-timeout=-5"],
                "Error: --header-timeout must be 1...3600 seconds, not -5: a client has that long to send its request line and headers"
            ),
            (["--per-prefix-limit=-1"], "Error: --per-prefix-limit must be 0 (no limit) or more, not -1"),
        ])
    func outOfRange(arguments: [String], message: String) throws {
        let result = try Deeplinkd.run(["serve", "--port", "0"] + arguments)
        #expect(result.status == 64)
        #expect(result.error.split(separator: "\n").first.map(String.init) == message)
    }
}
