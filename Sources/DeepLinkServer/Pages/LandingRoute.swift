import DeepLinkBytes
import DeepLinkConfig
import DeepLinkRouting
import DeepLinkWire

/// A route's landing page as the site serves it: its template, what the route and config fix in its context, and
/// where each of its URL values comes from, worked out once when the site loads. The Smart App Banner, the links and
/// the ways out of in-app browsers are written here and nowhere else; a request fills them in with its match and its
/// browser (`withPage(of:in:browser:host:_:)`).
///
/// Secret routes expose no value from the URL: not in any meta tag, not in the Smart App Banner's `app-argument`, and
/// in the body only in one link the visitor must tap: the link out of an in-app browser, which hands the URL to
/// another browser, or elsewhere the Open in the app link to the same page on the other host (`OpenInAppLinks`); the
/// page is never stored, and sends no referrer.
///
/// A class with only constants, as `Route` is, so that a request takes it as one reference.
final class LandingRoute: Sendable {
    /// The template's name.
    let template: String
    /// What every page of the route shows, whatever its URL and browser: the app's name, the route's `minAppVersion`,
    /// and the Smart App Banner of a secret route (which names no link).
    let fixed: [String: String]
    /// Whether the route is `secret: true`.
    let isSecret: Bool
    /// Whether the page offers "Copy link, then install" (`copyLink: true`, never on a secret route): the one landing
    /// page that runs a script, the copy button's. Not on Android (`offersCopyLink(to:)`), where Google Play's install
    /// referrer carries the link and the app has no paste helper.
    let offersCopyLink: Bool
    /// A source for each URL value, in the order `context(values:)` takes them: the in-app browser, the way out of it,
    /// the Open in the app link when the route has one, the App Store and Google Play links, then (for a route that is
    /// not secret) the Smart App Banner, the canonical link, the app-scheme link, the link to copy when the route
    /// offers one, then each declared parameter.
    let sources: [LandingSource]
    /// The declared parameters' names, in the order of their sources.
    private let parameters: [String]
    /// Whether some value other than the way out of an in-app browser holds the link tail (as it is or percent-encoded).
    let linksUseTail: Bool
    /// The "Open in the app" button of a Universal-only route when the table names an `openInAppDomain` the route
    /// opens on: that host, and the same path and query on it and on the canonical host (`openInApp(onHost:)`).
    private let openInApp: OpenInAppLinks?
    /// The ways out of an in-app browser to the same page: `x-safari-https://…` on iOS, and on Android an
    /// `intent://…` link that opens the Android app when it is installed and the page in the browser when not
    /// (`S.browser_fallback_url`); nil when no domain opens the route.
    private let escapes: (iOS: LinkText, android: LinkText)?

    /// The landing page of the route at `index` in `wire`'s table, nil when it has none; `androidPackage` is the
    /// Android app an in-app browser's way out opens on Android and the Google Play button names, `appStore` what the
    /// App Store button names besides the app.
    init?(
        route index: Int, in wire: WireTable, androidPackage: String? = nil, appStore: AppStoreCampaign = AppStoreCampaign(),
        openInAppDomain: String? = nil
    ) {
        let table = wire.table
        let route = table.routes[index]
        guard let template = route.landing else { return nil }
        self.template = template
        isSecret = route.isSecret
        offersCopyLink = route.offersCopyLink && !route.isSecret
        parameters = route.isSecret ? [] : route.parameters.map(\.name)
        let origins = wire.linkOrigins(ofRoute: index)
        escapes = origins.universal.flatMap { Self.escapes(origin: $0, androidPackage: androidPackage) }
        openInApp = openInAppDomain.flatMap { OpenInAppLinks(route: route, origin: origins.universal, alternateHost: $0) }
        let escape: [LandingSource] = (escapes == nil ? [.absent, .absent] : [.inAppBrowser, .escape]) + (openInApp == nil ? [] : [.openInApp])
        // The banner's start, which every page of the table has; a page that is not secret adds its link.
        let banner = table.app.appStoreID.map { "app-id=" + $0 }
        var fixed = ["lang": "en", "appName": table.app.name, "route": route.name]
        fixed["minAppVersion"] = route.minAppVersion?.text
        let stores = Self.stores(of: route, origin: origins.universal, appStoreID: table.app.appStoreID, androidPackage: androidPackage, appStore: appStore)
        guard !route.isSecret else {
            fixed["smartAppBanner"] = banner
            (self.fixed, sources, linksUseTail) = (fixed, escape + stores, openInApp != nil)
            return
        }
        self.fixed = fixed
        let link = { (origin: String?) in origin.map { LandingSource.link(LinkText(head: PageText($0), hasTail: true)) } ?? .absent }
        let bannerSource = banner.map { banner in
            let appClip = route.isAppClip ? table.app.appClipBundleID : nil
            return LandingSource.link(
                LinkText(
                    head: PageText(banner + (origins.universal.map { ", app-argument=" + $0 } ?? "")), hasTail: origins.universal != nil,
                    end: PageText(appClip.map { ", app-clip-bundle-id=" + $0 + ", app-clip-display=card" } ?? "")))
        }
        let copy = offersCopyLink ? [origins.universal.map { LandingSource.copyLink(LinkText(head: PageText($0), hasTail: true)) } ?? .absent] : []
        sources =
            escape + stores + [bannerSource ?? .absent, link(origins.universal), link(origins.app)] + copy + parameters.map { .parameter($0) }
        linksUseTail =
            openInApp != nil
            || sources.contains { source in
                switch source {
                case .link(let link), .store(let link, _), .copyLink(let link): link.hasTail || link.hasEncodedTail
                default: false
                }
            }
    }

    /// The store buttons' sources: the App Store's page of the app, shown on iOS, and Google Play's page of the Android
    /// app, shown on Android, both elsewhere. Google Play's `referrer=` carries the canonical link (`origin`, then the
    /// link tail), which the app reads once after install (Play Install Referrer API), except on a secret route, whose
    /// link stays out of a store URL.
    private static func stores(
        of route: Route, origin: String?, appStoreID: String?, androidPackage: String?, appStore: AppStoreCampaign
    ) -> [LandingSource] {
        let apple = appStoreID.map { id in
            LandingSource.store(LinkText(head: PageText("https://apps.apple.com/app/id" + id + "?" + appStore.query), hasTail: false), platform: .iOS)
        }
        let google = androidPackage.map { package in
            let play = "https://play.google.com/store/apps/details?id=" + PercentEncoding.encoded(package)
            guard let origin, !route.isSecret else { return LandingSource.store(LinkText(head: PageText(play), hasTail: false), platform: .android) }
            let link = LinkText(head: PageText(play + "&referrer=" + PercentEncoding.encoded(origin)), hasTail: false, hasEncodedTail: true)
            return LandingSource.store(link, platform: .android)
        }
        return [apple ?? .absent, google ?? .absent]
    }

    /// The ways out of an in-app browser to the page whose canonical link starts with `origin` (`https://DOMAIN/`).
    private static func escapes(origin: String, androidPackage: String?) -> (iOS: LinkText, android: LinkText)? {
        guard origin.hasPrefix("https://") else { return nil }
        let intent = "#Intent;scheme=https;" + (androidPackage.map { "package=" + $0 + ";" } ?? "") + "S.browser_fallback_url="
        return (
            LinkText(head: PageText("x-safari-" + origin), hasTail: true),
            LinkText(
                head: PageText("intent://" + origin.dropFirst("https://".count)), hasTail: true,
                middle: PageText(intent + PercentEncoding.encoded(origin)), hasEncodedTail: true, end: PageText(";end"))
        )
    }

    /// The way out of an in-app browser on `platform`; nil when no domain opens the route.
    func escape(for platform: BrowserClass.Platform) -> LinkText? {
        escapes.map { platform == .iOS ? $0.iOS : $0.android }
    }

    /// Whether the page for `browser` shows "Copy link, then install" and runs its script: not on Android.
    func offersCopyLink(to browser: BrowserClass) -> Bool {
        offersCopyLink && browser.platform != .android
    }

    /// The "Open in the app" link of a page served on `host`; nil when the route's pages have none.
    func openInApp(onHost host: String) -> LinkText? {
        openInApp?.link(onHost: host)
    }

    /// Calls `body` with the page of `match` (a match of this route in `wire`'s table) for `browser`, served on `host`
    /// (a configured domain; the first when nil): the link tail is written once, in temporary memory, and only when a
    /// value holds it.
    func withPage<Result>(
        of match: RouteMatch, in wire: WireTable, browser: BrowserClass, host: String? = nil, _ body: (LandingPage) -> Result
    ) -> Result {
        let host = host ?? wire.table.domains.first ?? ""
        guard linksUseTail || (escapes != nil && browser.inApp != nil) else {
            return LandingPage.with(match: match, landing: self, browser: browser, host: host, tail: UnsafeBufferPointer(start: nil, count: 0), body)
        }
        return wire.withLinkTail(of: match) { tail in LandingPage.with(match: match, landing: self, browser: browser, host: host, tail: tail, body) }
    }

    /// The template context with `values` (in the order of `sources`) in the places of the URL's values.
    func context(values: [String?]) -> [String: Any] {
        var context: [String: Any] = fixed
        context["isSecret"] = isSecret
        guard values.count == sources.count else { return context }
        context["inAppBrowser"] = values[0]
        context["escapeURL"] = values[1]
        let shift = openInApp == nil ? 0 : 1
        if shift == 1 { context["openInAppURL"] = values[2] }
        context["appStoreURL"] = values[2 + shift]
        context["playStoreURL"] = values[3 + shift]
        guard !isSecret else { return context }
        context["smartAppBanner"] = values[4 + shift]
        context["canonicalURL"] = values[5 + shift]
        context["appURL"] = values[6 + shift]
        if offersCopyLink { context["copyLinkURL"] = values[7 + shift] }
        var named: [String: String] = [:]
        for (name, value) in zip(parameters, values.dropFirst(7 + shift + (offersCopyLink ? 1 : 0))) { named[name] = value }
        context["values"] = named
        return context
    }
}
