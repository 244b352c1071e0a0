/// A value with the config line it was read from.
public struct Located<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// The 1-based line, when known.
    package var line: Int?

    /// A located value.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - line: The 1-based line it was read from, when known.
    public init(_ value: Value, line: Int? = nil) {
        self.value = value
        self.line = line
    }
}
