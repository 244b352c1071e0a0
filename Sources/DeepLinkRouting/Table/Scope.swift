/// Where a route may be opened from: any configured domain or scheme, or one named domain or scheme.
public enum Scope: Sendable, Hashable {
    /// `universal`: `https` on every configured domain.
    case anyUniversal
    /// `universal:HOST`: `https` on one configured domain.
    case universal(host: String)
    /// `app`: every configured custom scheme.
    case anyApp
    /// `app:SCHEME`: one configured custom scheme.
    case app(scheme: String)

    /// Parses `universal`, `app`, `universal:HOST` or `app:SCHEME` (host and scheme are lower-cased).
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        switch (parts.first, parts.count) {
        case ("universal", 1): self = .anyUniversal
        case ("app", 1): self = .anyApp
        case ("universal", 2) where !parts[1].isEmpty: self = .universal(host: parts[1].lowercased())
        case ("app", 2) where !parts[1].isEmpty: self = .app(scheme: parts[1].lowercased())
        default: return nil
        }
    }
}

extension Scope: CustomStringConvertible {
    /// The scope as written in a config.
    public var description: String {
        switch self {
        case .anyUniversal: "universal"
        case .universal(let host): "universal:\(host)"
        case .anyApp: "app"
        case .app(let scheme): "app:\(scheme)"
        }
    }
}

/// The way a URL reaches the app: a Universal Link on a domain, or a custom scheme.
public enum Channel: Sendable, Hashable {
    /// `https://HOST/…`, host lower-cased.
    case universal(host: String)
    /// `SCHEME:…`, scheme lower-cased.
    case app(scheme: String)

    /// `"universal"` or `"app"`, as in resolve results.
    public var kind: String {
        switch self {
        case .universal: "universal"
        case .app: "app"
        }
    }

    /// Where a route with these scopes is tried for this channel: 0 (named exactly), 1 (any-scope), or nil.
    package func tier(of scopes: [Scope]) -> Int? {
        var tier: Int?
        for scope in scopes {
            switch (scope, self) {
            case (.universal(let named), .universal(let host)) where named == host: return 0
            case (.app(let named), .app(let scheme)) where named == scheme: return 0
            case (.anyUniversal, .universal), (.anyApp, .app): tier = 1
            default: continue
            }
        }
        return tier
    }
}
