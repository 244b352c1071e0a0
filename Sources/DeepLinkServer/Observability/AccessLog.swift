import DeepLinkBytes
import JSONLinesLog
import Logging

/// The access log: one line per answered request, in the server's log-line format (`JSONLogLine`: `time`,
/// `level`, `label`, `message`, then the fields in key order): `bytes`, `duration_ms` and `status` are JSON numbers, so a log
/// store (Loki, Elasticsearch) or `jq` sums and graphs them without parsing strings.
///
/// The line is formatted straight into bytes instead of going through `Logger` (a metadata dictionary built,
/// merged and sorted for every request cost a fifth of the server's CPU when serving the AASA), and on standard
/// error it is formatted in place in its worker's own lane of the log sink, so workers never share a lock to log.
final class AccessLog: Sendable {
    /// Where lines go.
    let output: JSONLinesLogHandler.Output
    /// Whether lines are written at all: the server logger's level lets `info` through.
    let isEnabled: Bool
    /// What every line shares: the label, the level and the message, and each endpoint's name, by `Endpoint.index`.
    private let fixed: RequestLine.Fixed
    /// Standard error's sink, held here so that a request does not look it up.
    private let standardError = LogSink.standardError
    /// The lanes of `standardError`, one per worker; none unless lines go there.
    private let lanes: PerWorker<LogSink.Lane>?

    /// An access log labelled `label`, with a lane for each of `workers` worker threads when writing to standard error.
    init(label: String, output: JSONLinesLogHandler.Output, isEnabled: Bool, workers: Int = 1) {
        self.output = output
        self.isEnabled = isEnabled
        var quotedLabel: [UInt8] = []
        JSONWriter.quote(label, into: &quotedLabel)
        fixed = RequestLine.Fixed(quotedLabel: quotedLabel, endpointNames: Endpoint.allCases.map(\.rawValue))
        let isBatched = if case .standardError = output, isEnabled { true } else { false }
        lanes = isBatched ? PerWorker(workers: workers) { [standardError] in standardError.makeLane() } : nil
    }

    deinit {
        for lane in lanes?.all ?? [] { standardError.remove(lane) }
    }

    /// Writes the line of one request, from the worker thread numbered `worker`.
    func record(_ entry: AccessLogEntry, worker: Int = 0) {
        guard isEnabled else { return }
        switch output {
        case .standardError:
            guard let lanes else { return }
            standardError.append(to: lanes[worker]) { [fixed] in entry.write(fixed: fixed, into: &$0) }
        case .sink(let sink):
            var line: [UInt8] = []
            entry.write(fixed: fixed, into: &line)
            sink(String(decoding: line, as: UTF8.self))
        }
    }
}
