import DeepLinkBytes
package import Logging

/// A swift-log handler that writes one JSON object per line: `time`, `level`, `label`, `message` and the
/// metadata in key order, so logs are machine-readable. A value given as a number (`.stringConvertible(42)`) is a
/// JSON number, so it keeps its type in a log store; every other value is a string.
package struct JSONLinesLogHandler: LogHandler {
    /// Where lines go.
    package enum Output: Sendable {
        /// Standard error, batched through `LogSink.standardError`.
        case standardError
        /// A caller-supplied sink (tests capture lines with it).
        case sink(@Sendable (String) -> Void)
    }

    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .info
    private let label: String
    private let output: Output

    /// A handler for `label` writing to `output`.
    package init(label: String, output: Output = .standardError) {
        self.label = label
        self.output = output
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        let metadata = self.metadata.isEmpty ? event.metadata ?? [:] : self.metadata.merging(event.metadata ?? [:]) { $1 }
        let fields = metadata.sorted { $0.key < $1.key }.map { key, value in
            if case .stringConvertible(let number as Int) = value {
                (key: key, value: JSONLogLine.Value.number(number))
            } else {
                (key: key, value: JSONLogLine.Value.string(value.description))
            }
        }
        let line = JSONLogLine.make(level: event.level.rawValue, label: label, message: event.message.description, fields: fields)
        switch output {
        case .standardError: LogSink.standardError.append { $0 += line }
        case .sink(let sink): sink(String(decoding: line, as: UTF8.self))
        }
    }
}
