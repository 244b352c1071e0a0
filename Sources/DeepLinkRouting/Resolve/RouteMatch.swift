/// A route that took a URL, with its decoded, validated parameters.
public struct RouteMatch: Sendable {
    /// The route.
    public let route: Route
    /// The route's position in its table's `routes`.
    public let routeIndex: Int
    /// Declared parameters present in the URL, in declaration order.
    public let parameters: [(name: String, value: String)]
    /// How the URL reached the app.
    package let channel: Channel
    /// The alias that matched, when the route's canonical pattern did not (the server's `via`).
    public let via: PathPattern?
    /// The components `*` and `**` took, for canonical links.
    package let wildcards: [[String]]

    /// The value of the parameter called `name`.
    ///
    /// - Parameter name: A parameter's name, as declared in the table.
    /// - Returns: Its decoded value, or nil when the URL did not carry it (an optional query parameter).
    public func value(of name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }
}
