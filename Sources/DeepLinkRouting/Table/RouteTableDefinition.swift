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

/// A value with the config line it was read from.
public struct Located<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// The 1-based line, when known.
    public var line: Int?

    /// A located value.
    public init(_ value: Value, line: Int? = nil) {
        self.value = value
        self.line = line
    }
}

/// The app section.
public struct AppDefinition: Sendable {
    /// Display name (`ExpresScan`).
    public var name: Located<String>
    /// `TEAMID.bundle.id` identifiers.
    public var appIDs: [Located<String>]
    /// Numeric App Store ID, for Smart App Banners.
    public var appStoreID: Located<String>?
    /// Whether the AASA lists the apps under `webcredentials`.
    public var webCredentials: Bool
    /// The App Clips' `TEAMID.bundle.id.Clip` identifiers, listed under `appclips` in the AASA.
    public var appClips: [Located<String>]

    /// An app section.
    public init(
        name: Located<String>, appIDs: [Located<String>], appStoreID: Located<String>? = nil, webCredentials: Bool = false,
        appClips: [Located<String>] = []
    ) {
        self.name = name
        self.appIDs = appIDs
        self.appStoreID = appStoreID
        self.webCredentials = webCredentials
        self.appClips = appClips
    }
}

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

/// One route as written.
public struct RouteDefinition: Sendable {
    /// Unique name.
    public var name: Located<String>
    /// Pattern text: the canonical pattern, which links are built with.
    public var path: Located<String>
    /// More pattern texts that resolve to the route too (older link shapes), in order.
    public var aliases: [Located<String>]
    /// Scopes as written; nil means `[universal]`.
    public var scopes: [Located<String>]?
    /// Declared parameters, in order.
    public var parameters: [ParameterDefinition]
    /// Notification name; nil when the app dispatches on the generated enum alone.
    public var notification: Located<String>?
    /// Gate name.
    public var gate: Located<String>?
    /// The feature the app must have enabled to act on the route.
    public var feature: Located<String>?
    /// Whether the route's values are secrets.
    public var isSecret: Bool
    /// Landing page name.
    public var landing: Located<String>?
    /// Earlier routes whose screens this one sits on, outermost first: the navigation stack below it.
    public var stack: [Located<String>]
    /// The line where the route starts.
    public var line: Int?
    /// Whether the route's landing page offers the App Clip (`appClip: true`), at the line written.
    public var appClip: Located<Bool>?

    /// A route.
    public init(
        name: Located<String>, path: Located<String>, aliases: [Located<String>] = [], scopes: [Located<String>]? = nil,
        parameters: [ParameterDefinition] = [], notification: Located<String>? = nil, gate: Located<String>? = nil,
        feature: Located<String>? = nil, isSecret: Bool = false, landing: Located<String>? = nil, stack: [Located<String>] = [], line: Int? = nil,
        appClip: Located<Bool>? = nil
    ) {
        self.name = name
        self.path = path
        self.aliases = aliases
        self.feature = feature
        self.scopes = scopes
        self.parameters = parameters
        self.notification = notification
        self.gate = gate
        self.isSecret = isSecret
        self.landing = landing
        self.stack = stack
        self.line = line
        self.appClip = appClip
    }
}

/// One parameter as written.
public struct ParameterDefinition: Sendable {
    /// The charset of a parameter that names none: RFC 3986's unreserved characters.
    public static let defaultCharset = "A-Za-z0-9._~-"

    /// Parameter name.
    public var name: String
    /// Character-class body; nil means `defaultCharset`.
    public var charset: String?
    /// Minimum length; nil means 1.
    public var minimumLength: Int?
    /// Maximum length; nil means 1024.
    public var maximumLength: Int?
    /// Whether a query parameter must be present; nil means no.
    public var isRequired: Bool?
    /// The line of the parameter.
    public var line: Int?

    /// A parameter.
    public init(name: String, charset: String?, minimumLength: Int? = nil, maximumLength: Int? = nil, isRequired: Bool? = nil, line: Int? = nil) {
        self.name = name
        self.charset = charset
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
        self.isRequired = isRequired
        self.line = line
    }
}
