/// A validated, frozen route table: parses URLs into intents, builds links from intents, and lists its patterns.
///
/// Build one with `RouteTable(_:)` or `RouteTable.compile(_:)` from a `RouteTableDefinition`.
public struct RouteTable: Sendable {
    /// The table's contents, shared by every copy: copying a table (into a closure, a request handler) is one
    /// retain instead of one per array.
    private let storage: Storage

    /// The app the links open.
    package var app: App { storage.app }
    /// Universal Link hosts, lower-cased, in config order.
    package var domains: [String] { storage.domains }
    /// Custom schemes, lower-cased, in config order.
    package var schemes: [String] { storage.schemes }
    /// Every state the app can be in, in config order.
    package var states: [String] { storage.states }
    /// Named sets of states.
    public var gates: [String: Set<String>] { storage.gates }
    /// The app features a route may require, in config order.
    package var features: [String] { storage.features }
    /// The routes, in table order (first match wins).
    public var routes: [Route] { storage.routes }
    /// Every pattern of every route as a route of its own, in table order, each route's aliases after it: what the
    /// index holds.
    var entries: [Route] { storage.entries }
    /// For each of `entries`, the position of its route in `routes`.
    var entryRoutes: [Int] { storage.entryRoutes }
    var index: RouteIndex { storage.index }

    /// Immutable after `init`, so sharing it across threads is safe.
    private final class Storage: Sendable {
        let app: App
        let domains: [String]
        let schemes: [String]
        let states: [String]
        let gates: [String: Set<String>]
        let features: [String]
        let routes: [Route]
        let entries: [Route]
        let entryRoutes: [Int]
        let index: RouteIndex
        /// Each route's position by name (names are unique in a compiled table).
        let positions: [String: Int]

        init(
            app: App, domains: [String], schemes: [String], states: [String], gates: [String: Set<String>], features: [String], routes: [Route]
        ) {
            self.app = app
            self.domains = domains
            self.schemes = schemes
            self.states = states
            self.gates = gates
            self.features = features
            self.routes = routes
            self.entries = routes.flatMap(\.everyPattern)
            self.entryRoutes = routes.enumerated().flatMap { position, route in Array(repeating: position, count: 1 + route.aliasRoutes.count) }
            self.index = RouteIndex(entries.map(\.pattern))
            self.positions = Dictionary(routes.enumerated().map { ($1.name, $0) }) { first, _ in first }
        }
    }

    /// The app section, validated.
    package struct App: Sendable {
        /// Display name.
        package let name: String
        /// `TEAMID.bundle.id` identifiers.
        package let appIDs: [String]
        /// Numeric App Store ID.
        package let appStoreID: String?
        /// Whether the AASA lists the apps under `webcredentials`.
        package let webCredentials: Bool
        /// `TEAMID.bundle.id.Clip` identifiers of the App Clips, listed under `appclips` in the AASA.
        package let appClips: [String]

        /// The App Clip's bundle ID (the first App Clip without its team prefix), as the App Clip card names it.
        package var appClipBundleID: String? {
            appClips.first.flatMap { $0.split(separator: ".", maxSplits: 1).last.map(String.init) }
        }
    }

    /// Compiles a definition, throwing every error found (warnings are dropped; use `compile(_:)` to see them).
    ///
    /// - Parameter definition: The table as written.
    /// - Throws: ``RouteTableError`` with every diagnostic, when there is at least one error.
    public init(_ definition: RouteTableDefinition) throws(RouteTableError) {
        let compilation = Self.compile(definition)
        guard let table = compilation.table else { throw RouteTableError(diagnostics: compilation.diagnostics) }
        self = table
    }

    init(
        app: App, domains: [String], schemes: [String], states: [String], gates: [String: Set<String>], features: [String] = [], routes: [Route]
    ) {
        storage = Storage(app: app, domains: domains, schemes: schemes, states: states, gates: gates, features: features, routes: routes)
    }

    /// The route called `name`.
    ///
    /// - Parameter name: A route's name, as in the table.
    /// - Returns: The route, or nil when the table has none of that name.
    public func route(named name: String) -> Route? {
        position(ofRoute: name).map { routes[$0] }
    }

    /// The position in `routes` of the route called `name`, found without scanning the table.
    func position(ofRoute name: String) -> Int? {
        storage.positions[name]
    }
}
