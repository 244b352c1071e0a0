/// A validated, frozen route table: parses URLs into intents, builds links from intents, and lists its patterns.
///
/// Build one with `RouteTable(_:)` or `RouteTable.compile(_:)` from a `RouteTableDefinition`.
public struct RouteTable: Sendable {
    /// The app the links open.
    public let app: App
    /// Universal Link hosts, lower-cased, in config order.
    public let domains: [String]
    /// Custom schemes, lower-cased, in config order.
    public let schemes: [String]
    /// Every state the app can be in, in config order.
    public let states: [String]
    /// Named sets of states.
    public let gates: [String: Set<String>]
    /// The routes, in table order (first match wins).
    public let routes: [Route]
    let index: RouteIndex

    /// The app section, validated.
    public struct App: Sendable {
        /// Display name.
        public let name: String
        /// `TEAMID.bundle.id` identifiers.
        public let appIDs: [String]
        /// Numeric App Store ID.
        public let appStoreID: String?
        /// Whether the AASA lists the apps under `webcredentials`.
        public let webCredentials: Bool
    }

    /// Compiles a definition, throwing every error found (warnings are dropped; use `compile(_:)` to see them).
    public init(_ definition: RouteTableDefinition) throws(RouteTableError) {
        let compilation = Self.compile(definition)
        guard let table = compilation.table else { throw RouteTableError(diagnostics: compilation.diagnostics) }
        self = table
    }

    init(app: App, domains: [String], schemes: [String], states: [String], gates: [String: Set<String>], routes: [Route]) {
        self.app = app
        self.domains = domains
        self.schemes = schemes
        self.states = states
        self.gates = gates
        self.routes = routes
        self.index = RouteIndex(routes.map(\.pattern))
    }

    /// The route called `name`.
    public func route(named name: String) -> Route? {
        routes.first { $0.name == name }
    }
}

/// The result of compiling a definition: the table when it has no errors, and every diagnostic.
public struct RouteTableCompilation: Sendable {
    /// The table, or nil when there is at least one error.
    public let table: RouteTable?
    /// Errors and warnings, in config order.
    public let diagnostics: [Diagnostic]
}

/// A definition with errors.
public struct RouteTableError: Error, Equatable, CustomStringConvertible {
    /// Every problem found, errors and warnings.
    public let diagnostics: [Diagnostic]

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
