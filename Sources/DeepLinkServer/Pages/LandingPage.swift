import DeepLinkRouting

/// The values a landing template sees. Secret routes expose no value from the URL: not in the body, not in any
/// meta tag, not in the Smart App Banner's `app-argument`.
struct LandingPage {
    let table: RouteTable
    let match: RouteMatch

    /// The template context.
    var context: [String: Any] {
        let route = match.route
        let links = table.links(for: match)
        var context: [String: Any] = [
            "lang": "en",
            "appName": table.app.name,
            "route": route.name,
            "isSecret": route.isSecret,
        ]
        if let storeID = table.app.appStoreID {
            context["appStoreURL"] = "https://apps.apple.com/app/id\(storeID)"
            let argument = route.isSecret ? "" : links.universal.map { ", app-argument=\($0)" } ?? ""
            context["smartAppBanner"] = "app-id=\(storeID)\(argument)"
        }
        guard !route.isSecret else { return context }
        context["values"] = Dictionary(uniqueKeysWithValues: match.parameters.map { ($0.name, $0.value) })
        context["canonicalURL"] = links.universal
        context["appURL"] = links.app
        return context
    }
}
