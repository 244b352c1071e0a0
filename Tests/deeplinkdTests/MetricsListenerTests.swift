import Foundation
import Testing

/// `serve --metrics-address`: the counters on a listener of their own, off the public one.
@Suite("deeplinkd serve --metrics-address", .serialized)
struct MetricsListenerTests {
    /// The metrics port the server logged in its "serving metrics" line.
    static func metricsPort(_ server: ServerProcess) -> Int {
        #expect(server.waitForLog(#""message":"serving metrics""#))
        for line in server.output.split(separator: "\n") where line.contains(#""message":"serving metrics""#) {
            guard let range = line.range(of: "127.0.0.1:") else { continue }
            return Int(line[range.upperBound...].prefix { $0.isNumber }) ?? 0
        }
        return 0
    }

    @Test("/metrics moves to its own listener: 404 on the public one, 200 with nosniff there, nothing else served there")
    func separateListener() throws {
        let server = try ServerProcess(arguments: ["--metrics-address", "127.0.0.1:0"])
        defer { server.stopCleanly() }
        let port = Self.metricsPort(server)
        #expect(port != 0 && port != server.port)
        #expect(try Curl.request("http://127.0.0.1:\(server.port)/c/CH-42").status == 200)
        #expect(try Curl.request("http://127.0.0.1:\(server.port)/metrics").status == 404)
        let metrics = try Curl.request("http://127.0.0.1:\(port)/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.headers["x-content-type-options"] == "nosniff")
        #expect(metrics.body.contains(#"deeplinkd_requests_total{endpoint="landing",status="200"} 1"#))
        #expect(try Curl.request("http://127.0.0.1:\(port)/c/CH-42").status == 404)
        #expect(try Curl.request("http://127.0.0.1:\(port)/metrics", ["-X", "POST"]).status == 405)
    }

    @Test("without the option /metrics stays on the public listener, with nosniff")
    func publicListener() throws {
        let server = try ServerProcess()
        defer { server.stopCleanly() }
        let metrics = try Curl.request("http://127.0.0.1:\(server.port)/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.headers["x-content-type-options"] == "nosniff")
    }

    @Test("a metrics address that is not HOST:PORT is refused before anything listens")
    func badAddress() throws {
        let result = try Deeplinkd.run(["serve", "--port", "0", "--metrics-address", "localhost"])
        #expect(result.status == 64 || result.status == 1)
        #expect(result.error.contains("--metrics-address must be HOST:PORT with an IP address literal, such as 127.0.0.1:9100, not 'localhost'"))
    }
}
