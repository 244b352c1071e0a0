/// One route as written.
public struct RouteDefinition: Sendable {
    /// Unique name.
    public var name: Located<String>
    /// Pattern text: the canonical pattern, which links are built with.
    package var path: Located<String>
    /// More pattern texts that resolve to the route too (older link shapes), in order.
    package var aliases: [Located<String>]
    /// Scopes as written; nil means `[universal]`.
    package var scopes: [Located<String>]?
    /// Declared parameters, in order.
    package var parameters: [ParameterDefinition]
    /// Notification name; nil when the app dispatches on the generated enum alone.
    package var notification: Located<String>?
    /// Gate name.
    package var gate: Located<String>?
    /// The feature the app must have enabled to act on the route.
    package var feature: Located<String>?
    /// Whether the route's values are secrets.
    package var isSecret: Bool
    /// Landing page name.
    package var landing: Located<String>?
    /// Earlier routes whose screens this one sits on, outermost first: the navigation stack below it.
    package var stack: [Located<String>]
    /// The line where the route starts.
    package var line: Int?
    /// Whether the route's landing page offers the App Clip (`appClip: true`), at the line written.
    package var appClip: Located<Bool>?
    /// When the app holds the route's links (`wait`, `resume`, `expiry`), over its gate's.
    package var hold = HoldDefinition()
    /// What opening a link does to the navigation path (`presentation`); nil for the default.
    package var presentation: Located<String>?
    /// The oldest version of the app that can open the route's links (`minAppVersion`), as written.
    package var minAppVersion: Located<String>?
    /// Whether the route's landing page offers "Copy link, then install" (`copyLink: true`), at the line written.
    package var copyLink: Located<Bool>?

    /// A route, with its source lines when known.
    ///
    /// - Parameters:
    ///   - name: Unique name.
    ///   - path: The canonical pattern (`c/$(id)`).
    ///   - aliases: Older patterns that resolve to the route too.
    ///   - scopes: Where it may be opened from (`universal`, `app`, `universal:HOST`, `app:SCHEME`); nil for `universal`.
    ///   - parameters: Its parameters, in order.
    ///   - notification: The notification the app posts.
    ///   - gate: The gate that must admit the app's state.
    ///   - feature: The feature the app must have enabled.
    ///   - isSecret: Whether its values are secrets.
    ///   - landing: Its landing page.
    ///   - stack: The earlier routes whose screens it sits on, outermost first.
    ///   - line: The line where the route starts.
    ///   - appClip: Whether its landing page offers the App Clip.
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
