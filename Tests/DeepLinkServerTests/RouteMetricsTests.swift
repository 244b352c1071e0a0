import Foundation
import HTTPTestSupport
import MicroHTTP
import Testing

@testable import DeepLinkServer

@Suite("Which links are used: counts by route")
struct RouteMetricsTests {
    static let token = "abcdefghijklmnop_SECRET"

    /// The answer to one request on a new connection to the server.
    static func send(_ port: Int, _ method: String, _ target: String, body: String = "") throws -> RawResponse {
        let connection = try RawConnection(port: port)
        var head = "\(method) \(target) HTTP/1.1\r\nHost: links.example.com\r\nConnection: close\r\n"
        if !body.isEmpty { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        try connection.send(head + "\r\n" + body)
        return try connection.readResponse()
    }

    @Test("landing pages served and URLs resolved are counted by route name, cached answers too, never by value")
    func countsByRoute() throws {
        let fixture = try ReloadableServer(named: "route-metrics")
        defer { fixture.remove() }
        let server = fixture.server
        try server.start(HTTPServer.Configuration(host: "127.0.0.1", port: 0, threadPoolSize: 1, perIPConnectionLimit: 0))
        defer { server.stop(drainDeadline: .zero) }
        let port = server.boundPort
        // The second of each is answered from the cache.
        for target in ["/c/CH-42", "/c/CH-42", "/m/\(Self.token)", "/c/not%20valid", "/nothing/here"] {
            _ = try Self.send(port, "GET", target)
        }
        let resolve = "/resolve?url=https%3A%2F%2Flinks.example.com%2Fc%2FCH-42"
        for target in [resolve, resolve, "/resolve?url=https%3A%2F%2Flinks.example.com%2Fnothing", "/resolve?url=expchg%3A%2F%2Fu%2Fabcd"] {
            #expect(try Self.send(port, "GET", target).status == 200)
        }
        let batch = #"{"urls": ["https://links.example.com/m/\#(Self.token)", "https://links.example.com/c/%20"]}"#
        #expect(try Self.send(port, "POST", "/resolve", body: batch).status == 200)

        let text = try Self.send(port, "GET", "/metrics").text
        let expected = [
            "# TYPE deeplinkd_link_opens_total counter",
            #"deeplinkd_link_opens_total{route="charger",channel="links.example.com"} 2"#,
            #"deeplinkd_link_opens_total{route="magicEmailSignIn",channel="links.example.com"} 1"#,
            "# TYPE deeplinkd_resolves_total counter",
            #"deeplinkd_resolves_total{route="",outcome="noRoute"} 1"#,
            #"deeplinkd_resolves_total{route="charger",outcome="invalidParameter"} 1"#,
            #"deeplinkd_resolves_total{route="charger",outcome="matched"} 2"#,
            #"deeplinkd_resolves_total{route="magicEmailSignIn",outcome="matched"} 1"#,
            #"deeplinkd_resolves_total{route="userQrSignIn",outcome="channelNotAllowed"} 1"#,
            "# HELP deeplinkd_request_duration_seconds",
        ]
        let lines = text.split(separator: "\n").map(String.init).filter { line in
            line.hasPrefix("deeplinkd_link_opens") || line.hasPrefix("deeplinkd_resolves_total") || line.hasPrefix("# TYPE deeplinkd_link")
                || line.hasPrefix("# TYPE deeplinkd_resolves") || line.hasPrefix("# HELP deeplinkd_request_duration")
        }
        #expect(lines.map { $0.hasPrefix("# HELP") ? "# HELP deeplinkd_request_duration_seconds" : $0 } == expected)
        #expect(!text.contains(Self.token) && !text.contains("CH-42"))
    }

    @Test("a reload keeps the counts, a route it removes included: counters reset only with the process")
    func countsSurviveReload() throws {
        let fixture = try ReloadableServer(named: "route-metrics-reload")
        defer { fixture.remove() }
        let server = fixture.server
        try server.start(HTTPServer.Configuration(host: "127.0.0.1", port: 0, threadPoolSize: 1, perIPConnectionLimit: 0))
        defer { server.stop(drainDeadline: .zero) }
        #expect(try Self.send(server.boundPort, "GET", "/c/CH-42").status == 200)
        try fixture.rewrite(fixture.original.replacingOccurrences(of: "name: charger", with: "name: chargerSticker"))
        #expect(server.reload())
        #expect(try Self.send(server.boundPort, "GET", "/c/CH-42").status == 200)
        let text = try Self.send(server.boundPort, "GET", "/metrics").text
        #expect(text.contains(#"deeplinkd_link_opens_total{route="charger",channel="links.example.com"} 1"#))
        #expect(text.contains(#"deeplinkd_link_opens_total{route="chargerSticker",channel="links.example.com"} 1"#))
    }

    @Test("a label value is escaped as the text format requires")
    func escaping() {
        #expect(RouteCounts.escaped(#"a"b\c"# + "\n") == #"a\"b\\c\n"#)
        #expect(RouteCounts.escaped("charger") == "charger")
    }
}
