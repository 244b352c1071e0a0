/// One entry of the route table: a pattern, its parameters, where it may be opened and what it dispatches.
///
/// A class with only constants, so a route travels (into a match, from the table to a handler) as one reference
/// instead of one per field: every request that matches takes its route.
public final class Route: Sendable {
    /// Unique name (`charger`).
    public let name: String
    /// The path pattern: the canonical one, which links are built with.
    public let pattern: PathPattern
    /// Older patterns that resolve to this route too, in table order (`c/$(id)` for `charger/$(id)`).
    package var aliases: [PathPattern] { aliasRoutes.map(\.pattern) }
    /// Each alias as a route of its own: this route's name, rules and scopes with the alias's pattern (so its path
    /// parameters' components), for the index, the checks and the AASA. Empty for an alias.
    let aliasRoutes: [Route]
    /// Whether this is one of a route's `aliasRoutes`.
    package let isAlias: Bool
    /// Where the route may be opened from.
    package let scopes: [Scope]
    /// Declared parameters in declaration order; a parameter not in the path is a query parameter.
    public let parameters: [Parameter]
    /// The notification the app posts (`chargerDeepLinkRequested`), if the route names one.
    public let notification: String?
    /// The gate that must admit the app's state, if any.
    public let gate: String?
    /// The feature the app must have enabled, if any.
    public let feature: String?
    /// Whether the values are secrets (never logged, pages never cached).
    public let isSecret: Bool
    /// The landing page shown when the app is not installed, if any.
    package let landing: String?
    /// The names of the earlier routes whose screens this one sits on, outermost first.
    public let stack: [String]
    /// The config line that defines the route, when known.
    package let line: Int?
    /// Whether its landing page offers the App Clip card.
    package let isAppClip: Bool
    /// When the app holds its links, for how long, and what opening one does to the navigation path.
    package let delivery: Delivery
    /// The oldest version of the app that can open its links (`minAppVersion`), if the table names one.
    package let minAppVersion: AppVersion?
    /// Whether its landing page offers "Copy link, then install", and the app takes its links pasted on first launch.
    package let offersCopyLink: Bool

    init(
        name: String, pattern: PathPattern, aliases: [Route] = [], isAlias: Bool = false, scopes: [Scope], parameters: [Parameter],
        notification: String?, gate: String?, feature: String? = nil, isSecret: Bool, landing: String?, stack: [String] = [], line: Int?,
        isAppClip: Bool = false, delivery: Delivery = Delivery(), minAppVersion: AppVersion? = nil, offersCopyLink: Bool = false
    ) {
        self.name = name
        self.pattern = pattern
        self.aliasRoutes = aliases
        self.isAlias = isAlias
        self.scopes = scopes
        self.parameters = parameters
        self.notification = notification
        self.gate = gate
        self.feature = feature
        self.isSecret = isSecret
        self.landing = landing
        self.stack = stack
        self.line = line
        self.isAppClip = isAppClip
        self.delivery = delivery
        self.minAppVersion = minAppVersion
        self.offersCopyLink = offersCopyLink
    }

    /// The route with `pattern` as an alias: the same route, its path parameters captured where `pattern` has them.
    func alias(_ pattern: PathPattern, line: Int?) -> Route {
        let positions = Dictionary(
            pattern.components.enumerated().compactMap { position, component in
                if case .parameter(let name, _, _) = component { (name, position) } else { nil }
            }
        ) { first, _ in first }
        let parameters = parameters.map { Parameter(name: $0.name, rule: $0.rule, component: positions[$0.name]) }
        return Route(
            name: name, pattern: pattern, isAlias: true, scopes: scopes, parameters: parameters, notification: notification, gate: gate,
            feature: feature, isSecret: isSecret, landing: landing, stack: stack, line: line ?? self.line, isAppClip: isAppClip, delivery: delivery,
            minAppVersion: minAppVersion, offersCopyLink: offersCopyLink)
    }

    /// The route with `aliases` (made by `alias(_:line:)` on it).
    func with(aliases: [Route]) -> Route {
        Route(
            name: name, pattern: pattern, aliases: aliases, scopes: scopes, parameters: parameters, notification: notification, gate: gate,
            feature: feature, isSecret: isSecret, landing: landing, stack: stack, line: line, isAppClip: isAppClip, delivery: delivery,
            minAppVersion: minAppVersion, offersCopyLink: offersCopyLink)
    }

    /// The route and its aliases, canonical first: every pattern the route answers to.
    package var everyPattern: [Route] { [self] + aliasRoutes }

    /// One declared parameter.
    public struct Parameter: Sendable {
        /// The name, as in the pattern or the query.
        public let name: String
        /// What its value must look like.
        public let rule: ParameterRule
        /// The pattern component that captures it, or nil for a query parameter.
        package let component: Int?

        /// Whether the pattern captures it from the path (otherwise it comes from the query).
        package var isInPath: Bool { component != nil }
    }

    /// The declared parameter called `name`.
    ///
    /// - Parameter name: The parameter's name as the table writes it.
    /// - Returns: The parameter, or nil when the route declares none of that name.
    public func parameter(named name: String) -> Parameter? {
        parameters.first { $0.name == name }
    }

    /// Whether some `https` domain may open this route.
    package var isUniversal: Bool {
        scopes.contains { if case .universal = $0 { true } else { $0 == .anyUniversal } }
    }

    /// Whether some custom scheme may open this route.
    package var isAppScheme: Bool {
        scopes.contains { if case .app = $0 { true } else { $0 == .anyApp } }
    }
}
