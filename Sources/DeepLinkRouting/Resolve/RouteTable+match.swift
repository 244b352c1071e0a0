extension RouteTable {
    /// Finds the winner among the index's candidates (every pattern of every route, `entries`): the first in
    /// `Precedence` whose parameters validate.
    /// `rawHost` is the host that a custom-scheme URL reads as its first path component, or nil.
    func match(_ request: SearchRequest, channel: Channel, rawHost: Bytes?, rawPath: Bytes) -> ResolveOutcome {
        var winner: Precedence?
        // The first violation of the best candidate that failed: its message is written only when no route wins
        // (a later candidate often does, as the second of two routes on one path told apart by their query).
        var failure: (precedence: Precedence, candidate: Int, parameter: Route.Parameter, violation: ParameterViolation)?
        var blocked: Int?
        let routes = entries
        let (isUniversal, name) =
            switch channel {
            case .universal(let host): (true, host)
            case .app(let scheme): (false, scheme)
            }
        routes.withUnsafeBufferPointer { routes in
            index.search(request.path) { candidate in
                guard let tier = Channel.tier(of: routes[candidate].scopes, isUniversal: isUniversal, name: name) else {
                    blocked = min(blocked ?? candidate, candidate)
                    return
                }
                let precedence = Precedence(tier: tier, position: candidate)
                if let winner, winner < precedence { return }
                if let violation = routes[candidate].firstViolation(in: request) {
                    if failure.map({ precedence < $0.precedence }) ?? true {
                        failure = (precedence, candidate, violation.parameter, violation.violation)
                    }
                } else {
                    winner = precedence
                }
            }
        }
        if let winner {
            let form = routes[winner.position]
            let position = entryRoutes[winner.position]
            let wildcards = form.pattern.hasWildcards ? form.pattern.wildcards(in: request.path) : []
            return .matched(
                RouteMatch(
                    route: self.routes[position], routeIndex: position, parameters: form.values(in: request), channel: channel,
                    via: form.isAlias ? form.pattern : nil, wildcards: wildcards))
        }
        if let failure { return .unmatched(routes[failure.candidate].unmatched(failure.parameter, failure.violation)) }
        if let blocked {
            let route = routes[blocked]
            let scopes = route.scopes.map(\.description).joined(separator: ", ")
            return .unmatched(
                Unmatched(
                    reason: .channelNotAllowed, detail: "route '\(route.name)' cannot be opened from \(channel.displayName) (its scopes: \(scopes))",
                    route: route.name, parameter: nil))
        }
        // A custom-scheme URL's path is its host and path (`expchg://c/42` is `c/42`), so that is what was tried.
        let tried = (rawHost.map { String(decoding: $0, as: UTF8.self) } ?? "") + String(decoding: rawPath, as: UTF8.self)
        let shown = tried.isEmpty ? "/" : Self.excerpt(tried.utf8)
        return .unmatched(.init(.noRoute, "no route matches the path '\(shown)'"))
    }
}
