extension Problems {
    /// Reports routes that can never match (an error) or can never match on some channel, and partial overlaps
    /// (warnings): for every channel a route is open on, the routes tried before it there are compared with it.
    mutating func checkReachability(of routes: [Route], domains: [String], schemes: [String]) {
        let channels = domains.map(Channel.universal) + schemes.map(Channel.app)
        for (position, route) in routes.enumerated() {
            let label = "route '\(route.name)'"
            var shadowedOn: [(Channel, Route)] = []
            var openOn: [Channel] = []
            var overlapping: [Route] = []
            for channel in channels {
                guard let tier = channel.tier(of: route.scopes) else { continue }
                openOn.append(channel)
                let earlier = routes.enumerated().filter { other in
                    guard other.offset != position, let otherTier = channel.tier(of: other.element.scopes) else { return false }
                    return otherTier < tier || (otherTier == tier && other.offset < position)
                }.map(\.element)
                if let winner = earlier.first(where: { $0.covers(route) }) {
                    shadowedOn.append((channel, winner))
                } else {
                    for other in earlier where other.mayOverlap(route) && !overlapping.contains(where: { $0.name == other.name }) {
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

extension Channel {
    /// `https://HOST` or `SCHEME:`.
    var displayName: String {
        switch self {
        case .universal(let host): "https://\(host)"
        case .app(let scheme): "\(scheme):"
        }
    }
}
