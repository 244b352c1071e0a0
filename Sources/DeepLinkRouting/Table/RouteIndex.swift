/// A trie over path patterns: finds the routes whose pattern can match a path without scanning the table.
///
/// Literal components are looked up in a dictionary per node; parameters (grouped by prefix and suffix), `*` and
/// `**` are followed as edges. Built once with the table, then immutable. A search allocates nothing.
struct RouteIndex: Sendable {
    private var nodes: [Node] = [Node()]

    private struct Node: Sendable {
        var literals: [LiteralKey: Int] = [:]
        var parameters: [(prefix: String, suffix: String, node: Int)] = []
        var wildcard: Int?
        /// Routes whose pattern ends at this node.
        var terminal: [Int] = []
        /// Routes whose pattern continues with `**` from this node.
        var rest: [Int] = []
    }

    init(_ patterns: [PathPattern]) {
        for (route, pattern) in patterns.enumerated() {
            var node = 0
            for component in pattern.components {
                switch component {
                case .literal(let text):
                    node = literalChild(of: node, LiteralKey(text[...]))
                case .parameter(_, let prefix, let suffix):
                    node = parameterChild(of: node, prefix: prefix, suffix: suffix)
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

    private mutating func literalChild(of node: Int, _ key: LiteralKey) -> Int {
        if let existing = nodes[node].literals[key] { return existing }
        nodes.append(Node())
        nodes[node].literals[key] = nodes.count - 1
        return nodes.count - 1
    }

    private mutating func parameterChild(of node: Int, prefix: String, suffix: String) -> Int {
        if let existing = nodes[node].parameters.first(where: { $0.prefix == prefix && $0.suffix == suffix }) { return existing.node }
        nodes.append(Node())
        nodes[node].parameters.append((prefix, suffix, nodes.count - 1))
        return nodes.count - 1
    }

    /// Calls `visit` with every route whose pattern matches `path` structurally (in no particular order).
    func search(_ path: UnsafeBufferPointer<Substring>, visit: (Int) -> Void) {
        search(node: 0, path: path, position: 0, visit: visit)
    }

    /// The routes whose pattern matches `path` structurally, in table order.
    func candidates(for path: [Substring]) -> [Int] {
        var found: [Int] = []
        path.withUnsafeBufferPointer { buffer in search(buffer) { found.append($0) } }
        return found.sorted()
    }

    private func search(node index: Int, path: UnsafeBufferPointer<Substring>, position: Int, visit: (Int) -> Void) {
        let node = nodes[index]
        for route in node.rest { visit(route) }
        guard position < path.count else {
            for route in node.terminal { visit(route) }
            return
        }
        let component = path[position]
        if let next = node.literals[LiteralKey(component)] { search(node: next, path: path, position: position + 1, visit: visit) }
        for edge in node.parameters where component.between(prefix: edge.prefix, suffix: edge.suffix) != nil {
            search(node: edge.node, path: path, position: position + 1, visit: visit)
        }
        if let next = node.wildcard { search(node: next, path: path, position: position + 1, visit: visit) }
    }
}

/// A path component compared and hashed byte for byte, so a lookup needs no `String`.
struct LiteralKey: Hashable, Sendable {
    let text: Substring

    init(_ text: Substring) {
        self.text = text
    }

    static func == (lhs: LiteralKey, rhs: LiteralKey) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
