/// The canonical URLs of one intent: the Universal Link and the custom-scheme link.
public struct Links: Sendable, Equatable {
    /// `https://DOMAIN/PATH` on the route's first allowed domain; nil for a route no domain may open.
    public let universal: String?
    /// `SCHEME://PATH` on the route's first allowed scheme; nil for a Universal-Link-only route.
    public let app: String?
}
