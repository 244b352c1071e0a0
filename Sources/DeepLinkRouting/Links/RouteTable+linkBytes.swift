extension RouteTable {
    /// The fixed starts of the canonical links of the route at `index` in `routes`: `https://DOMAIN/` and
    /// `SCHEME://`, nil where no domain or scheme may open it. A link is its origin followed by the tail
    /// `withLinkTail(of:_:)` gives.
    package func linkOrigins(ofRoute index: Int) -> (universal: String?, app: String?) {
        (linkOrigins[index].universal, linkOrigins[index].app)
    }

    /// Calls `body` with the path and query (percent-encoded) both canonical links of `match` share after their
    /// origin, in temporary memory: `links(for:)` without building the strings.
    package func withLinkTail<Result>(of match: RouteMatch, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // A closure literal, not `match.value(of:)`: a partially applied method is a context allocated per call.
        withLinkTail(of: match.route, value: { match.value(of: $0) }, wildcards: match.wildcards, body)
    }
}
