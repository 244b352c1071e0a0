/// A state that is not one of the table's states.
public struct UnknownStateError: Error, Equatable, CustomStringConvertible {
    /// The state given.
    public let state: String
    /// The states the table knows.
    public let known: [String]

    public var description: String {
        "unknown state '\(state)' (known states: \(known.joined(separator: ", ")))"
    }
}
