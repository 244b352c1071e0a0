/// The way a URL reaches the app: a Universal Link on a domain, or a custom scheme.
package enum Channel: Sendable, Hashable {
    /// `https://HOST/…`, host lower-cased.
    case universal(host: String)
    /// `SCHEME:…`, scheme lower-cased.
    case app(scheme: String)

    /// `"universal"` or `"app"`, as in resolve results.
    package var kind: String {
        switch self {
        case .universal: "universal"
        case .app: "app"
        }
    }

    /// `https://HOST` or `SCHEME:`.
    var displayName: String {
        switch self {
        case .universal(let host): "https://\(host)"
        case .app(let scheme): "\(scheme):"
        }
    }
}
