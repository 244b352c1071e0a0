import Foundation
import HTTPTestSupport
import MicroHTTP
import Testing

@Suite("The per-prefix connection limit: one IPv4 /24 or IPv6 /64 holds at most so many connections")
struct PerPrefixLimitTests {
    static func configuration(host: String = "127.0.0.1", limit: Int) -> HTTPServer.Configuration {
        var configuration = TestServer.configuration(host: host)
        configuration.perIPConnectionLimit = 0
        configuration.perPrefixConnectionLimit = limit
        return configuration
    }

    static let answer: @Sendable (HTTPRequest) -> HTTPReply = { request in
        .response(HTTPResponse(status: 200, body: "from \(request.remoteAddress)"))
    }

    /// A connection from `source` that has had one request answered, so the server holds it; nil when the server
    /// closed it instead.
    static func held(_ server: HTTPServer, from source: String, host: String = "127.0.0.1") throws -> RawConnection? {
        let connection = try RawConnection(host: host, port: server.boundPort, source: source)
        guard (try? connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")) != nil, let response = try? connection.readResponse(),
            response.status == 200
        else { return nil }
        return connection
    }

    @Test("past the limit a connection from the same /24 is closed unanswered, while another network is served")
    func sameNetworkIsRefusedOtherIsServed() throws {
        try TestServer.with(Self.configuration(limit: 3), handler: Self.answer) { server in
            let holders = try ["127.0.0.1", "127.0.0.2", "127.0.0.3"].map { try #require(try Self.held(server, from: $0)) }
            let refused = try RawConnection(port: server.boundPort, source: "127.0.0.4")
            try? refused.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(refused.isClosed(within: 3))
            #expect(refused.readUntilClosed().isEmpty)
            let elsewhere = try #require(try Self.held(server, from: "127.1.0.1"))
            try elsewhere.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try elsewhere.readResponse().text == "from 127.1.0.1")
            #expect(holders.count == 3)
        }
    }

    @Test("a connection that closes frees its network's place")
    func closingFreesAPlace() throws {
        try TestServer.with(Self.configuration(limit: 2), handler: Self.answer) { server in
            var holders = try ["127.0.0.1", "127.0.0.2"].map { try #require(try Self.held(server, from: $0)) }
            #expect(try Self.held(server, from: "127.0.0.3") == nil)
            holders.removeFirst()
            var admitted: RawConnection?
            // The server learns of the close when its worker reads it: try until it has.
            for _ in 0..<50 where admitted == nil {
                admitted = try Self.held(server, from: "127.0.0.3")
                if admitted == nil { Thread.sleep(forTimeInterval: 0.1) }
            }
            #expect(admitted != nil, "the place of the closed connection was never freed")
            #expect(holders.count == 1)
        }
    }

    @Test("on a dual-stack listener an IPv4 client counts in its /24 (not in ::ffff:0:0/96's /64), and ::1 is another network")
    func mappedAddressesCountAsIPv4() throws {
        try TestServer.with(Self.configuration(host: "::", limit: 2), handler: Self.answer) { server in
            let holders = try ["127.0.0.1", "127.0.0.2"].map { try #require(try Self.held(server, from: $0)) }
            #expect(try Self.held(server, from: "127.0.0.3") == nil, "a third from 127.0.0.0/24 was served")
            #expect(try Self.held(server, from: "127.2.0.1") != nil, "127.2.0.1 is another /24, in the same ::ffff:0:0/64")
            #expect(try Self.held(server, from: "::1", host: "::1") != nil)
            #expect(holders.count == 2)
        }
    }

    @Test("a limit of 0 turns it off")
    func zeroTurnsItOff() throws {
        try TestServer.with(Self.configuration(limit: 0), handler: Self.answer) { server in
            let holders = try (1...20).map { try #require(try Self.held(server, from: "127.0.0.\($0)")) }
            #expect(holders.count == 20)
        }
    }
}
