import Foundation
import HTTPTestSupport
import MicroHTTP
import Testing

@testable import deeplinkd

/// Request lines and Host headers that a proxy in front could read differently from deeplinkd, live.
@Suite("deeplinkd serve reads request lines and hosts by their form, in process", .hangLimit)
struct RequestFormTests {
    static let token = "TOKEN_abcdefghijklmnopqrstuvwxyz"

    /// The status line and body of `request` sent as it is on a fresh connection.
    static func send(_ request: String, port: Int) throws -> RawResponse {
        let connection = try RawConnection(port: port, timeoutSeconds: 60)
        try connection.send(request)
        return try connection.readResponse()
    }

    @Test("an absolute-form request for the AASA gets the AASA, not a 404 page (RFC 9112 3.2.2)")
    func absoluteForm() throws {
        let server = try LiveServer()
        defer { server.stop() }
        let response = try Self.send(
            "GET http://links.example.com/.well-known/apple-app-site-association HTTP/1.1\r\nHost: links.example.com\r\n\r\n", port: server.port)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(response.text.hasPrefix(#"{"applinks":"#))
        let page = try Self.send("GET HTTP://LINKS.EXAMPLE.COM/c/CH-42?x=1 HTTP/1.1\r\nHost: links.example.com\r\n\r\n", port: server.port)
        #expect(page.status == 200)
        #expect(page.text.contains("Charger <span class=\"value\">CH-42</span>"))
        #expect(server.waitForLog(#""path":"/.well-known/apple-app-site-association""#))
    }

    @Test(
        "a NUL, a space or a control character in the target, or a method that is not a token, gets 400 and no token is logged",
        arguments: [
            "GET /c/1\u{0}/m/\(token) HTTP/1.1", "GET /m/\(token)\u{0} HTTP/1.1", "GET /c/1?\u{0}\(token) HTTP/1.1", "GET /m/\(token)\tx HTTP/1.1",
            "GET /m/\(token) x HTTP/1.1", "G\"ET /m/\(token) HTTP/1.1", "GET http://user@links.example.com/m/\(token) HTTP/1.1",
        ])
    func malformedRequestLines(line: String) throws {
        let server = try LiveServer()
        defer { server.stop() }
        let response = try Self.send(line + "\r\nHost: links.example.com\r\n\r\n", port: server.port)
        #expect(response.status == 400)
        #expect(try server.request("/healthz").status == 200)
        #expect(!server.output.contains(Self.token))
    }

    @Test("requests refused before routing, by deeplinkd or by libmicrohttpd, are logged and counted like any answer")
    func refusalsAreLoggedAndCounted() throws {
        let server = try LiveServer()
        defer { server.stop() }
        let requests = [
            (400, "GET /m/\(Self.token) HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"),
            (400, "POST /resolve HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n"),
            (411, "POST /resolve HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"),
            (413, "POST /resolve HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999\r\n\r\n"),
            (414, "GET /" + String(repeating: "a", count: 20_000) + " HTTP/1.1\r\nHost: a\r\n\r\n"),
            (431, "GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "b", count: 17_000) + "\r\n\r\n"),
        ]
        for (status, request) in requests {
            #expect(try server.statusLine(answering: request) == "HTTP/1.1 \(status)", "\(request.prefix(60))")
        }
        let metrics = try server.request("/metrics").text
        for (status, count) in [(400, 2), (411, 1), (413, 1), (414, 1), (431, 1)] {
            #expect(metrics.contains(#"deeplinkd_requests_total{endpoint="refused",status="\#(status)"} \#(count)"#), "\(status)")
        }
        #expect(server.waitForLog(#""endpoint":"refused","method":"GET","path":"/m/[redacted 32 bytes]","remote":"127.0.0.1","status":400}"#))
        #expect(server.waitForLog(#""endpoint":"refused","method":"-","path":"-","remote":"","status":414}"#))
        #expect(!server.output.contains(Self.token))
    }

    @Test("OPTIONS * answers 200 with Allow and no body, not an HTML page; '*' with any other method is 400")
    func optionsAsterisk() throws {
        let server = try LiveServer()
        defer { server.stop() }
        let options = try Self.send("OPTIONS * HTTP/1.1\r\nHost: links.example.com\r\n\r\n", port: server.port)
        #expect(options.status == 200)
        #expect(options.headers["Allow"] == "GET, HEAD, POST")
        #expect(options.headers["Content-Type"] == nil)
        #expect(options.body.isEmpty)
        #expect(try Self.send("GET * HTTP/1.1\r\nHost: links.example.com\r\n\r\n", port: server.port).status == 400)
        let path = try Self.send("OPTIONS /c/1 HTTP/1.1\r\nHost: links.example.com\r\n\r\n", port: server.port)
        #expect(path.status == 405)
        #expect(path.headers["Allow"] == "GET, HEAD")
    }

    @Test("with two domains, Host picks the domain by form: a trailing dot is the same host, a malformed port is 400")
    func virtualHosts() throws {
        let scratch = try ScratchDirectory("hosts")
        defer { scratch.remove() }
        let config = try scratch.write(
            """
            app:
              name: T
              appIDs: [ABCDE12345.com.example.t]
            domains: [links.example.com, other.example.com]
            routes:
              - name: charger
                path: c/$(id)
                scopes: [universal:other.example.com]
                params:
                  id: {charset: "A-Za-z0-9", min: 1, max: 9}
                notification: chargerRequested
                landing: charger
            """, to: "two-domains.yaml")
        let server = try LiveServer(["--config", config])
        defer { server.stop() }
        func status(host: String) throws -> Int {
            try Self.send("GET /c/42 HTTP/1.1\r\nHost: \(host)\r\n\r\n", port: server.port).status
        }
        #expect(try status(host: "other.example.com") == 200)
        #expect(try status(host: "OTHER.example.com.") == 200)
        #expect(try status(host: "other.example.com.:8080") == 200)
        #expect(try status(host: "links.example.com") == 404)
        #expect(try status(host: "other.example.com:abc") == 400)
        #expect(try status(host: "links.example.com,other.example.com") == 400)
    }
}
