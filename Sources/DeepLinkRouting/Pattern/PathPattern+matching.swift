/// What a pattern captured from one path: named parameter values and the components `*`/`**` took.
struct PathCaptures: Sendable {
    /// Parameter values, decoded, in pattern order.
    var parameters: [(name: String, value: Substring)] = []
    /// For each `*` one component; for `**` the components it took, in pattern order.
    var wildcards: [ArraySlice<Substring>] = []
}

extension PathPattern {
    /// Matches decoded path components; literals compare byte for byte (no case folding, no Unicode equivalence).
    func match(_ path: [Substring]) -> PathCaptures? {
        var captures = PathCaptures()
        var position = path.startIndex
        for component in components {
            if case .rest = component {
                captures.wildcards.append(path[position...])
                return captures
            }
            guard position < path.endIndex else { return nil }
            let piece = path[position]
            switch component {
            case .literal(let text):
                guard piece.utf8.elementsEqual(text.utf8) else { return nil }
            case .wildcard:
                captures.wildcards.append(path[position...position])
            case .parameter(let name, let prefix, let suffix):
                guard let value = piece.between(prefix: prefix, suffix: suffix) else { return nil }
                captures.parameters.append((name, value))
            case .rest:
                return nil
            }
            position += 1
        }
        return position == path.endIndex ? captures : nil
    }
}

extension Substring {
    /// The part between `prefix` and `suffix` when the text starts and ends with them without overlap.
    func between(prefix: String, suffix: String) -> Substring? {
        guard utf8.count >= prefix.utf8.count + suffix.utf8.count,
            utf8.starts(with: prefix.utf8),
            utf8.reversed().starts(with: suffix.utf8.reversed())
        else { return nil }
        let start = utf8.index(startIndex, offsetBy: prefix.utf8.count)
        let end = utf8.index(endIndex, offsetBy: -suffix.utf8.count)
        return self[start..<end]
    }
}
