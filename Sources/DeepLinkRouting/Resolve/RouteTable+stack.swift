extension RouteTable {
    /// The navigation stack a match opens, outermost first and ending with the matched route: each route of its
    /// `stack` with the values of its parameters the match carries. `check` guarantees they validate.
    ///
    /// - Parameter match: A match of this table.
    /// - Returns: One entry per screen, outermost first; the last is the matched route itself.
    package func stack(for match: RouteMatch) -> [StackEntry] {
        var entries: [StackEntry] = []
        entries.reserveCapacity(match.route.stack.count + 1)
        for name in match.route.stack {
            guard let route = route(named: name) else { continue }
            let parameters = route.parameters.compactMap { parameter in match.value(of: parameter.name).map { (parameter.name, $0) } }
            entries.append(StackEntry(route: route, parameters: parameters))
        }
        entries.append(StackEntry(route: match.route, parameters: match.parameters))
        return entries
    }
}

/// One screen of a navigation stack: a route and its parameter values, in declaration order.
package struct StackEntry: Sendable {
    /// The route.
    package let route: Route
    /// Its parameters present, in declaration order.
    package let parameters: [(name: String, value: String)]
}
