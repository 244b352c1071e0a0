/// A route table as written, before validation: what a config file or code declares, with source lines.
///
/// `RouteTable.compile(_:)` turns it into a frozen, validated `RouteTable`, collecting every problem.
public struct RouteTableDefinition: Sendable {
    /// The app the links open.
    public var app: AppDefinition
    /// Universal Link hosts.
    public var domains: [Located<String>]
    /// Custom URL schemes.
    public var schemes: [Located<String>]
    /// Every state the app can be in; nil means the states named by the gates.
    public var states: [Located<String>]?
    /// Named sets of states, in order.
    public var gates: [GateDefinition]
    /// The app features a route may require (`premiumWorkflows`).
    public var features: [Located<String>]
    /// The routes; order is load-bearing.
    public var routes: [RouteDefinition]

    /// A definition.
    public init(
        app: AppDefinition, domains: [Located<String>], schemes: [Located<String>] = [],
        states: [Located<String>]? = nil, gates: [GateDefinition] = [], features: [Located<String>] = [],
        routes: [RouteDefinition]
    ) {
        self.app = app
        self.domains = domains
        self.schemes = schemes
        self.states = states
        self.gates = gates
        self.features = features
        self.routes = routes
    }
}
