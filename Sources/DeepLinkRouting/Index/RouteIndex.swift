/// A trie over path patterns: finds the routes whose pattern can match a path without scanning the table.
///
/// Literal components are looked up in a dictionary per node; parameters (grouped by prefix and suffix), `*` and
/// `**` are followed as edges. Built once with the table, then immutable. A search allocates nothing.
struct RouteIndex: Sendable {
    private typealias Node = PatternNodes<ByteKey>.Node
    private let trie: PatternNodes<ByteKey>

    init(_ patterns: [PathPattern]) {
        trie = PatternNodes(patterns) { ByteKey(Array($0.utf8)) }
    }

    /// Calls `visit` with every route whose pattern matches `path` (in no particular order). The match is component
    /// by component, so a visited pattern's component `i` took path component `i` (a final `**` the rest): its
    /// captures are read by position (`PathPattern.value(at:in:)`, `wildcards(in:)`), never matched again.
    func search(_ path: UnsafeBufferPointer<Bytes>, visit: (Int) -> Void) {
        trie.nodes.withUnsafeBufferPointer { nodes in Self.search(nodes, node: 0, path: path, position: 0, visit: visit) }
    }

    /// Nodes are read through the buffer in place: copying a `Node` per step would retain its dictionary and arrays.
    private static func search(
        _ nodes: UnsafeBufferPointer<Node>, node index: Int, path: UnsafeBufferPointer<Bytes>, position: Int, visit: (Int) -> Void
    ) {
        for route in nodes[index].rest { visit(route) }
        guard position < path.count else {
            for route in nodes[index].terminal { visit(route) }
            return
        }
        if let next = nodes[index].literals[ByteKey(borrowing: path[position])] {
            search(nodes, node: next, path: path, position: position + 1, visit: visit)
        }
        for edge in nodes[index].parameters where path[position].between(prefix: edge.prefix, suffix: edge.suffix) != nil {
            search(nodes, node: edge.node, path: path, position: position + 1, visit: visit)
        }
        if let next = nodes[index].wildcard { search(nodes, node: next, path: path, position: position + 1, visit: visit) }
    }
}
