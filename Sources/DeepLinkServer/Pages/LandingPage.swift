import DeepLinkRouting
import DeepLinkWire

/// The values a landing template sees. Secret routes expose no value from the URL: not in the body, not in any
/// meta tag, not in the Smart App Banner's `app-argument`.
///
/// The context is split in two: what the route and config fix, and the values taken from the URL
/// (`urlValues`), so a page can be compiled once per route with placeholders in the URL's places
/// (`CompiledPage`) and filled per request.
struct LandingPage {
    /// The table the match comes from, with what its pages share per route.
    let wire: WireTable
    let match: RouteMatch

    /// The table the match comes from.
    var table: RouteTable { wire.table }

    /// The template context.
    var context: [String: Any] { context(urlValues) }

    /// The values taken from the URL, in a fixed order for the route: the Smart App Banner, the canonical URL,
    /// the app-scheme URL, then each declared parameter; nil where the page has none. Empty for secret routes.
    var urlValues: [String?] {
        let route = match.route
        guard !route.isSecret else { return [] }
        let links = table.links(for: match)
        let banner = table.app.appStoreID.map { storeID in
            var banner = "app-id="
            banner.reserveCapacity(32 + storeID.utf8.count + (links.universal?.utf8.count ?? 0))
            banner += storeID
            if let universal = links.universal {
                banner += ", app-argument="
                banner += universal
            }
            if route.isAppClip, let appClip = table.app.appClipBundleID {
                banner += ", app-clip-bundle-id=" + appClip + ", app-clip-display=card"
            }
            return banner
        }
        var values: [String?] = []
        values.reserveCapacity(3 + route.parameters.count)
        values += [banner, links.universal, links.app]
        for parameter in route.parameters { values.append(match.value(of: parameter.name)) }
        return values
    }

    /// The template context with `urlValues` (in the order of `urlValues`) in the places of the URL's values.
    func context(_ urlValues: [String?]) -> [String: Any] {
        let route = match.route
        var context: [String: Any] = [
            "lang": "en",
            "appName": table.app.name,
            "route": route.name,
            "isSecret": route.isSecret,
        ]
        if let storeID = table.app.appStoreID {
            context["appStoreURL"] = "https://apps.apple.com/app/id\(storeID)"
            context["smartAppBanner"] = "app-id=\(storeID)"
        }
        guard !route.isSecret, urlValues.count == 3 + route.parameters.count else { return context }
        context["smartAppBanner"] = urlValues[0]
        context["canonicalURL"] = urlValues[1]
        context["appURL"] = urlValues[2]
        var values: [String: String] = [:]
        for (parameter, value) in zip(route.parameters, urlValues.dropFirst(3)) { values[parameter.name] = value }
        context["values"] = values
        return context
    }
}
