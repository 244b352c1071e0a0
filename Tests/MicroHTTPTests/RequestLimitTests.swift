import HTTPTestSupport
import MicroHTTP
import Testing

@Suite("Request size limits protect the server")
struct RequestLimitTests {
    static let handler: @Sendable (HTTPRequest) -> HTTPReply = { request in
        .response(HTTPResponse(status: 200, body: "\(request.target.utf8.count)"))
    }

    static func get(_ target: String, port: Int, extraHeaders: String = "") throws -> RawResponse {
        let connection = try RawConnection(port: port)
        try connection.send("GET \(target) HTTP/1.1\r\nHost: localhost\r\n\(extraHeaders)\r\n")
        return try connection.readResponse()
    }

    @Test("a URL at the resolver's 4,096-byte limit, every byte percent-encoded (12 KB), passes the default memory limit")
    func longRequestLineIsAccepted() throws {
        let target = "/resolve?url=" + String(repeating: "%41", count: 4096)
        try TestServer.with(handler: Self.handler) { server in
            let response = try Self.get(target, port: server.boundPort)
            #expect(response.status == 200)
            #expect(response.text == "\(target.utf8.count)")
        }
    }

    @Test(
        "a query of many arguments costs the connection's memory only its bytes: 1,500 of them reach the handler whole",
        arguments: [1500, 3000])
    func manyQueryArguments(count: Int) throws {
        let target = "/resolve?" + (0..<count).map { "a\($0 % 10)=" }.joined(separator: "&")
        try TestServer.with(handler: Self.handler) { server in
            let response = try Self.get(target, port: server.boundPort)
            #expect(response.status == 200)
            #expect(response.text == "\(target.utf8.count)")
        }
    }

    @Test("a 100 KB request line is refused with 414 and the server stays healthy")
    func hugeRequestLineIsRefused() throws {
        try TestServer.with(handler: Self.handler) { server in
            let connection = try RawConnection(port: server.boundPort)
            // Sending may fail half-way once the server has answered and closed; the answer still counts.
            try? connection.send("GET /\(String(repeating: "a", count: 100_000)) HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try connection.readResponse().status == 414)
            #expect(try Self.get("/after", port: server.boundPort).status == 200)
        }
    }

    @Test("a 40 KB header is refused with 431 and the server stays healthy")
    func hugeHeaderIsRefused() throws {
        try TestServer.with(handler: Self.handler) { server in
            let header = "X-Big: \(String(repeating: "b", count: 40_000))\r\n"
            let connection = try RawConnection(port: server.boundPort)
            try? connection.send("GET / HTTP/1.1\r\nHost: localhost\r\n\(header)\r\n")
            #expect(try connection.readResponse().status == 431)
            #expect(try Self.get("/after", port: server.boundPort).status == 200)
        }
    }

    @Test("a connection silent past the timeout is closed by the server")
    func silentConnectionIsClosed() throws {
        var configuration = TestServer.configuration()
        configuration.connectionTimeout = 1
        try TestServer.with(configuration, handler: Self.handler) { server in
            let connection = try RawConnection(port: server.boundPort, timeoutSeconds: 4)
            try connection.send("GET / HTTP/1.1\r\n")
            #expect(connection.isClosedByServer())
        }
    }
}
