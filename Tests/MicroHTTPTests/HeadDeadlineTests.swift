import Foundation
import HTTPTestSupport
import MicroHTTP
import Testing

@Suite("The request head deadline: the TLS handshake and the request head must be in on time, however they trickle")
struct HeadDeadlineTests {
    /// A server whose heads are due within a second, answering 200 with the request's body.
    static func configuration(tls: HTTPServer.TLSCredentials? = nil) -> HTTPServer.Configuration {
        var configuration = TestServer.configuration()
        configuration.requestHeadTimeout = 1
        configuration.tls = tls
        return configuration
    }

    static let echo: @Sendable (HTTPRequest) -> HTTPReply = { request in .response(HTTPResponse(status: 200, body: request.body)) }

    /// Seconds since `start`.
    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    @Test("a head that trickles one header line every 200 ms is closed at its deadline, with nothing sent")
    func tricklingHeadIsClosed() throws {
        try TestServer.with(Self.configuration(), handler: Self.echo) { server in
            let connection = try RawConnection(port: server.boundPort)
            let start = ContinuousClock.now
            try connection.send("GET / HTTP/1.1\r\nHost: x\r\n")
            var closedAfter: Double?
            // Six seconds of trickling: without the deadline the inactivity timeout (15 s) never fires.
            for line in 0..<30 {
                if connection.isClosed(within: 0.2) {
                    closedAfter = Self.seconds(since: start)
                    break
                }
                try? connection.send("X-Line-\(line): \(line)\r\n")
            }
            let closed = try #require(closedAfter, "the trickling connection was still open after 6 s")
            #expect(closed >= 0.95 && closed < 3.5, "closed after \(closed) s; the deadline is 1 s")
            #expect(connection.readUntilClosed().isEmpty, "no answer is sent to a late head")
        }
    }

    @Test("a head sent in pieces that all arrive before the deadline is answered")
    func slowHeadWithinTheDeadlineIsAnswered() throws {
        try TestServer.with(Self.configuration(), handler: Self.echo) { server in
            let connection = try RawConnection(port: server.boundPort)
            for piece in ["GET / HT", "TP/1.1\r\nHost: x\r\n", "X-A: b\r\n", "\r\n"] {
                try connection.send(piece)
                Thread.sleep(forTimeInterval: 0.1)
            }
            #expect(try connection.readResponse().status == 200)
        }
    }

    @Test("an idle keep-alive connection is closed the deadline after its last answer")
    func idleKeepAliveIsClosedAfterTheDeadline() throws {
        try TestServer.with(Self.configuration(), handler: Self.echo) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse().status == 200)
            let answered = ContinuousClock.now
            #expect(connection.isClosed(within: 5))
            let closed = Self.seconds(since: answered)
            #expect(closed >= 0.9 && closed < 3.5, "closed \(closed) s after the answer; the deadline is 1 s")
        }
    }

    @Test("a late head is logged, an idle keep-alive connection closed at the deadline is not (its expiry is routine)")
    func onlyLateHeadsAreLogged() throws {
        let log = LogRecorder()
        let server = HTTPServer(configuration: Self.configuration(), logger: log.logger, handler: Self.echo)
        try server.start()
        defer { server.stop(drainDeadline: .milliseconds(200)) }
        let message = "closed connections whose request head did not arrive in time"
        let idle = try RawConnection(port: server.boundPort)
        try idle.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try idle.readResponse().status == 200)
        #expect(idle.isClosed(within: 5))
        Thread.sleep(forTimeInterval: 1.2)  // longer than a report waits
        #expect(!log.messages.contains(message))
        let late = try RawConnection(port: server.boundPort)
        try late.send("GET / HTTP/1.1\r\nHost: x\r\n")
        #expect(late.isClosed(within: 5))
        var logged = false
        for _ in 0..<50 where !logged {
            logged = log.messages.contains(message)
            if !logged { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(logged)
    }

    @Test("a request whose head is in is not cut by the deadline while its body arrives slowly")
    func slowBodyIsNotCut() throws {
        try TestServer.with(Self.configuration(), handler: Self.echo) { server in
            let connection = try RawConnection(port: server.boundPort)
            try connection.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 8\r\n\r\n")
            for byte in "deadline" {
                Thread.sleep(forTimeInterval: 0.3)
                try connection.send(String(byte))
            }
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "deadline")
        }
    }

    @Test(
        "a TLS handshake that stalls is closed at the deadline",
        arguments: [[], Array("\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\u{01}\u{fc}\u{03}\u{03}".utf8)])
    func stalledHandshakeIsClosed(firstBytes: [UInt8]) throws {
        try TestServer.with(Self.configuration(tls: try TLSTests.selfSignedCredentials()), handler: Self.echo) { server in
            let connection = try RawConnection(port: server.boundPort)
            let start = ContinuousClock.now
            if !firstBytes.isEmpty { try connection.send(firstBytes) }
            #expect(connection.isClosed(within: 5), "a stalled handshake was still open after 5 s")
            let closed = Self.seconds(since: start)
            #expect(closed >= 0.95 && closed < 3.5, "closed after \(closed) s; the deadline is 1 s")
        }
    }

    @Test("the deadline must be 0 (none) to a day", arguments: [(-1, false), (0, true), (1, true), (86_400, true), (86_401, false)])
    func deadlineRange(seconds: Int, isValid: Bool) {
        var configuration = TestServer.configuration()
        configuration.requestHeadTimeout = seconds
        #expect(configuration.problems == (isValid ? [] : ["requestHeadTimeout \(seconds) is outside 0...86400"]))
    }
}
