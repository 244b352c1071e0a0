package import DeepLinkRouting

extension WireTable {
    /// Calls `body` with the path and query (percent-encoded) both canonical links of `match` share after their
    /// origin, in temporary memory: `RouteTable.links(for:)` without building the strings.
    package func withLinkTail<Result>(of match: RouteMatch, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // A closure literal, not `match.value(of:)`: a partially applied method is a context allocated per call.
        table.withLinkTail(of: match.route, value: { match.value(of: $0) }, wildcards: match.wildcards, body)
    }
}
