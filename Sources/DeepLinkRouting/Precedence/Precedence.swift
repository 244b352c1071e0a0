/// The order in which routes are tried on one channel, written once for resolve, the reachability check and the AASA:
/// first the routes scoped to the channel by name (`universal:HOST`, `app:SCHEME`), then those open on every domain
/// or every scheme (`universal`, `app`); within a tier, table order. A route's aliases sit right after it in the
/// table of patterns, so the same order holds for patterns.
package struct Precedence: Comparable, Sendable {
    /// 0 for a route scoped to the channel by name, 1 for one open on every domain or scheme.
    let tier: Int
    /// The position of the route (or pattern) in its table.
    let position: Int

    /// Whether `lhs` is tried before `rhs`.
    package static func < (lhs: Precedence, rhs: Precedence) -> Bool {
        (lhs.tier, lhs.position) < (rhs.tier, rhs.position)
    }
}

extension Channel {
    /// Where a route with `scopes` at `position` in its table is tried on this channel; nil when it is not open here.
    package func precedence(of scopes: [Scope], at position: Int) -> Precedence? {
        tier(of: scopes).map { Precedence(tier: $0, position: position) }
    }

    /// The routes of `table` open on this channel, in the order they are tried here.
    package func inPrecedenceOrder(_ table: [Route]) -> [Route] {
        table.enumerated().compactMap { position, route in precedence(of: route.scopes, at: position).map { ($0, route) } }
            .sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The tier of a route with these scopes on this channel: 0 (named exactly), 1 (any-scope), or nil (not open here).
    package func tier(of scopes: [Scope]) -> Int? {
        switch self {
        case .universal(let host): Self.tier(of: scopes, isUniversal: true, name: host)
        case .app(let scheme): Self.tier(of: scopes, isUniversal: false, name: scheme)
        }
    }

    /// `tier(of:)` on the channel of that kind and host or scheme: the route search takes the channel apart once and
    /// asks this for every candidate, so no candidate copies (retains) the channel's name.
    static func tier(of scopes: [Scope], isUniversal: Bool, name: String) -> Int? {
        var tier: Int?
        for scope in scopes {
            switch scope {
            case .universal(let named): if isUniversal, named == name { return 0 }
            case .app(let named): if !isUniversal, named == name { return 0 }
            case .anyUniversal: if isUniversal { tier = 1 }
            case .anyApp: if !isUniversal { tier = 1 }
            }
        }
        return tier
    }
}
