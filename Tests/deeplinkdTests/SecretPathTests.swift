import Foundation
import HTTPTestSupport
import Testing

@testable import deeplinkd

@Suite("deeplinkd serve keeps a token out of its log, whatever the shape of the path", .hangLimit)
struct SecretPathTests {
    /// A magic-link token: valid for the `m/$(token)` route (charset `A-Za-z0-9_-`, 16 to 512 characters).
    static let token = "Qv7_kT2mZx9-LpR4wNc8YhJ3bFd6sGa1eUo5iWt0rXy"
    /// The methods each path is sent with; the last one is the token itself.
    static let methods = ["GET", "HEAD", "POST", "PUT", "OPTIONS", "DELETE", "PATCH", token]

    /// `text` with every byte percent-encoded, in upper-case hex.
    static func percentEncoded(_ text: String) -> String {
        text.utf8.map { String(format: "%%%02X", $0) }.joined()
    }

    /// Request targets that carry `token`, each sent as it is (no client normalises them).
    static func targets(_ token: String) -> [String] {
        let encoded = percentEncoded(token)
        let shapes = [
            "/m/T", "/m/T/", "/m/T/extra", "/m/T/..", "/m/T/.", "/M/T", "/m//T", "/m///T", "/m%2FT", "/m%2fT", "/m%2F%2FT", "/M%2FT",
            "/m%252FT", "/m;T", "/m;x=T", "/m/T;x", "/m\\T", "/m%5CT", "/m%5cT", "/%6D/T", "/%6d%2FT", "/T", "/T/", "//T", "///T", "/./m/T",
            "/m/./T", "/m/../T", "/../m/T", "/static/T", "/static/T.css", "/static/../m/T", "/.well-known/T",
            "/.well-known/apple-app-site-association/T", "/apple-app-site-association/T", "/resolve/T", "/link/T", "/healthz/T",
            "/metrics/T", "/openapi.yaml/T", "/c/T/x", "/u/T/x", "/auth/T", "/auth/callback/T", "/m/T?x=1", "/m?T", "/?T", "/#T", "/m/T#x",
            "/m#/T", "/m/T%00", "/m/T%20x", "/m/T%0A", "/m/T%2F", "/m/T%3F", "/m/T~", "/m/T!", "/m/~T", "/m/T.", "/m/T%7E", "/m/T%C3%A9",
            "/m/T%", "/m/T%zz", "T", "*T", "http://links.example.com/m/T", "https://links.example.com/m/T",
            "//links.example.com/m/T", "/m/T\tx", "/m/T x", "/m/T\u{1}", "/m/T\u{7F}", "/m/T\u{E9}", "/m/\u{E9}T",
        ]
        return shapes.map { $0.replacingOccurrences(of: "T", with: token) } + [
            "/m/" + encoded, "/m/" + encoded.lowercased(), "/" + encoded, "/m/" + token.lowercased(), "/m/" + token.uppercased(),
            "/m/" + token.prefix(12), "/m/" + String(repeating: token, count: 13), "/m/" + token + String(repeating: "a", count: 600),
        ]
    }

    @Test("a token sent in any path shape, by any method, reaches neither the log nor the metrics")
    func everyShape() throws {
        let server = try LiveServer()
        defer { server.stop() }
        let targets = Self.targets(Self.token)
        var statuses: [String: Int] = [:]
        for target in targets {
            for method in Self.methods {
                let connection = try RawConnection(port: server.port, timeoutSeconds: 60)
                let body = method == "POST" || method == "PUT" || method == "PATCH" ? "Content-Length: 0\r\n" : ""
                try connection.send("\(method) \(target) HTTP/1.1\r\nHost: links.example.com\r\n\(body)Connection: close\r\n\r\n")
                let status = String(decoding: connection.readUntilClosed().prefix(12), as: UTF8.self)
                #expect(status.hasPrefix("HTTP/1.1 "), "\(method) \(target): \(status)")
                statuses[status, default: 0] += 1
            }
        }
        let metrics = try server.request("/metrics")
        #expect(metrics.status == 200)
        #expect(server.waitForLog("\"path\":\"/metrics\""))
        // The shapes reached the router and got its answers: pages, 404 pages, 405s (and 400s from the HTTP engine).
        #expect(statuses["HTTP/1.1 200", default: 0] > 0 && statuses["HTTP/1.1 404", default: 0] > 0 && statuses["HTTP/1.1 405", default: 0] > 0)
        #expect(server.output.contains(#""path":"/m/[redacted 43 bytes]""#))
        #expect(server.output.contains(#""path":"/[redacted 43 bytes]""#))
        // Neither the token nor any 10-character piece of it, in any case, nor its percent-encoded form.
        let lowercased = Self.token.lowercased()
        let pieces = (0...(lowercased.count - 10)).map { String(lowercased.dropFirst($0).prefix(10)) } + [Self.percentEncoded(Self.token).lowercased()]
        let leaks = (server.output + metrics.text).split(separator: "\n").filter { line in pieces.contains { line.lowercased().contains($0) } }
        #expect(leaks.isEmpty, "\(leaks.count) lines hold the token, such as: \(leaks.prefix(3).joined(separator: "\n"))")
    }
}
