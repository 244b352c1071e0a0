@testable import DeepLinkRouting

extension RouteIndex {
    /// The entries whose pattern matches `path`, in table order.
    func candidates(for path: [String]) -> [Int] {
        var found: [Int] = []
        withComponents(path) { components in search(components) { found.append($0) } }
        return found.sorted()
    }
}

extension PathPattern {
    /// What this pattern takes from the decoded `path`, through the index resolve uses: its parameter values in
    /// pattern order and what `*` and `**` took; nil when it does not match.
    func match(_ path: [String]) -> (parameters: [(name: String, value: String)], wildcards: [[String]])? {
        withComponents(path) { components in
            var isMatched = false
            RouteIndex([self]).search(components) { _ in isMatched = true }
            guard isMatched else { return nil }
            let parameters = components.indices.compactMap { position -> (name: String, value: String)? in
                guard case .parameter(let name, _, _) = self.components[safe: position], let value = value(at: position, in: components) else { return nil }
                return (name, String(decoding: value, as: UTF8.self))
            }
            return (parameters, wildcards(in: components))
        }
    }
}

extension Array {
    fileprivate subscript(safe position: Int) -> Element? {
        indices.contains(position) ? self[position] : nil
    }
}

/// Runs `body` on `path`'s components as the resolver holds them: byte buffers.
private func withComponents<Result>(_ path: [String], _ body: (UnsafeBufferPointer<Bytes>) -> Result) -> Result {
    let bytes = path.map { Array($0.utf8) }
    var slices: [Bytes] = []
    func collect(_ index: Int) -> Result {
        guard index < bytes.count else { return slices.withUnsafeBufferPointer(body) }
        return bytes[index].withUnsafeBufferPointer { slice in
            slices.append(slice)
            return collect(index + 1)
        }
    }
    return collect(0)
}
