package import DeepLinkRouting

/// A route table with what the server's answers share per route, worked out once per config load: the fixed starts
/// of each route's canonical links, and the parts of its `/resolve` JSON every match shares (`ResolvePieces`).
///
/// The server builds one with each site; an app, which compiles only `DeepLinkRouting`, never does.
package struct WireTable: Sendable {
    /// The table the answers are about.
    package let table: RouteTable
    /// Per route, in table order.
    private let origins: [LinkOrigins]
    /// Per route, in table order.
    private let pieces: [ResolvePieces]

    /// The origins and pieces of every route of `table`.
    package init(_ table: RouteTable) {
        self.table = table
        origins = table.routes.map { LinkOrigins(of: $0, domains: table.domains, schemes: table.schemes) }
        pieces = zip(table.routes, origins).map { ResolvePieces(route: $0, origins: $1) }
    }

    /// The pieces of the route at `index` in the table's `routes`.
    func pieces(ofRoute index: Int) -> ResolvePieces {
        pieces[index]
    }

    /// The fixed starts of the canonical links of the route at `index` in the table's `routes`: `https://DOMAIN/` and
    /// `SCHEME://`, nil where no domain or scheme may open it. A link is its origin followed by the tail
    /// `withLinkTail(of:_:)` gives.
    package func linkOrigins(ofRoute index: Int) -> LinkOrigins {
        origins[index]
    }
}
