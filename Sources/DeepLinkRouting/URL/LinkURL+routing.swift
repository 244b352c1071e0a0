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

    /// The query items, decoded once, in order (see `QueryString.items(in:)`).
    func queryItems() throws(PercentDecodingError) -> [(name: Substring, value: Substring)] {
        guard let query else { return [] }
        return try QueryString.items(in: query)
    }
}
