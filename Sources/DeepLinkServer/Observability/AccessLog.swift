import DeepLinkRouting
import Logging

/// The access log: one line per answered request, in the format of `JSONLinesLogHandler` (`time`, `level`,
/// `label`, `message`, then the fields as strings in key order).
///
/// The line is formatted straight into bytes instead of going through `Logger`: a metadata dictionary built,
/// merged and sorted for every request cost a fifth of the server's CPU when serving the AASA.
struct AccessLog: Sendable {
    /// The `label` of every line.
    let label: String
    /// Where lines go.
    let output: JSONLinesLogHandler.Output
    /// Whether lines are written at all: the server logger's level lets `info` through.
    let isEnabled: Bool

    /// Writes the line of one request.
    func record(_ entry: AccessLogEntry) {
        guard isEnabled else { return }
        // Formatted before taking the sink's lock, which every worker thread shares.
        var line: [UInt8] = []
        line.reserveCapacity(320)
        entry.write(label: label, into: &line)
        switch output {
        case .standardError: LogSink.standardError.append { $0 += line }
        case .sink(let sink): sink(String(decoding: line, as: UTF8.self))
        }
    }
}

/// What the access log says about one request. The path is the logged one: secret values already redacted.
struct AccessLogEntry {
    let method: String
    let path: Substring
    let status: Int
    let bytes: Int
    let duration: Duration
    let endpoint: String
    let remote: String

    /// Appends the JSON object, without a newline.
    func write(label: String, into line: inout [UInt8]) {
        line += #"{"time":""#.utf8
        Timestamp.write(into: &line)
        line += #"","level":"info","label":"#.utf8
        JSONWriter.quote(label, into: &line)
        line += #","message":"request","bytes":""#.utf8
        line += String(bytes).utf8
        line += #"","duration_ms":""#.utf8
        let microseconds = max(0, duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000)
        line += String(microseconds / 1000).utf8
        line.append(UInt8(ascii: "."))
        Timestamp.append(Int(microseconds % 1000), digits: 3, to: &line)
        line += #"","endpoint":"#.utf8
        JSONWriter.quote(endpoint, into: &line)
        line += #","method":"#.utf8
        JSONWriter.quote(method, into: &line)
        line += #","path":"#.utf8
        var path = path
        path.withUTF8 { JSONWriter.quote(utf8: $0, into: &line) }
        line += #","remote":"#.utf8
        JSONWriter.quote(remote, into: &line)
        line += #","status":""#.utf8
        line += String(status).utf8
        line += #""}"#.utf8
    }
}
