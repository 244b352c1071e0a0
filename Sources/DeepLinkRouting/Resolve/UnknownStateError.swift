/// A state that is not one of the table's states.
public struct UnknownStateError: Error, Equatable, CustomStringConvertible {
    /// The state given.
    package let state: String
    /// The states the table knows.
    package let known: [String]

    /// The message: the state, and the ones the table knows.
    public var description: String {
        "unknown state '\(state)' (known states: \(known.joined(separator: ", ")))"
    }
}
