import Metrics
import MicroHTTP
import Prometheus

/// Request counts by endpoint and status, resolve outcomes by reason, and a latency histogram, through
/// swift-metrics into a Prometheus registry owned by the server (not the process-wide `MetricsSystem`).
final class ServerMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5),
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(500), .seconds(1),
        ]
        self.factory = factory
    }

    /// Counts one answered request and its latency; labels are endpoint names and status codes, never paths.
    func record(endpoint: String, status: Int, duration: Duration, outcomes: [String]) {
        Counter(label: "deeplinkd_requests_total", dimensions: [("endpoint", endpoint), ("status", String(status))], factory: factory)
            .increment()
        Timer(label: "deeplinkd_request_duration_seconds", dimensions: [("endpoint", endpoint)], factory: factory)
            .recordNanoseconds(Int64(duration.components.seconds) * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
        for outcome in outcomes {
            Counter(label: "deeplinkd_resolve_outcomes_total", dimensions: [("outcome", outcome)], factory: factory).increment()
        }
    }

    /// Counts a config reload.
    func recordReload(succeeded: Bool) {
        Counter(label: "deeplinkd_reloads_total", dimensions: [("result", succeeded ? "ok" : "rejected")], factory: factory).increment()
    }

    /// The Prometheus text exposition.
    func exposition() -> HTTPResponse {
        var bytes: [UInt8] = []
        registry.emit(into: &bytes)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; version=0.0.4; charset=utf-8")
        headers.add(name: "Cache-Control", value: "no-store")
        return HTTPResponse(status: 200, headers: headers, body: bytes)
    }
}
