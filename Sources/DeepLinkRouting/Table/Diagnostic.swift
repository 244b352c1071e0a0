/// A problem found in a route table, with the config line it comes from when known.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// How bad it is.
    public enum Severity: Sendable, Equatable {
        /// The table cannot be used.
        case error
        /// The table works, but probably not as meant.
        case warning
    }

    /// Error or warning.
    public let severity: Severity
    /// The 1-based config line, when known.
    public let line: Int?
    /// What is wrong and where (`route 'charger': …`).
    public let message: String

    /// A diagnostic.
    public init(_ severity: Severity, line: Int?, _ message: String) {
        self.severity = severity
        self.line = line
        self.message = message
    }

    /// `FILE:LINE: message`, or `FILE:LINE: warning: message`, with every control or bidirectional formatting
    /// character of the file name and the message written as `\u{1B}`: a message quotes table text, which must not
    /// reach a terminal as an escape sequence or a line break.
    public func formatted(file: String) -> String {
        let place = line.map { "\(file.visible):\($0)" } ?? file.visible
        return severity == .warning ? "\(place): warning: \(message.visible)" : "\(place): \(message.visible)"
    }

    /// The diagnostic without a file name.
    public var description: String { formatted(file: "<table>") }
}
