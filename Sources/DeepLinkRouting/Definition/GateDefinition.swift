/// A named set of states.
public struct GateDefinition: Sendable {
    /// The gate's name (`signedOut`).
    package var name: Located<String>
    /// The states it admits.
    package var states: [Located<String>]
    /// When the gate holds a link (`wait`, `resume`, `expiry` of a gate written as a mapping).
    package var hold = HoldDefinition()

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
