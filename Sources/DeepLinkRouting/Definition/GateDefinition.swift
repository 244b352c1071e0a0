/// A named set of states.
public struct GateDefinition: Sendable {
    /// The gate's name (`signedOut`).
    package var name: Located<String>
    /// The states it admits.
    package var states: [Located<String>]

    /// A gate.
    ///
    /// - Parameters:
    ///   - name: The gate's name.
    ///   - states: The states it admits.
    public init(name: Located<String>, states: [Located<String>]) {
        self.name = name
        self.states = states
    }
}
