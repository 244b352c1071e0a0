/// A route table as written, before validation: what a config file or code declares, with source lines.
///
/// `RouteTable.compile(_:)` turns it into a frozen, validated `RouteTable`, collecting every problem.
public struct RouteTableDefinition: Sendable {
    /// The app the links open.
    package var app: AppDefinition
    /// Universal Link hosts.
    package var domains: [Located<String>]
    /// Custom URL schemes.
    package var schemes: [Located<String>]
    /// Every state the app can be in; nil means the states named by the gates.
    package var states: [Located<String>]?
    /// Named sets of states, in order.
    package var gates: [GateDefinition]
    /// The app features a route may require (`premiumWorkflows`).
    package var features: [Located<String>]
    /// The routes; order is load-bearing.
    public var routes: [RouteDefinition]

    /// A definition.
    ///
    /// - Parameters:
    ///   - app: The app the links open.
    ///   - domains: Universal Link hosts.
    ///   - schemes: Custom URL schemes.
    ///   - states: Every state the app can be in; nil for the states the gates name.
    ///   - gates: Named sets of states.
    ///   - features: The features a route may require.
    ///   - routes: The routes, most specific first: the first that takes a URL wins.
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
