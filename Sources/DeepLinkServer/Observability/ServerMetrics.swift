import JSONLinesLog
import MicroHTTP
import ServerPlatform

/// Request counts by endpoint and status, resolve outcomes by reason, landing pages and resolves by route
/// (`RouteCounts`), a latency histogram per endpoint, config reloads and dropped log lines, written out in the Prometheus text format (version 0.0.4).
///
/// Every request is counted on every worker thread, so the counts are kept in shards, one per worker (the workers
/// beyond the number of shards share them): a worker updates its own shard under a lock that only `exposition`
/// ever contends for, and the shards are added up when `/metrics` is read.
final class ServerMetrics: Sendable {
    /// The upper bounds of the latency buckets, in nanoseconds, with their `le` labels.
    static let bucketBounds: [(nanoseconds: Int64, label: String)] = [
        (50_000, "0.00005"), (100_000, "0.0001"), (250_000, "0.00025"), (500_000, "0.0005"), (1_000_000, "0.001"),
        (2_500_000, "0.0025"), (5_000_000, "0.005"), (10_000_000, "0.01"), (25_000_000, "0.025"), (50_000_000, "0.05"),
        (100_000_000, "0.1"), (500_000_000, "0.5"), (1_000_000_000, "1.0"),
    ]

    private let shards: PerWorker<PThreadMutex<Tally>>
    private let reloads = PThreadMutex<(applied: Int, rejected: Int)>((0, 0))
    /// The log lines dropped so far because the log output was not read fast enough.
    private let droppedLogLines: @Sendable () -> Int

    /// What one shard has counted.
    private struct Tally {
        /// Per endpoint (in `Endpoint.allCases` order), the counts of the statuses that have a slot: nearly every
        /// request is counted without hashing.
        var slotted = [Int](repeating: 0, count: Endpoint.allCases.count * ServerMetrics.statusSlots)
        /// Counts of the statuses without a slot.
        var unslotted: [RequestKey: Int] = [:]
        var outcomes = KeyedCounts<String>()
        var routes = RouteCounts()
        /// Per endpoint (in `Endpoint.allCases` order): the count in each bucket (a last one for `+Inf`), then the
        /// number of requests and the sum of their durations in nanoseconds.
        var latency = [Latency](repeating: Latency(), count: Endpoint.allCases.count)

        mutating func add(_ other: Tally) {
            for index in slotted.indices { slotted[index] += other.slotted[index] }
            unslotted.merge(other.unslotted, uniquingKeysWith: +)
            outcomes.add(other.outcomes)
            routes.add(other.routes)
            for index in latency.indices { latency[index].add(other.latency[index]) }
        }

        /// Every count by endpoint and status.
        var requests: [RequestKey: Int] {
            var requests = unslotted
            for endpoint in Endpoint.allCases {
                for (slot, status) in ServerMetrics.slottedStatuses.enumerated() {
                    let count = slotted[endpoint.index * ServerMetrics.statusSlots + slot]
                    if count > 0 { requests[RequestKey(endpoint: endpoint, status: status), default: 0] += count }
                }
            }
            return requests
        }
    }

    /// The statuses counted in slots, in slot order: those of the answers deeplinkd gives most.
    private static let slottedStatuses = [200, 304, 404, 400]
    private static let statusSlots = slottedStatuses.count

    private struct RequestKey: Hashable, Comparable {
        let endpoint: Endpoint
        let status: Int

        static func < (left: RequestKey, right: RequestKey) -> Bool {
            (left.endpoint.rawValue, left.status) < (right.endpoint.rawValue, right.status)
        }
    }

    private struct Latency {
        var buckets = [Int](repeating: 0, count: ServerMetrics.bucketBounds.count + 1)
        var count = 0
        var nanoseconds: Int64 = 0

        mutating func record(_ duration: Int64) {
            let bucket = ServerMetrics.bucketBounds.firstIndex { duration <= $0.nanoseconds } ?? ServerMetrics.bucketBounds.count
            buckets[bucket] += 1
            count += 1
            nanoseconds += duration
        }

        mutating func add(_ other: Latency) {
            for index in buckets.indices { buckets[index] += other.buckets[index] }
            count += other.count
            nanoseconds += other.nanoseconds
        }
    }

    /// Metrics kept in `shards` shards (at least one); one per worker thread keeps the workers apart. The count of
    /// dropped log lines is read from `droppedLogLines` (standard error's sink unless told).
    init(
        shards: Int = HTTPServer.Configuration.onlineProcessorCount,
        droppedLogLines: @escaping @Sendable () -> Int = { LogSink.standardError.droppedLineCount }
    ) {
        self.shards = PerWorker(workers: shards) { PThreadMutex(Tally()) }
        self.droppedLogLines = droppedLogLines
    }

    /// Counts one answered request, on `worker`'s shard; labels are endpoint names, status codes and route names,
    /// never paths or values. `opened` is the route of a landing page served and the domain it was opened on.
    func record(
        worker: Int = 0, endpoint: Endpoint, status: Int, nanoseconds: Int, outcomes: ResolveOutcomes,
        opened: (route: String, channel: String)? = nil
    ) {
        shards[worker].withLock { tally in
            if let slot = Self.slottedStatuses.firstIndex(of: status) {
                tally.slotted[endpoint.index * Self.statusSlots + slot] += 1
            } else {
                tally.unslotted[RequestKey(endpoint: endpoint, status: status), default: 0] += 1
            }
            for outcome in outcomes {
                tally.outcomes.add(outcome.reason)
                if endpoint == .resolve { tally.routes.recordResolve(outcome) }
                if !outcome.alias.isEmpty { tally.routes.recordAlias(outcome) }
            }
            if let opened, status == 200 { tally.routes.recordOpen(route: opened.route, channel: opened.channel) }
            tally.latency[endpoint.index].record(Int64(max(0, nanoseconds)))
        }
    }

    /// Counts a config reload.
    func recordReload(succeeded: Bool) {
        reloads.withLock { counts in
            if succeeded { counts.applied += 1 } else { counts.rejected += 1 }
        }
    }

    /// The Prometheus text exposition: every series sorted by its labels; reloads and dropped log lines always, the
    /// rest once counted.
    func exposition() -> HTTPResponse {
        var total = Tally()
        for shard in shards.all { total.add(shard.withLock { $0 }) }
        let (applied, rejected) = reloads.withLock { $0 }
        var text = ""
        text += "# HELP deeplinkd_requests_total Requests answered, by endpoint and status code.\n"
        text += "# TYPE deeplinkd_requests_total counter\n"
        for (key, count) in total.requests.sorted(by: { $0.key < $1.key }) {
            text += "deeplinkd_requests_total{endpoint=\"\(key.endpoint.rawValue)\",status=\"\(key.status)\"} \(count)\n"
        }
        text += "# HELP deeplinkd_resolve_outcomes_total URLs resolved (by /resolve and landing pages), by outcome.\n"
        text += "# TYPE deeplinkd_resolve_outcomes_total counter\n"
        for (outcome, count) in total.outcomes.counts.sorted(by: { $0.key < $1.key }) {
            text += "deeplinkd_resolve_outcomes_total{outcome=\"\(outcome)\"} \(count)\n"
        }
        total.routes.write(into: &text)
        text += "# HELP deeplinkd_request_duration_seconds Time from the complete request to the handler's answer.\n"
        text += "# TYPE deeplinkd_request_duration_seconds histogram\n"
        for (endpoint, latency) in zip(Endpoint.allCases, total.latency) where latency.count > 0 {
            let name = "deeplinkd_request_duration_seconds"
            var cumulative = 0
            for (bound, count) in zip(Self.bucketBounds.map(\.label) + ["+Inf"], latency.buckets) {
                cumulative += count
                text += "\(name)_bucket{endpoint=\"\(endpoint.rawValue)\",le=\"\(bound)\"} \(cumulative)\n"
            }
            text += "\(name)_sum{endpoint=\"\(endpoint.rawValue)\"} \(Self.seconds(latency.nanoseconds))\n"
            text += "\(name)_count{endpoint=\"\(endpoint.rawValue)\"} \(latency.count)\n"
        }
        text += "# HELP deeplinkd_reloads_total Config reloads (SIGHUP), applied or rejected.\n"
        text += "# TYPE deeplinkd_reloads_total counter\n"
        text += "deeplinkd_reloads_total{result=\"ok\"} \(applied)\n"
        text += "deeplinkd_reloads_total{result=\"rejected\"} \(rejected)\n"
        text += "# HELP deeplinkd_log_lines_dropped_total Log lines dropped because the log output was not read fast enough.\n"
        text += "# TYPE deeplinkd_log_lines_dropped_total counter\n"
        text += "deeplinkd_log_lines_dropped_total \(droppedLogLines())\n"
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; version=0.0.4; charset=utf-8")
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        return HTTPResponse(status: 200, headers: headers, body: text)
    }

    /// Nanoseconds as decimal seconds with nine places: `0.001169624`.
    static func seconds(_ nanoseconds: Int64) -> String {
        let fraction = String(nanoseconds % 1_000_000_000)
        return "\(nanoseconds / 1_000_000_000)." + String(repeating: "0", count: 9 - fraction.count) + fraction
    }
}
