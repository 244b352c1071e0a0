import DeepLinkBytes
import DeepLinkRouting
import DeepLinkTemplates
import MicroHTTP

/// One landing page to write: a match of a route that has one, where each of its URL values comes from (the route's
/// `LandingRoute`), the browser it is for, and the match's link tail, written once in temporary memory (valid only
/// inside `LandingRoute.withPage(of:in:browser:host:_:)`). The banner, the links, the way out of an in-app browser and the
/// compiled page's key all come from this one value.
struct LandingPage {
    let match: RouteMatch
    /// The route's landing page, with the sources of its values.
    let landing: LandingRoute
    /// The class of the browser the page is for.
    let browser: BrowserClass
    /// The configured domain the page is served on.
    let host: String
    /// The path and query (percent-encoded) the canonical links write after their origin.
    let tail: UnsafeBufferPointer<UInt8>
    /// Each value, in the order of the route's sources, worked out once for the key, the sizing and the writing.
    private let resolved: UnsafeBufferPointer<Value>

    /// One value, from its source: none, a link around the tail, or text.
    fileprivate enum Value {
        case none
        case link(LinkText)
        case text(String)
    }

    /// Calls `body` with the page of `match` for `browser` on `host`, its values worked out from their sources into
    /// temporary memory, valid only inside `body`, as `tail` is.
    static func with<Result>(
        match: RouteMatch, landing: LandingRoute, browser: BrowserClass, host: String, tail: UnsafeBufferPointer<UInt8>,
        _ body: (LandingPage) -> Result
    ) -> Result {
        let sources = landing.sources
        return withUnsafeTemporaryAllocation(of: Value.self, capacity: sources.count) { values in
            let unresolved = LandingPage(
                match: match, landing: landing, browser: browser, host: host, tail: tail, resolved: UnsafeBufferPointer(start: nil, count: 0))
            for (index, source) in sources.enumerated() { values.initializeElement(at: index, to: unresolved.value(source)) }
            defer { _ = values.deinitialize() }
            return body(
                LandingPage(match: match, landing: landing, browser: browser, host: host, tail: tail, resolved: UnsafeBufferPointer(values)))
        }
    }

    private func value(_ source: LandingSource) -> Value {
        switch source {
        case .absent: .none
        case .link(let link): .link(link)
        case .parameter(let name): match.value(of: name).map(Value.text) ?? .none
        case .inAppBrowser: browser.inApp.map { .text($0.browser.name) } ?? .none
        case .escape: browser.inApp.flatMap { landing.escape(for: $0.platform) }.map(Value.link) ?? .none
        case .store(let link, let platform): browser.platform == nil || browser.platform == platform ? .link(link) : .none
        case .openInApp: browser.inApp == nil ? landing.openInApp(onHost: host).map(Value.link) ?? .none : .none
        case .copyLink(let link): browser.platform == .android ? .none : .link(link)
        }
    }

    /// The key of the page compiled for the shape of these values: the route, and for each value whether it is
    /// absent, empty or not (two bits a value); nil when there are too many values for the shape to hold.
    var key: CompiledPages.Key? {
        guard resolved.count <= 32 else { return nil }
        var shape: UInt64 = 0
        for (index, value) in resolved.enumerated() {
            let state: UInt64
            switch value {
            case .none: state = 0
            case .link(let link): state = link.isEmpty(tail: tail) ? 1 : 2
            case .text(let text): state = text.isEmpty ? 1 : 2
            }
            shape |= state << (2 * UInt64(index))
        }
        return CompiledPages.Key(route: match.routeIndex, shape: shape)
    }

    /// Each value as text, in the order of `sources`: what the template is rendered with when the page is compiled
    /// or cannot be.
    var values: [String?] {
        resolved.map { value in
            switch value {
            case .none: nil
            case .link(let link): link.text(tail: tail)
            case .text(let text): text
            }
        }
    }

    /// The body of `page`, the page compiled for this one's shape: each value written from its source, escaped where
    /// it holds `<>&"'` and copied as it is where it does not.
    func body(of page: CompiledPage) -> ResponseBody {
        // The closures read these locals, not `self`: a closure that reads a property captures a copy of the whole
        // page (its match, its strings), retained and released on every request.
        let resolved = resolved, tail = tail
        let escapedTail = HTMLEscaping.escapedCount(tail)
        let encodedTail = LinkText.encodedCount(tail)
        return page.body(
            valueCount: resolved.count,
            bound: { index in
                switch resolved[index] {
                case .none: 0
                case .link(let link): link.escapedCount(escapedTail: escapedTail, encodedTail: encodedTail)
                case .text(let text): 6 * text.utf8.count
                }
            },
            write: { index, writer in
                switch resolved[index] {
                case .none: break
                case .link(let link): link.write(into: &writer, tail: tail, isPlain: escapedTail == tail.count)
                case .text(let text): HTMLEscaping.write(text, into: &writer)
                }
            })
    }
}
