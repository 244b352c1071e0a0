import Testing

@testable import DeepLinkServer

@Suite("Prometheus metrics")
struct ServerMetricsTests {
    @Test("counts kept on different workers' shards add up in one exposition, in Prometheus text format")
    func shardsAddUp() throws {
        let metrics = ServerMetrics(shards: 2, droppedLogLines: { 17 })
        metrics.record(worker: 0, endpoint: .resolve, status: 200, nanoseconds: 40_000, outcomes: ["matched"])
        metrics.record(worker: 1, endpoint: .resolve, status: 200, nanoseconds: 300_000, outcomes: ["noRoute", "matched"])
        // A worker number beyond the shards shares one (here shard 1).
        metrics.record(worker: 3, endpoint: .landing, status: 404, nanoseconds: 2_000_000_000, outcomes: [])
        metrics.recordReload(succeeded: true)
        metrics.recordReload(succeeded: false)
        metrics.recordReload(succeeded: false)
        let text = metrics.exposition().text
        let expected = [
            "# TYPE deeplinkd_requests_total counter",
            #"deeplinkd_requests_total{endpoint="landing",status="404"} 1"#,
            #"deeplinkd_requests_total{endpoint="resolve",status="200"} 2"#,
            "# TYPE deeplinkd_resolve_outcomes_total counter",
            #"deeplinkd_resolve_outcomes_total{outcome="matched"} 2"#,
            #"deeplinkd_resolve_outcomes_total{outcome="noRoute"} 1"#,
            "# TYPE deeplinkd_request_duration_seconds histogram",
            #"deeplinkd_request_duration_seconds_bucket{endpoint="resolve",le="0.00005"} 1"#,
            #"deeplinkd_request_duration_seconds_bucket{endpoint="resolve",le="0.00025"} 1"#,
            #"deeplinkd_request_duration_seconds_bucket{endpoint="resolve",le="0.0005"} 2"#,
            #"deeplinkd_request_duration_seconds_bucket{endpoint="resolve",le="+Inf"} 2"#,
            #"deeplinkd_request_duration_seconds_sum{endpoint="resolve"} 0.000340000"#,
            #"deeplinkd_request_duration_seconds_count{endpoint="resolve"} 2"#,
            #"deeplinkd_request_duration_seconds_bucket{endpoint="landing",le="1.0"} 0"#,
            #"deeplinkd_request_duration_seconds_bucket{endpoint="landing",le="+Inf"} 1"#,
            #"deeplinkd_request_duration_seconds_sum{endpoint="landing"} 2.000000000"#,
            #"deeplinkd_reloads_total{result="ok"} 1"#,
            #"deeplinkd_reloads_total{result="rejected"} 2"#,
            "# TYPE deeplinkd_log_lines_dropped_total counter",
            "deeplinkd_log_lines_dropped_total 17",
        ]
        let lines = text.split(separator: "\n").map(String.init)
        for line in expected { #expect(lines.contains(line), "missing: \(line)") }
        // Series of one metric follow its TYPE line, in label order.
        let type = try #require(lines.firstIndex(of: "# TYPE deeplinkd_requests_total counter"))
        let landing = try #require(lines.firstIndex(of: #"deeplinkd_requests_total{endpoint="landing",status="404"} 1"#))
        let resolve = try #require(lines.firstIndex(of: #"deeplinkd_requests_total{endpoint="resolve",status="200"} 2"#))
        #expect(type < landing && landing < resolve)
        #expect(!text.contains(#"endpoint="aasa""#), "an endpoint never answered has no series")
        // Every line is a comment or `name{labels} value`, as the text format wants.
        for line in lines where !line.hasPrefix("#") {
            #expect(line.wholeMatch(of: /[a-z_]+(\{[a-z_]+="[^"]*"(,[a-z_]+="[^"]*")*\})? [0-9.]+/) != nil, "malformed: \(line)")
        }
    }

    @Test("every status is counted by endpoint, the common ones and the rare ones alike, in label order")
    func everyStatusCounted() {
        let metrics = ServerMetrics(shards: 2)
        let answered: [(Int, Endpoint, Int)] = [
            (0, .associationFile, 200), (1, .associationFile, 304), (0, .associationFile, 304), (1, .resolve, 400), (0, .resolve, 405),
            (1, .landing, 404), (0, .landing, 500), (1, .landing, 500), (0, .metrics, 200), (1, .link, 422),
        ]
        for (worker, endpoint, status) in answered {
            metrics.record(worker: worker, endpoint: endpoint, status: status, nanoseconds: 1_000, outcomes: .none)
        }
        let series = metrics.exposition().text.split(separator: "\n").filter { $0.hasPrefix("deeplinkd_requests_total{") }
        #expect(
            series == [
                #"deeplinkd_requests_total{endpoint="aasa",status="200"} 1"#, #"deeplinkd_requests_total{endpoint="aasa",status="304"} 2"#,
                #"deeplinkd_requests_total{endpoint="landing",status="404"} 1"#, #"deeplinkd_requests_total{endpoint="landing",status="500"} 2"#,
                #"deeplinkd_requests_total{endpoint="link",status="422"} 1"#, #"deeplinkd_requests_total{endpoint="metrics",status="200"} 1"#,
                #"deeplinkd_requests_total{endpoint="resolve",status="400"} 1"#, #"deeplinkd_requests_total{endpoint="resolve",status="405"} 1"#,
            ])
    }

    @Test("reloads are exposed before any request, as zero")
    func reloadsStartAtZero() {
        let text = ServerMetrics(shards: 1).exposition().text
        #expect(text.contains(#"deeplinkd_reloads_total{result="ok"} 0"#))
        #expect(text.contains(#"deeplinkd_reloads_total{result="rejected"} 0"#))
        #expect(!text.contains("deeplinkd_requests_total{"))
    }

    @Test("endpoint indices follow allCases, so per-endpoint tables line up")
    func endpointIndices() {
        #expect(Endpoint.allCases.map(\.index) == Array(0..<Endpoint.allCases.count))
    }
}
