import DeepLinkBytes
import DeepLinkRouting
import DeepLinkTemplates
import MicroHTTP

/// One landing page to write: a match of a route that has one, where each of its URL values comes from (the route's
/// `LandingRoute`), and the match's link tail, written once in temporary memory (valid only inside
/// `LandingRoute.withPage(of:in:_:)`). The banner, the links and the compiled page's key all come from this one
/// value.
struct LandingPage {
    let match: RouteMatch
    /// The route's landing page, with the sources of its values.
    let landing: LandingRoute
    /// The path and query (percent-encoded) the canonical links write after their origin.
    let tail: UnsafeBufferPointer<UInt8>

    private var sources: [LandingSource] { landing.sources }

    /// The key of the page compiled for the shape of these values: the route, and for each value whether it is
    /// absent, empty or not (two bits a value); nil when there are too many values for the shape to hold.
    var key: CompiledPages.Key? {
        guard sources.count <= 32 else { return nil }
        var shape: UInt64 = 0
        for (index, source) in sources.enumerated() {
            let state: UInt64
            switch source {
            case .absent: state = 0
            case .link(let head, let hasTail, let end): state = head.raw.isEmpty && end.raw.isEmpty && (!hasTail || tail.isEmpty) ? 1 : 2
            case .parameter(let name): state = match.value(of: name).map { $0.isEmpty ? 1 : 2 } ?? 0
            }
            shape |= state << (2 * UInt64(index))
        }
        return CompiledPages.Key(route: match.routeIndex, shape: shape)
    }

    /// Each value as text, in the order of `sources`: what the template is rendered with when the page is compiled
    /// or cannot be.
    var values: [String?] {
        sources.map { source in
            switch source {
            case .absent: nil
            case .link(let head, let hasTail, let end): String(decoding: head.raw + (hasTail ? Array(tail) : []) + end.raw, as: UTF8.self)
            case .parameter(let name): match.value(of: name)
            }
        }
    }

    /// The body of `page`, the page compiled for this one's shape: each value written from its source, escaped where
    /// it holds `<>&"'` and copied as it is where it does not.
    func body(of page: CompiledPage) -> ResponseBody {
        guard !sources.isEmpty else { return page.body(length: { _ in 0 }, write: { _, _ in }) }
        let tailLength = HTMLEscaping.escapedCount(tail)
        return page.body(
            length: { index in
                switch sources[index] {
                case .absent: 0
                case .link(let head, let hasTail, let end): head.escaped.count + (hasTail ? tailLength : 0) + end.escaped.count
                case .parameter(let name): match.value(of: name).map(HTMLEscaping.escapedCount) ?? 0
                }
            },
            write: { index, writer in
                switch sources[index] {
                case .absent: break
                case .link(let head, let hasTail, let end):
                    writer.write(head.escaped)
                    if hasTail { tailLength == tail.count ? writer.write(tail) : HTMLEscaping.write(bytes: tail, into: &writer) }
                    writer.write(end.escaped)
                case .parameter(let name):
                    if let value = match.value(of: name) { HTMLEscaping.write(value, into: &writer) }
                }
            })
    }
}
