import DeepLinkAASA
import DeepLinkBytes
import DeepLinkConfig
import DeepLinkRouting
import DeepLinkTemplates
import DeepLinkWire
import MicroHTTP

@testable import DeepLinkServer

// The ways a landing page's body was written before it had one, kept as oracles the product path is compared with:
// the values built as strings from the routing core's links, the page filled into an array, the key read from the
// values, and the template rendered in full.

extension CompiledPage {
    /// The page for `values`: the literal runs joined with each value HTML-escaped, written into one array sized for
    /// the worst case.
    func fill(_ values: [String?]) -> [UInt8] {
        var capacity = text.count
        for slot in slots {
            if let value = slot.value { capacity += 6 * (values[value]?.utf8.count ?? 0) }
        }
        return text.withUnsafeBufferPointer { text in
            [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                var writer = ByteWriter(buffer)
                var offset = 0
                for (length, value) in slots {
                    writer.write(UnsafeBufferPointer(rebasing: text[offset..<offset + length]))
                    offset += length
                    if let value { HTMLEscaping.write(values[value] ?? "", into: &writer) }
                }
                count = writer.count
            }
        }
    }

    /// The page for `values` as the product writes it (`body(valueCount:bound:write:)`), each value escaped.
    func written(_ values: [String?]) -> [UInt8] {
        body(valueCount: values.count, bound: { 6 * (values[$0]?.utf8.count ?? 0) }, write: { HTMLEscaping.write(values[$0] ?? "", into: &$1) })
            .bytes
    }

    /// The page as literal runs and values, in order.
    var pieces: [Piece] {
        var pieces: [Piece] = []
        var offset = 0
        for (length, value) in slots {
            if length > 0 { pieces.append(.text(Array(text[offset..<offset + length]))) }
            offset += length
            if let value { pieces.append(.value(value)) }
        }
        return pieces
    }
}

extension CompiledPage: Equatable {
    static func == (left: CompiledPage, right: CompiledPage) -> Bool { left.pieces == right.pieces }
}

extension CompiledPages.Key {
    /// The key of `values` read from the values themselves (two bits a value: absent, empty, other), or nil when
    /// there are too many of them.
    init?(route: Int, values: [String?]) {
        guard values.count <= 32 else { return nil }
        var shape: UInt64 = 0
        for (index, value) in values.enumerated() {
            let state: UInt64 = value == nil ? 0 : value?.isEmpty == true ? 1 : 2
            shape |= state << (2 * UInt64(index))
        }
        self.init(route: route, shape: shape)
    }
}

enum LandingOracle {
    /// The URL values of `match`'s page for `browser` built as strings from the routing core's links: the in-app
    /// browser's name and the way out of it, the App Store URL and the Google Play URL with the canonical URL as its
    /// referrer, then (for a route that is not secret) the Smart App Banner, the canonical URL, the app-scheme URL,
    /// the URL to copy when the route offers one, then each declared parameter.
    static func values(of match: RouteMatch, in site: Site, browser: BrowserClass = .ordinary) -> [String?] {
        let table = site.table
        let route = match.route
        let links = table.links(for: match)
        let escape = browser.inApp.flatMap { inApp in
            links.universal.map { universal in
                guard inApp.platform == .android else { return "x-safari-" + universal }
                let package = site.configuration.android.first.map { "package=" + $0.package + ";" } ?? ""
                return "intent://" + universal.dropFirst("https://".count) + "#Intent;scheme=https;" + package + "S.browser_fallback_url="
                    + PercentEncoding.encoded(universal) + ";end"
            }
        }
        let inApp = [escape == nil ? nil : browser.inApp?.browser.name, escape] + openInApp(of: match, in: site, browser: browser)
        // Each store's button for its own phone, both for any other browser.
        let appStore = table.app.appStoreID.map { storeID in
            "https://apps.apple.com/app/id" + storeID + "?" + site.configuration.stores.appStore(forRoute: route.name).query
        }
        let play = site.configuration.android.first.map { app in
            let referrer = route.isSecret ? nil : links.universal.map { "&referrer=" + PercentEncoding.encoded($0) }
            return "https://play.google.com/store/apps/details?id=" + app.package + (referrer ?? "")
        }
        let stores = [browser.platform == .android ? nil : appStore, browser.platform == .iOS ? nil : play]
        guard !route.isSecret else { return inApp + stores }
        let banner = table.app.appStoreID.map { storeID in
            var banner = "app-id=" + storeID
            if let universal = links.universal { banner += ", app-argument=" + universal }
            if route.isAppClip, let appClip = table.app.appClipBundleID { banner += ", app-clip-bundle-id=" + appClip + ", app-clip-display=card" }
            return banner
        }
        // The link to copy before installing, on routes that offer it, except on Android.
        let copy = route.offersCopyLink ? [browser.platform == .android ? nil : links.universal] : []
        return inApp + stores + [banner, links.universal, links.app] + copy + route.parameters.map { match.value(of: $0.name) }
    }

    /// The Open in the app value of a page on the first domain: none when the route has no such button (a custom scheme,
    /// no `openInAppDomain`, or one it does not open on), the same path and query on that host outside an in-app browser.
    static func openInApp(of match: RouteMatch, in site: Site, browser: BrowserClass) -> [String?] {
        let links = site.table.links(for: match)
        guard let host = site.configuration.openInAppDomain, links.app == nil, let universal = links.universal,
            !universal.hasPrefix("https://\(host)/"), match.route.scopes.contains(where: { $0 == .anyUniversal || $0 == .universal(host: host) })
        else { return [] }
        guard browser.inApp == nil else { return [nil] }
        return ["https://" + host + String(universal.dropFirst("https://".count).drop { $0 != "/" })]
    }

    /// The page of `match` for `browser` rendered in full by the template, with the values built as strings.
    static func rendered(_ match: RouteMatch, site: Site, browser: BrowserClass = .ordinary) -> String {
        guard let landing = site.landings[match.routeIndex] else { return "" }
        return String(decoding: site.pages.render(landing, values: values(of: match, in: site, browser: browser)), as: UTF8.self)
    }

    /// Whether a worker has compiled the page of `match`'s shape for `browser`.
    static func isCompiled(_ match: RouteMatch, site: Site, browser: BrowserClass = .ordinary) -> Bool {
        guard let key = CompiledPages.Key(route: match.routeIndex, values: values(of: match, in: site, browser: browser)) else { return false }
        return site.compiledPages.all.contains { $0.existingPage(for: key) != nil }
    }

    /// What `body` gives for the page of `match`.
    static func withPage<Result>(_ match: RouteMatch, site: Site, browser: BrowserClass = .ordinary, _ body: (LandingPage) -> Result) -> Result? {
        site.landings[match.routeIndex].map { $0.withPage(of: match, in: site.wire, browser: browser, body) }
    }
}
