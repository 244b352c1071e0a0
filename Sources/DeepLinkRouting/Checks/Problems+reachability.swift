extension Problems {
    /// Reports routes that can never match (an error) or can never match on some channel, and partial overlaps
    /// (warnings): for every channel a route is open on, the routes tried before it there are compared with it.
    ///
    /// Only the routes whose patterns could share a path with the route's (`PatternTrie`) are compared with it, so
    /// the check grows with the table's size, not with its square, and reports exactly what comparing every pair
    /// would.
    ///
    /// A route's aliases are more patterns in the same trie, tried after the route's path: each is compared with
    /// every pattern tried before it, its own route's earlier patterns included for shadowing (an alias its path
    /// already covers is dead) but not for overlaps (either way the route wins).
    mutating func checkReachability(of table: [Route], domains: [String], schemes: [String]) {
        guard !isVouched else { return }
        let channels = domains.map(Channel.universal) + schemes.map(Channel.app)
        let routes = table.flatMap(\.everyPattern)
        let precedences = channels.map { channel in routes.enumerated().map { channel.precedence(of: $1.scopes, at: $0) } }
        let trie = PatternTrie(routes.map(\.pattern))
        for (position, route) in routes.enumerated() {
            let label = route.isAlias ? "route '\(route.name)' alias '\(route.pattern)'" : "route '\(route.name)'"
            var shadowedOn: [(Channel, Route)] = []
            var openOn: [Channel] = []
            var overlapping: [Route] = []
            let candidates = trie.candidates(for: route.pattern)
            for (number, channel) in channels.enumerated() {
                guard let precedence = precedences[number][position] else { continue }
                openOn.append(channel)
                let earlier = candidates.filter { other in
                    guard other != position, let otherPrecedence = precedences[number][other] else { return false }
                    return otherPrecedence < precedence
                }.map { routes[$0] }
                if let winner = earlier.first(where: { $0.covers(route) }) {
                    shadowedOn.append((channel, winner))
                } else {
                    for other in earlier
                    where other.name != route.name && other.mayOverlap(route) && !Self.isSecretReach(route, other) && !other.isSetApartByQuery(from: route)
                        && !overlapping.contains(where: { $0.name == other.name })
                    {
                        overlapping.append(other)
                    }
                }
            }
            if !openOn.isEmpty, shadowedOn.count == openOn.count, let winner = shadowedOn.first?.1 {
                error(route.line, "\(label) can never match: route '\(winner.name)'\(Self.place(winner)) matches every URL it would")
                continue
            }
            for (channel, winner) in shadowedOn {
                warning(
                    route.line, "\(label) can never match on \(channel.displayName): route '\(winner.name)'\(Self.place(winner)) matches every URL it would")
            }
            for other in overlapping {
                warning(route.line, "\(label) overlaps route '\(other.name)'\(Self.place(other)): some URLs match both, and '\(other.name)' wins")
            }
        }
    }

    private static func place(_ route: Route) -> String {
        route.line.map { " (line \($0))" } ?? ""
    }
}
