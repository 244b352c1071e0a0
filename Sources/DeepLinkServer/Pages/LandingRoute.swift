import DeepLinkRouting
import DeepLinkWire

/// A route's landing page as the site serves it: its template, what the route and config fix in its context, and
/// where each of its URL values comes from, worked out once when the site loads. The Smart App Banner and the links
/// are written here and nowhere else; a request fills them in with its match (`withPage(of:in:_:)`).
///
/// Secret routes expose no value from the URL: not in the body, not in any meta tag, not in the Smart App Banner's
/// `app-argument`.
///
/// A class with only constants, as `Route` is, so that a request takes it as one reference.
final class LandingRoute: Sendable {
    /// The template's name.
    let template: String
    /// What every page of the route shows, whatever its URL: the app's name, the App Store link, and the Smart App
    /// Banner of a secret route (which names no link).
    let fixed: [String: String]
    /// Whether the route is `secret: true`.
    let isSecret: Bool
    /// A source for each URL value, in the order `context(values:)` takes them: the Smart App Banner, the canonical
    /// link, the app-scheme link, then each declared parameter. None for a secret route.
    let sources: [LandingSource]
    /// The declared parameters' names, in the order of their sources.
    private let parameters: [String]
    /// Whether some value holds the link tail, which a request then writes once.
    let usesTail: Bool

    /// The landing page of the route at `index` in `wire`'s table, nil when it has none.
    init?(route index: Int, in wire: WireTable) {
        let table = wire.table
        let route = table.routes[index]
        guard let template = route.landing else { return nil }
        self.template = template
        isSecret = route.isSecret
        parameters = route.isSecret ? [] : route.parameters.map(\.name)
        // The banner's start, which every page of the table has; a page that is not secret adds its link.
        let banner = table.app.appStoreID.map { "app-id=" + $0 }
        var fixed = ["lang": "en", "appName": table.app.name, "route": route.name]
        fixed["appStoreURL"] = table.app.appStoreID.map { "https://apps.apple.com/app/id" + $0 }
        guard !route.isSecret else {
            fixed["smartAppBanner"] = banner
            (self.fixed, sources, usesTail) = (fixed, [], false)
            return
        }
        self.fixed = fixed
        let origins = wire.linkOrigins(ofRoute: index)
        let link = { (origin: String?) in origin.map { LandingSource.link(head: PageText($0), hasTail: true, end: PageText("")) } ?? .absent }
        let bannerSource = banner.map { banner in
            let appClip = route.isAppClip ? table.app.appClipBundleID : nil
            return LandingSource.link(
                head: PageText(banner + (origins.universal.map { ", app-argument=" + $0 } ?? "")), hasTail: origins.universal != nil,
                end: PageText(appClip.map { ", app-clip-bundle-id=" + $0 + ", app-clip-display=card" } ?? ""))
        }
        sources = [bannerSource ?? .absent, link(origins.universal), link(origins.app)] + parameters.map { .parameter($0) }
        usesTail = sources.contains { if case .link(_, true, _) = $0 { true } else { false } }
    }

    /// Calls `body` with the page of `match` (a match of this route in `wire`'s table): the link tail is written once,
    /// in temporary memory, and only when a value holds it.
    func withPage<Result>(of match: RouteMatch, in wire: WireTable, _ body: (LandingPage) -> Result) -> Result {
        guard usesTail else { return body(LandingPage(match: match, landing: self, tail: UnsafeBufferPointer(start: nil, count: 0))) }
        return wire.withLinkTail(of: match) { tail in body(LandingPage(match: match, landing: self, tail: tail)) }
    }

    /// The template context with `values` (in the order of `sources`) in the places of the URL's values.
    func context(values: [String?]) -> [String: Any] {
        var context: [String: Any] = fixed
        context["isSecret"] = isSecret
        guard !isSecret, values.count == sources.count else { return context }
        context["smartAppBanner"] = values[0]
        context["canonicalURL"] = values[1]
        context["appURL"] = values[2]
        var named: [String: String] = [:]
        for (name, value) in zip(parameters, values.dropFirst(3)) { named[name] = value }
        context["values"] = named
        return context
    }
}
