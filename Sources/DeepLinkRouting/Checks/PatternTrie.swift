/// A trie over the routes' path patterns, for the table checks: finds the routes whose pattern could share a URL
/// path with a given pattern, so a route is compared with those few instead of the whole table.
///
/// The search is structural and errs on the side of finding too many: every route that `Route.covers(_:)` or
/// `Route.mayOverlap(_:)` could relate to the pattern is found (literals equal, a literal that fits a parameter's
/// prefix and suffix, parameters whose prefixes and suffixes agree, `*` and `**` with anything); the caller then
/// decides with those exact checks.
struct PatternTrie {
    private let trie: PatternNodes<String>
    private var nodes: [PatternNodes<String>.Node] { trie.nodes }

    /// The trie of `patterns`; a route is named by its position in the array.
    init(_ patterns: [PathPattern]) {
        trie = PatternNodes(patterns) { $0 }
    }

    /// The routes (positions, ascending, each once) whose pattern could share a URL path with `pattern`.
    func candidates(for pattern: PathPattern) -> [Int] {
        var found: [Int] = []
        collect(node: 0, pattern.components[...], into: &found)
        return Set(found).sorted()
    }

    private func collect(node index: Int, _ components: ArraySlice<PathComponent>, into found: inout [Int]) {
        let node = nodes[index]
        found += node.rest
        guard let component = components.first else {
            found += node.terminal
            return
        }
        let remaining = components.dropFirst()
        switch component {
        case .rest:
            collectSubtree(node: index, into: &found)
            return
        case .literal(let text):
            if let child = node.literals[text] { collect(node: child, remaining, into: &found) }
            for edge in node.parameters where Substring(text).between(prefix: edge.prefix, suffix: edge.suffix) != nil {
                collect(node: edge.node, remaining, into: &found)
            }
        case .wildcard:
            for child in node.literals.values { collect(node: child, remaining, into: &found) }
            for edge in node.parameters { collect(node: edge.node, remaining, into: &found) }
        case .parameter(_, let prefix, let suffix):
            for (text, child) in node.literals where Substring(text).between(prefix: prefix, suffix: suffix) != nil {
                collect(node: child, remaining, into: &found)
            }
            for edge in node.parameters where Self.agree(prefix, edge.prefix, suffix, edge.suffix) {
                collect(node: edge.node, remaining, into: &found)
            }
        }
        if let child = node.wildcard { collect(node: child, remaining, into: &found) }
    }

    /// Every route whose pattern passes through the node.
    private func collectSubtree(node index: Int, into found: inout [Int]) {
        var pending = [index]
        while let next = pending.popLast() {
            let node = nodes[next]
            found += node.terminal
            found += node.rest
            pending += node.literals.values
            pending += node.parameters.map(\.node)
            if let child = node.wildcard { pending.append(child) }
        }
    }

    /// Whether one prefix starts the other and one suffix ends the other, as two parameters that share a value need.
    private static func agree(_ prefix: String, _ otherPrefix: String, _ suffix: String, _ otherSuffix: String) -> Bool {
        let prefixesAgree = prefix.utf8.starts(with: otherPrefix.utf8) || otherPrefix.utf8.starts(with: prefix.utf8)
        let suffixesAgree =
            suffix.utf8.reversed().starts(with: otherSuffix.utf8.reversed()) || otherSuffix.utf8.reversed().starts(with: suffix.utf8.reversed())
        return prefixesAgree && suffixesAgree
    }
}
