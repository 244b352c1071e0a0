import DeepLinkBytes
import Logging

/// A swift-log handler that writes one JSON object per line: `time`, `level`, `label`, `message` and the
/// metadata in key order, so logs are machine-readable. A value given as a number (`.stringConvertible(42)`) is a
/// JSON number, so it keeps its type in a log store; every other value is a string.
public struct JSONLinesLogHandler: LogHandler {
    /// Where lines go.
    public enum Output: Sendable {
        /// Standard error, batched through `LogSink.standardError`.
        case standardError
        /// A caller-supplied sink (tests capture lines with it).
        case sink(@Sendable (String) -> Void)
    }

    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    private let label: String
    private let output: Output

    /// A handler for `label` writing to `output`.
    public init(label: String, output: Output = .standardError) {
        self.label = label
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var writer = JSONWriter()
        writer.beginObject()
        writer.string("time", Timestamp.now())
        writer.string("level", event.level.rawValue)
        writer.string("label", label)
        writer.string("message", event.message.description)
        let metadata = self.metadata.isEmpty ? event.metadata ?? [:] : self.metadata.merging(event.metadata ?? [:]) { $1 }
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            if case .stringConvertible(let number as Int) = value {
                writer.int(key, number)
            } else {
                writer.string(key, value.description)
            }
        }
        writer.endObject()
        switch output {
        case .standardError: LogSink.standardError.append { $0 += writer.bytes }
        case .sink(let sink): sink(writer.text)
        }
    }
}
