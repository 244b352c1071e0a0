/// A named set of states.
public struct GateDefinition: Sendable {
    /// The gate's name (`signedOut`).
    public var name: Located<String>
    /// The states it admits.
    public var states: [Located<String>]

    /// A gate.
    public init(name: Located<String>, states: [Located<String>]) {
        self.name = name
        self.states = states
    }
}
