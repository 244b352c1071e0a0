import Metrics
import MicroHTTP
import Prometheus
import Synchronization

/// Request counts by endpoint and status, resolve outcomes by reason, and a latency histogram, through
/// swift-metrics into a Prometheus registry owned by the server (not the process-wide `MetricsSystem`).
final class ServerMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    /// Metric handles, made once each (creating one per request costs a registry lookup) and looked up under
    /// one lock per request.
    private let handles = Mutex(Handles())

    /// The metric handles made so far.
    private struct Handles {
        var counters: [CounterKey: Metrics.Counter] = [:]
        var timers: [String: Metrics.Timer] = [:]
    }

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
        let nanoseconds = Int64(duration.components.seconds) * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
        let (requests, timer, outcomeCounters) = handles.withLock { handles in
            let requests = counter(CounterKey(label: "deeplinkd_requests_total", first: endpoint, status: status), in: &handles) {
                [("endpoint", endpoint), ("status", String(status))]
            }
            let timer = self.timer(endpoint: endpoint, in: &handles)
            let outcomeCounters = outcomes.map { outcome in
                counter(CounterKey(label: "deeplinkd_resolve_outcomes_total", first: outcome, status: 0), in: &handles) { [("outcome", outcome)] }
            }
            return (requests, timer, outcomeCounters)
        }
        requests.increment()
        timer.recordNanoseconds(nanoseconds)
        for counter in outcomeCounters { counter.increment() }
    }

    /// Counts a config reload.
    func recordReload(succeeded: Bool) {
        let result = succeeded ? "ok" : "rejected"
        let reloads = handles.withLock { handles in
            counter(CounterKey(label: "deeplinkd_reloads_total", first: result, status: 0), in: &handles) { [("result", result)] }
        }
        reloads.increment()
    }

    /// The counter for `key`, made with `dimensions` the first time.
    private func counter(_ key: CounterKey, in handles: inout Handles, dimensions: () -> [(String, String)]) -> Metrics.Counter {
        if let counter = handles.counters[key] { return counter }
        let counter = Metrics.Counter(label: key.label, dimensions: dimensions(), factory: factory)
        handles.counters[key] = counter
        return counter
    }

    /// The latency histogram of `endpoint`.
    private func timer(endpoint: String, in handles: inout Handles) -> Metrics.Timer {
        if let timer = handles.timers[endpoint] { return timer }
        let timer = Metrics.Timer(label: "deeplinkd_request_duration_seconds", dimensions: [("endpoint", endpoint)], factory: factory)
        handles.timers[endpoint] = timer
        return timer
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
