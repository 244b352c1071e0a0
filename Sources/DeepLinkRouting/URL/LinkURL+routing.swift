extension LinkURL {
    /// The path's components as Apple's matcher sees them: repeated and trailing slashes dropped, each component
    /// percent-decoded once after splitting (so `%2F` stays inside its component).
    ///
    /// For a custom scheme the host is the first component (`expchg://c/42` → `c`, `42`).
    func routingComponents(includingHost: Bool) throws(PercentDecodingError) -> [Substring] {
        var components: [Substring] = []
        if includingHost, let host, !host.isEmpty {
            components.append(try host.percentDecoded())
        }
        for raw in path.split(separator: "/", omittingEmptySubsequences: true) {
            components.append(try raw.percentDecoded())
        }
        return components
    }

    /// The query items, decoded once, in order; a name without `=` has the empty value; empty items are skipped.
    func queryItems() throws(PercentDecodingError) -> [(name: Substring, value: Substring)] {
        guard let query, !query.isEmpty else { return [] }
        var items: [(name: Substring, value: Substring)] = []
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            if let equals = item.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let value = item[item.utf8.index(after: equals)...]
                items.append((try item[..<equals].percentDecoded(), try value.percentDecoded()))
            } else {
                items.append((try item.percentDecoded(), ""))
            }
        }
        return items
    }
}
