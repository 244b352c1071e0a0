import DeepLinkServer
import Foundation
import HTTPTestSupport
import MicroHTTP
import Testing

@testable import deeplinkd

/// `serve --metrics-address`: the counters on a listener of their own, off the public one.
@Suite("deeplinkd serve --metrics-address, in process", .hangLimit)
struct MetricsListenerTests {
    @Test("/metrics moves to its own listener: 404 on the public one, 200 with nosniff there, nothing else served there")
    func separateListener() throws {
        let server = try LiveServer(["--metrics-address", "127.0.0.1:0"])
        defer { server.stop() }
        let port = server.server.metricsPort
        #expect(port != 0 && port != server.port)
        #expect(server.output.contains(#""message":"serving metrics","url":"http://127.0.0.1:\#(port)/metrics""#))
        #expect(try server.request("/c/CH-42").status == 200)
        #expect(try server.request("/metrics").status == 404)
        let metrics = try server.request("/metrics", port: port)
        #expect(metrics.status == 200)
        #expect(metrics.headers["X-Content-Type-Options"] == "nosniff")
        #expect(metrics.text.contains(#"deeplinkd_requests_total{endpoint="landing",status="200"} 1"#))
        #expect(try server.request("/c/CH-42", port: port).status == 404)
        #expect(try server.request("/metrics", method: "POST", port: port).status == 405)
    }

    @Test("without the option /metrics stays on the public listener, with nosniff")
    func publicListener() throws {
        let server = try LiveServer()
        defer { server.stop() }
        let metrics = try server.request("/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.headers["X-Content-Type-Options"] == "nosniff")
    }

    @Test("a metrics address that is not HOST:PORT is refused before anything listens")
    func badAddress() throws {
        let result = try Deeplinkd.run(["serve", "--port", "0", "--metrics-address", "localhost"])
        #expect(result.status == 64)
        #expect(
            result.error.hasPrefix("Error: --metrics-address must be HOST:PORT with an IP address literal, such as 127.0.0.1:9100, not 'localhost'\n"))
    }
}
