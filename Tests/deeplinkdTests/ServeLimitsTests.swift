import Foundation
import Testing

/// `serve`'s limits on the command line: each refused out of range with its reason, before anything listens, and the
/// signals that end a drain delay early.
@Suite("deeplinkd serve limits and signals")
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

    @Test("a second SIGTERM during the drain delay is logged and ends it; /readyz says 503 from the first")
    func secondSignalEndsTheDelay() throws {
        let server = try ServerProcess(arguments: ["--drain-delay", "60"])
        defer { server.stopCleanly() }
        server.signal(SIGTERM)
        #expect(server.waitForLog(#""message":"draining: /readyz answers 503; still serving""#))
        let ready = try Curl.request("http://127.0.0.1:\(server.port)/readyz")
        #expect(ready.status == 503)
        #expect(ready.headers["connection"] == "close")
        server.signal(SIGTERM)
        #expect(server.waitForExit(timeout: 10) == 0, "the second SIGTERM did not end the 60 s delay")
        #expect(server.output.contains(#""message":"SIGTERM again: ending the drain delay early""#))
    }
}
