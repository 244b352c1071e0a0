import DeepLinkRouting
import DeepLinkTemplates
import MicroHTTP
import ServerPlatform

/// Renders landing and error pages from the Mustache templates in `Public/templates`; HTML-escapes every value,
/// byte by byte (`HTMLEscaping`), in every template.
struct PageRenderer: Sendable {
    private let library: TemplateLibrary
    /// Values every page sees: the versioned stylesheet, icon and copy-button script URLs.
    private let common: [String: String]

    /// Loads every `*.mustache` file in `directory`, once `TemplateLoader` has proven the set renderable; each
    /// landing named by the table must have one.
    init(directory: String, landings: [String], assets: StaticAssets) throws(SiteError) {
        let (library, problems) = TemplateLoader.load(directory: directory, expecting: LandingTemplates.expected(landings: landings))
        guard let library, problems.isEmpty else {
            throw .template(problems.map(\.description).joined(separator: "\n"))
        }
        self.library = library
        common = [
            "stylesheet": assets.url(for: "deeplinkd.css"), "icon": assets.url(for: "icon.svg"), "copyLinkScript": assets.url(for: "copy-link.js"),
        ]
    }

    /// The HTML of `template` with `page` as its context.
    func render(_ template: String, _ page: [String: Any]) -> String {
        library.render(page.merging(common) { mine, _ in mine }, withTemplate: template) ?? ""
    }

    /// The body of `page`, a page of `landing`: written in one pass into the body sent, from the page compiled for
    /// the shape of its values (see `CompiledPage`), which the first page of that shape compiles into `compiled`;
    /// rendered in full when the template does not allow compiling.
    func body(of page: LandingPage, _ landing: LandingRoute, compiled: CompiledPages) -> ResponseBody {
        guard let key = page.key else { return .copying(render(landing, values: page.values)) }
        if let compiledPage = compiled.existingPage(for: key) { return page.body(of: compiledPage) }
        let values = page.values
        let compiledPage = compiled.page(for: key) { CompiledPage.compile(values) { render(landing, values: $0) } }
        return compiledPage.map(page.body(of:)) ?? .copying(render(landing, values: values))
    }

    /// The HTML of `landing`'s page with `values` (in the order of its sources) as the URL's values.
    func render(_ landing: LandingRoute, values: [String?]) -> [UInt8] {
        Array(render(landing.template, landing.context(values: values)).utf8)
    }

    /// An error page response, with the headers every HTML page carries and no caching.
    func errorPage(status: Int, appName: String) -> HTTPResponse {
        let title = status == 404 ? "Link not found" : "Method not allowed"
        let message =
            status == 404
            ? "This link is not one \(appName) knows. Check that it was copied completely, or open \(appName) and try again from there."
            : "This address only answers GET and HEAD requests."
        let html = render("error", ["lang": "en", "appName": appName, "title": title, "message": message, "status": status])
        return HTTPResponse(status: status, headers: PageHeaders.html(isSecret: true), body: html)
    }
}
