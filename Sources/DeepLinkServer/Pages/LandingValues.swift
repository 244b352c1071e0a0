import DeepLinkBytes
import DeepLinkRouting
import DeepLinkWire
import MicroHTTP

/// Where each URL value of a route's landing page comes from (`LandingPage.urlValues`, in that order), worked out
/// once per route as bytes, so a request writes its page with no string built: the Smart App Banner and the two
/// links are fixed bytes, HTML-escaped once, around the link tail the request's match gives
/// (`WireTable.withLinkTail(of:_:)`); the parameters are the match's values.
struct LandingValues: Sendable {
    /// One value's source.
    enum Source: Sendable, Equatable {
        /// No value (nil in `urlValues`).
        case absent
        /// Fixed bytes, already escaped, then the link tail when `hasTail`, then more fixed bytes.
        case link(head: [UInt8], hasTail: Bool, end: [UInt8])
        /// The value of the parameter so named.
        case parameter(String)
    }

    /// A source for each value, in the order of `urlValues`; none for a secret route.
    let sources: [Source]

    /// The sources of the route at `index` in `wire`'s table.
    init(wire: WireTable, route index: Int) {
        let table = wire.table
        let route = table.routes[index]
        guard !route.isSecret else {
            sources = []
            return
        }
        let origins = wire.linkOrigins(ofRoute: index)
        let link = { (origin: String?) in origin.map { Source.link(head: HTMLEscaping.escaped($0), hasTail: true, end: []) } ?? .absent }
        let banner = table.app.appStoreID.map { storeID in
            let head = "app-id=" + storeID + (origins.universal.map { ", app-argument=" + $0 } ?? "")
            let appClip = route.isAppClip ? table.app.appClipBundleID : nil
            let end = appClip.map { ", app-clip-bundle-id=" + $0 + ", app-clip-display=card" } ?? ""
            return Source.link(head: HTMLEscaping.escaped(head), hasTail: origins.universal != nil, end: HTMLEscaping.escaped(end))
        }
        sources = [banner ?? .absent, link(origins.universal), link(origins.app)] + route.parameters.map { .parameter($0.name) }
    }

    /// The body of `page` for `match`: each value written from its source, escaped where it holds `<>&"'` and
    /// copied as it is where it does not.
    func body(of page: CompiledPage, for match: RouteMatch, in wire: WireTable) -> ResponseBody {
        guard !sources.isEmpty else { return page.body(length: { _ in 0 }, write: { _, _ in }) }
        return wire.withLinkTail(of: match) { tail in
            let tailLength = HTMLEscaping.escapedCount(tail)
            return page.body(
                length: { index in
                    switch sources[index] {
                    case .absent: 0
                    case .link(let head, let hasTail, let end): head.count + (hasTail ? tailLength : 0) + end.count
                    case .parameter(let name): match.value(of: name).map(HTMLEscaping.escapedCount) ?? 0
                    }
                },
                write: { index, writer in
                    switch sources[index] {
                    case .absent: break
                    case .link(let head, let hasTail, let end):
                        writer.write(head)
                        if hasTail { tailLength == tail.count ? writer.write(tail) : HTMLEscaping.write(bytes: tail, into: &writer) }
                        writer.write(end)
                    case .parameter(let name):
                        if let value = match.value(of: name) { HTMLEscaping.write(value, into: &writer) }
                    }
                })
        }
    }

    /// The key of `match`'s compiled page: its route and the shape of its values as `CompiledPages.Key(route:values:)`
    /// reads it from `urlValues` (two bits a value: absent, empty, other), worked out without the values; nil when
    /// there are too many values.
    static func key(for match: RouteMatch, in wire: WireTable) -> CompiledPages.Key? {
        let route = match.route
        guard !route.isSecret else { return CompiledPages.Key(route: match.routeIndex, shape: 0) }
        guard route.parameters.count <= 29 else { return nil }
        let origins = wire.linkOrigins(ofRoute: match.routeIndex)
        var shape: UInt64 = wire.table.app.appStoreID == nil ? 0 : 2
        if origins.universal != nil { shape |= 2 << 2 }
        if origins.app != nil { shape |= 2 << 4 }
        for (index, parameter) in route.parameters.enumerated() {
            let state: UInt64 = match.value(of: parameter.name).map { $0.isEmpty ? 1 : 2 } ?? 0
            shape |= state << (2 * UInt64(3 + index))
        }
        return CompiledPages.Key(route: match.routeIndex, shape: shape)
    }
}
