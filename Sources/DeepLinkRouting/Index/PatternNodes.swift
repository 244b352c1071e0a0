/// The nodes of a trie over path patterns, built once: literal components by key (a dictionary per node),
/// parameters grouped by prefix and suffix, `*` and `**` as edges. `RouteIndex` searches it with a request's path
/// (bytes as keys) and `PatternTrie` with another pattern (strings as keys); both are built here.
struct PatternNodes<Key: Hashable & Sendable>: Sendable {
    struct Node: Sendable {
        var literals: [Key: Int] = [:]
        var parameters: [(prefix: String, suffix: String, node: Int)] = []
        var wildcard: Int?
        /// Routes whose pattern ends at this node.
        var terminal: [Int] = []
        /// Routes whose pattern continues with `**` from this node.
        var rest: [Int] = []
    }

    private(set) var nodes: [Node] = [Node()]

    /// The nodes of `patterns`, a route named by its position in the array, literals keyed by `key`.
    init(_ patterns: [PathPattern], key: (String) -> Key) {
        var parameterNodes: [ParameterEdge: Int] = [:]
        for (route, pattern) in patterns.enumerated() {
            var node = 0
            for component in pattern.components {
                switch component {
                case .literal(let text):
                    let literal = key(text)
                    node = child(of: node, existing: nodes[node].literals[literal]) { $0.literals[literal] = $1 }
                case .parameter(_, let prefix, let suffix):
                    let edge = ParameterEdge(node: node, prefix: prefix, suffix: suffix)
                    node = child(of: node, existing: parameterNodes[edge]) { $0.parameters.append((prefix, suffix, $1)) }
                    parameterNodes[edge] = node
                case .wildcard:
                    node = child(of: node, existing: nodes[node].wildcard) { $0.wildcard = $1 }
                case .rest:
                    nodes[node].rest.append(route)
                }
            }
            if pattern.components.last != .rest { nodes[node].terminal.append(route) }
        }
    }

    /// `existing` when there is one; else a new node, linked from `parent` by `link` (the parent, the new index).
    private mutating func child(of parent: Int, existing: Int?, link: (inout Node, Int) -> Void) -> Int {
        if let existing { return existing }
        nodes.append(Node())
        link(&nodes[parent], nodes.count - 1)
        return nodes.count - 1
    }

    /// A parameter edge while the trie is built: found by dictionary, not by scanning a node's edges.
    private struct ParameterEdge: Hashable {
        let node: Int
        let prefix: String
        let suffix: String
    }
}
