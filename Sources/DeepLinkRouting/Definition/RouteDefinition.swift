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
