import Metrics
import MicroHTTP
import Prometheus
import Synchronization

/// Request counts by endpoint and status, resolve outcomes by reason, and a latency histogram, through
/// swift-metrics into a Prometheus registry owned by the server (not the process-wide `MetricsSystem`).
final class ServerMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    /// Metric handles by label and dimensions, made once: creating one per request costs a registry lookup.
    private let counters = Mutex<[CounterKey: Metrics.Counter]>([:])
    private let timers = Mutex<[String: Metrics.Timer]>([:])

    /// A counter's label and the values of its dimensions, hashed without building a string per request.
    private struct CounterKey: Hashable {
        let label: String
        let first: String
        let status: Int
    }

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
        counter(CounterKey(label: "deeplinkd_requests_total", first: endpoint, status: status)) {
            [("endpoint", endpoint), ("status", String(status))]
        }.increment()
        let nanoseconds = Int64(duration.components.seconds) * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
        timer("deeplinkd_request_duration_seconds", endpoint: endpoint).recordNanoseconds(nanoseconds)
        for outcome in outcomes {
            counter(CounterKey(label: "deeplinkd_resolve_outcomes_total", first: outcome, status: 0)) { [("outcome", outcome)] }.increment()
        }
    }

    /// Counts a config reload.
    func recordReload(succeeded: Bool) {
        let result = succeeded ? "ok" : "rejected"
        counter(CounterKey(label: "deeplinkd_reloads_total", first: result, status: 0)) { [("result", result)] }.increment()
    }

    /// The counter for `key`, made with `dimensions` the first time.
    private func counter(_ key: CounterKey, dimensions: () -> [(String, String)]) -> Metrics.Counter {
        counters.withLock { cache in
            if let counter = cache[key] { return counter }
            let counter = Metrics.Counter(label: key.label, dimensions: dimensions(), factory: factory)
            cache[key] = counter
            return counter
        }
    }

    private func timer(_ label: String, endpoint: String) -> Metrics.Timer {
        timers.withLock { cache in
            if let timer = cache[endpoint] { return timer }
            let timer = Metrics.Timer(label: label, dimensions: [("endpoint", endpoint)], factory: factory)
            cache[endpoint] = timer
            return timer
        }
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
