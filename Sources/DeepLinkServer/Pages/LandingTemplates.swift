package import DeepLinkTemplates

/// The template set a site's pages need (`Public/templates`): the landing page of every route that names one, the
/// page of unknown links (`error`) and the layout they share, each page proven to render with values of the shape
/// it will see.
package enum LandingTemplates {
    /// The problems of the templates in `directory` for a table whose routes name `landings`; empty when the set
    /// loads.
    package static func problems(inDirectory directory: String, landings: [String]) -> [TemplateProblem] {
        TemplateLoader.load(directory: directory, expecting: expected(landings: landings)).problems
    }

    /// The templates a table whose routes name `landings` needs, each with what it is for and its sample values.
    static func expected(landings: [String]) -> [TemplateLoader.Expected] {
        Set(landings + ["layout", "error"]).sorted().map { name in
            switch name {
            case "layout": TemplateLoader.Expected(name, purpose: "the pages' layout", sample: landings.contains(name) ? sampleContext(name) : nil)
            case "error": TemplateLoader.Expected(name, purpose: "the page of unknown links", sample: sampleContext(name))
            default: TemplateLoader.Expected(name, purpose: "a route's landing page", sample: sampleContext(name))
            }
        }
    }

    /// Values of the shape a page sees (`LandingRoute.context(values:)`, `PageRenderer.errorPage`), with every key
    /// set.
    static func sampleContext(_ page: String) -> [String: Any] {
        var context: [String: Any] = [
            "lang": "en", "appName": "Sample <App> & \"Co\"", "route": page, "isSecret": false,
            "appStoreURL": "https://apps.apple.com/app/id1?mt=8",
            "playStoreURL": "https://play.google.com/store/apps/details?id=com.example&referrer=https%3A%2F%2Flinks.example.com%2Fx%2F1",
            "smartAppBanner": "app-id=1, app-argument=https://links.example.com/x/1",
            "canonicalURL": "https://links.example.com/x/1?q=a&b='c'", "appURL": "sample://x/1",
            "values": ["id": "1", "code": "a\"b", "token": "t<o>k"], "inAppBrowser": "Insta<gram>",
            "escapeURL": "x-safari-https://links.example.com/x/1?q=a&b='c'", "openInAppURL": "https://open.links.example.com/x/1?q=a&b='c'",
            "minAppVersion": "2.3",
            "stylesheet": "/static/deeplinkd.css?v=1", "icon": "/static/icon.svg?v=1", "copyLinkScript": "/static/copy-link.js?v=1",
            "copyLinkURL": "https://links.example.com/x/1?q=a&b='c'",
        ]
        if page == "error" {
            context["title"] = "Link not found"
            context["message"] = "This link is not one Sample knows."
            context["status"] = 404
        }
        return context
    }
}
