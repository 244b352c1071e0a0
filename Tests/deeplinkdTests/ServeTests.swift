import Foundation
import HTTPTestSupport
import MicroHTTP
import Testing

@testable import deeplinkd

/// The server `deeplinkd serve` builds, in process on 127.0.0.1 and port 0; the process itself (signals, exit
/// statuses, a second instance, the default port) is tested in Tests/system.
@Suite("deeplinkd serve, live in process", .hangLimit)
struct ServeTests {
    static let token = "TOKEN_abcdefghijklmnopqrstuvwxyz"

    @Test("the AASA as Apple needs it: 200, application/json, no redirect, HEAD too, and 304 for its ETag")
    func associationFile() throws {
        let server = try LiveServer()
        defer { server.stop() }
        let path = "/.well-known/apple-app-site-association"
        let response = try server.request(path, headers: ["User-Agent: AASA-Bot/1.0.0"])
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(response.headers["Location"] == nil)
        #expect(response.text.hasPrefix(#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.polarisexpress.expresscan"]"#))
        let head = try server.request(path, method: "HEAD")
        #expect(head.status == 200)
        #expect(head.headers["Content-Length"] == String(response.body.count))
        let cached = try server.request(path, headers: ["If-None-Match: \(response.headers["ETag"] ?? "")"])
        #expect(cached.status == 304)
        #expect(try server.request("/c/CH-42").status == 200)
    }

    @Test("the token of a secret route never reaches the log or the metrics, however it is sent")
    func secretsStayOutOfLogs() throws {
        let server = try LiveServer()
        defer { server.stop() }
        let token = Self.token
        let secretURL = "https%3A%2F%2Flinks.example.com%2Fm%2F\(token)"
        // Valid, as HEAD, invalid (too short, extra components, bad characters) and through the APIs.
        #expect(try server.request("/m/\(token)").status == 200)
        #expect(try server.request("/m/\(token)", method: "HEAD").status == 200)
        #expect(try server.request("/m/\(token)/extra").status == 404)
        #expect(try server.request("/m/\(token)/extra", method: "HEAD").status == 404)
        #expect(try server.request("/m/\(token)!").status == 404)
        #expect(try server.request("/m/\(token.prefix(10))").status == 404)
        #expect(try server.request("/m/\(token)?next=\(token)").status == 200)
        #expect(try server.request("/resolve?url=\(secretURL)").status == 200)
        #expect(try server.request("/resolve?url=\(secretURL)%2Fextra&state=ready").status == 200)
        #expect(try server.request("/resolve?url=\(secretURL)&state=nonsense").status == 400)
        #expect(try server.request("/link?route=magicEmailSignIn&token=\(token)").status == 200)
        #expect(try server.request("/link?route=magicEmailSignIn&token=\(token)!").status == 400)
        let body = #"{"urls": ["https://links.example.com/m/\#(token)", "https://links.example.com/m/\#(token)/x"]}"#
        #expect(try server.post("/resolve", body).status == 200)
        #expect(try server.post("/resolve", body, contentType: "text/plain").status == 415)
        #expect(try server.post("/resolve", "{\(token)").status == 400)
        // In a header, and in requests the HTTP engine refuses itself (its own error log).
        #expect(try server.request("/healthz", headers: ["Referer: https://links.example.com/m/\(token)"]).status == 200)
        for request in [
            "GET /m/\(token)\(String(repeating: "a", count: 20_000)) HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /m/\(token) HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "b", count: 20_000))\r\n\r\n",
            "GET /m/\(token) HTTP/9.9\r\nHost: x\r\n\r\n",
            "GET /m/\(token)\u{1} HTTP/1.1\r\nHost: x\r\n\r\n",
        ] {
            _ = try server.statusLine(answering: request)
        }
        let metrics = try server.request("/metrics")
        #expect(metrics.status == 200)
        #expect(server.waitForLog("\"path\":\"/metrics\""))
        // Nor any 8-character piece of it, in the log or the metrics.
        let pieces = (0...(token.count - 8)).map { String(token.dropFirst($0).prefix(8)) }
        for piece in pieces {
            #expect(!metrics.text.contains(piece), "the metrics hold '\(piece)'")
            #expect(!server.output.contains(piece), "the log holds '\(piece)'")
        }
        #expect(server.output.contains("\"path\":\"/m/[redacted 32 bytes]\""))
    }

    @Test(
        "bad serve options are refused before anything starts, the first mistake in the order of the option groups",
        arguments: [
            (["--port", "70000"], "Error: --port must be 0...65535\n"), (["--tls-cert", "x.pem"], "Error: --tls-cert and --tls-key go together\n"),
            // Two mistakes: the TLS options are checked before the port, whichever option group holds them.
            (["--tls-cert", "x.pem", "--port", "70000"], "Error: --tls-cert and --tls-key go together\n"),
            (["--hsts", "60", "--port", "70000"], "Error: --hsts needs --tls-cert and --tls-key: browsers ignore HSTS over plain HTTP\n"),
        ])
    func badOptions(arguments: [String], message: String) throws {
        let result = try Deeplinkd.run(["serve", "--port", "0"] + arguments)
        #expect(result.status == 64)
        #expect(result.error.hasPrefix(message), "\(result.error)")
    }

    @Test(
        "a config or a public directory that cannot be read stops the server before it listens",
        arguments: [
            (["--config", "/nonexistent.yaml"], "/nonexistent.yaml: cannot read the config: no such file"),
            (["--public", "/nonexistent"], "cannot read the static assets directory /nonexistent/static"),
        ])
    func unreadableFiles(arguments: [String], message: String) throws {
        let error = #expect(throws: (any Error).self) { try LiveServer(arguments) }
        #expect(error.map { "\($0)" }?.contains(message) == true, "\(String(describing: error))")
    }
}
