/// A value with the config line it was read from.
public struct Located<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// The 1-based line, when known.
    public var line: Int?

    /// A located value.
    public init(_ value: Value, line: Int? = nil) {
        self.value = value
        self.line = line
    }
}
