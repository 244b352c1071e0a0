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
    package init?(parsing text: String) {
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
