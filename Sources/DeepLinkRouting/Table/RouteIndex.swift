/// A trie over path patterns: finds the routes whose pattern can match a path without scanning the table.
///
/// Literal components are looked up in a dictionary per node; parameters (grouped by prefix and suffix), `*` and
/// `**` are followed as edges. Built once with the table, then immutable.
struct RouteIndex: Sendable {
    private var nodes: [Node] = [Node()]

    private struct Node: Sendable {
        var literals: [String: Int] = [:]
        var parameters: [Affixes: Int] = [:]
        var wildcard: Int?
        /// Routes whose pattern ends at this node.
        var terminal: [Int] = []
        /// Routes whose pattern continues with `**` from this node.
        var rest: [Int] = []
    }

    private struct Affixes: Hashable, Sendable {
        let prefix: String
        let suffix: String
    }

    init(_ patterns: [PathPattern]) {
        for (route, pattern) in patterns.enumerated() {
            var node = 0
            for component in pattern.components {
                switch component {
                case .literal(let text):
                    node = child(of: node, at: \.literals, key: text)
                case .parameter(_, let prefix, let suffix):
                    node = child(of: node, at: \.parameters, key: Affixes(prefix: prefix, suffix: suffix))
                case .wildcard:
                    if nodes[node].wildcard == nil {
                        nodes.append(Node())
                        nodes[node].wildcard = nodes.count - 1
                    }
                    node = nodes[node].wildcard ?? node
                case .rest:
                    nodes[node].rest.append(route)
                }
            }
            if pattern.components.last != .rest { nodes[node].terminal.append(route) }
        }
    }

    private mutating func child<Key: Hashable>(of node: Int, at edges: WritableKeyPath<Node, [Key: Int]>, key: Key) -> Int {
        if let existing = nodes[node][keyPath: edges][key] { return existing }
        nodes.append(Node())
        nodes[node][keyPath: edges][key] = nodes.count - 1
        return nodes.count - 1
    }

    /// Indices of the routes whose pattern matches `path` structurally, in table order.
    func candidates(for path: [Substring]) -> [Int] {
        var found: [Int] = []
        collect(node: 0, path: path[...], into: &found)
        if found.count > 1 { found.sort() }
        return found
    }

    private func collect(node index: Int, path: ArraySlice<Substring>, into found: inout [Int]) {
        let node = nodes[index]
        found.append(contentsOf: node.rest)
        guard let first = path.first else {
            found.append(contentsOf: node.terminal)
            return
        }
        let remainder = path.dropFirst()
        if let next = node.literals[String(first)] { collect(node: next, path: remainder, into: &found) }
        for (affixes, next) in node.parameters where first.between(prefix: affixes.prefix, suffix: affixes.suffix) != nil {
            collect(node: next, path: remainder, into: &found)
        }
        if let next = node.wildcard { collect(node: next, path: remainder, into: &found) }
    }
}
