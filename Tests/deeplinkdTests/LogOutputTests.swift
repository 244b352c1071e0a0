import Foundation
import HTTPTestSupport
import Testing

@Suite("deeplinkd serve with a log reader that fails", .serialized)
struct LogOutputTests {
    /// Sends `count` requests for `target` on one keep-alive connection; the number answered `200`.
    static func answered(_ count: Int, _ target: String, port: Int) throws -> Int {
        let connection = try RawConnection(port: port, timeoutSeconds: 10)
        var answered = 0
        for _ in 0..<count {
            try connection.send("GET \(target) HTTP/1.1\r\nHost: links.example.com\r\n\r\n")
            if try connection.readResponse().status == 200 { answered += 1 }
        }
        return answered
    }

    @Test("a log reader that has gone costs nothing: requests are still answered and SIGTERM exits 0")
    func readerGone() throws {
        let server = try PipedServerProcess()
        server.closeReader()
        #expect(try Self.answered(300, "/c/CH-42", port: server.port) == 300)
        // The flusher has written (and met the closed pipe) several times by now.
        usleep(500_000)
        #expect(
            server.process.isRunning,
            "deeplinkd died: \(server.process.terminationReason == .uncaughtSignal ? "signal" : "exit") \(server.process.terminationStatus)")
        #expect(try Self.answered(300, "/healthz", port: server.port) == 300)
        #expect(server.terminate(timeout: 10) == 0)
    }

    @Test("a log reader that never reads slows nothing: every request is answered, dropped lines are counted, SIGTERM exits 0 in the drain time")
    func readerStalled() throws {
        let server = try PipedServerProcess(arguments: ["--drain-seconds", "3"])
        // The pipe holds 64 KiB and the worker's lane 1 MiB: 8,000 lines of about 250 bytes overflow both.
        #expect(try Self.answered(8000, "/c/CH-42", port: server.port) == 8000)
        #expect(try Self.answered(1, "/healthz", port: server.port) == 1)
        let connection = try RawConnection(port: server.port, timeoutSeconds: 10)
        try connection.send("GET /metrics HTTP/1.1\r\nHost: links.example.com\r\n\r\n")
        let metrics = String(decoding: try connection.readResponse().body, as: UTF8.self)
        let dropped = metrics.split(separator: "\n").first { $0.hasPrefix("deeplinkd_log_lines_dropped_total ") }
        let count = try #require(dropped.flatMap { Int($0.split(separator: " ")[1]) }, "\(metrics)")
        #expect(count > 0)
        // Once the reader reads again, one line says how many were dropped.
        let deadline = Date().addingTimeInterval(10)
        while !server.output.contains(#""message":"log lines dropped"#), Date() < deadline {
            server.readAvailable()
            usleep(20_000)
        }
        let report = try #require(server.output.split(separator: "\n").first { $0.contains(#""message":"log lines dropped"#) })
        let reported = try #require(report.firstMatch(of: /"dropped":"([0-9]+)"/).flatMap { Int($0.1) })
        #expect(reported >= count)
        // Stalled again (400 KB of lines for a 64 KiB pipe): SIGTERM still ends the process within the drain time.
        #expect(try Self.answered(2000, "/c/CH-42", port: server.port) == 2000)
        let started = Date()
        #expect(server.terminate(timeout: 3) == 0)
        #expect(Date().timeIntervalSince(started) < 3)
    }
}
