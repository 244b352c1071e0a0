import DeepLinkRouting

/// The routes of one AASA file arranged as a trie by their literal components, to answer
/// `Route.couldBeDeeper(than:spanningAt:)` for the whole file at once without comparing every pair of routes.
///
/// Each node knows, for the routes below it, the two longest patterns and two of those that end in `**`: enough to
/// tell whether some route other than the one asking is deeper.
struct DeeperRoutes {
    private var nodes: [Node] = [Node()]
    private let routes: [Route]

    private struct Node {
        var literals: [String: Int] = [:]
        /// The child for `*`, `**` and parameters, which agree with any component.
        var other: Int?
        /// Routes ending at this node with `**`.
        var endsWithRest = false
        /// Below this node: the two routes with the most components, and two routes that end in `**`.
        var longest: [Int] = []
        var restEnding: [Int] = []
    }

    /// The index of `routes`.
    init(_ routes: [Route]) {
        self.routes = routes
        for (route, pattern) in routes.map(\.pattern).enumerated() {
            var node = 0
            var path = [0]
            for component in pattern.components {
                if case .literal(let text) = component {
                    node = child(of: node, literal: text)
                } else {
                    node = otherChild(of: node)
                }
                path.append(node)
            }
            let endsWithRest = pattern.components.last == .rest
            if endsWithRest { nodes[node].endsWithRest = true }
            for step in path {
                nodes[step].longest = Array(
                    (nodes[step].longest + [route]).sorted { routes[$0].pattern.components.count > routes[$1].pattern.components.count }.prefix(2))
                if endsWithRest, nodes[step].restEnding.count < 2 { nodes[step].restEnding.append(route) }
            }
        }
    }

    private mutating func child(of node: Int, literal text: String) -> Int {
        if let existing = nodes[node].literals[text] { return existing }
        nodes.append(Node())
        nodes[node].literals[text] = nodes.count - 1
        return nodes.count - 1
    }

    private mutating func otherChild(of node: Int) -> Int {
        if let existing = nodes[node].other { return existing }
        nodes.append(Node())
        nodes[node].other = nodes.count - 1
        return nodes.count - 1
    }

    /// Whether a pattern other than `route`'s own (another route or one of its aliases) `couldBeDeeper(than: route, spanningAt: position)`.
    func containsDeeper(than route: Route, spanningAt position: Int) -> Bool {
        search(node: 0, route: route, position: position, depth: 0)
    }

    private func search(node index: Int, route: Route, position: Int, depth: Int) -> Bool {
        let node = nodes[index]
        guard depth < position else {
            let count = route.pattern.components.count
            return node.longest.contains { routes[$0] !== route && routes[$0].pattern.components.count > count }
                || node.restEnding.contains { routes[$0] !== route }
        }
        // A route ending here, before `position`, agrees with every component it has; it is deeper if it ends in `**`.
        if node.endsWithRest { return true }
        let component = route.pattern.components[depth]
        if let other = node.other, search(node: other, route: route, position: position, depth: depth + 1) { return true }
        if case .literal(let text) = component {
            return node.literals[text].map { search(node: $0, route: route, position: position, depth: depth + 1) } ?? false
        }
        return node.literals.values.contains { search(node: $0, route: route, position: position, depth: depth + 1) }
    }
}
