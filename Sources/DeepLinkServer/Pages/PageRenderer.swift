import DeepLinkRouting
import MicroHTTP
import ServerPlatform

/// Renders landing and error pages from the Mustache templates in `Public/templates`; HTML-escapes every value,
/// byte by byte (`HTMLEscaping`), in every template.
struct PageRenderer: Sendable {
    private let library: TemplateLibrary
    /// Values every page sees: the versioned stylesheet and icon URLs.
    private let common: [String: String]
    /// Landing pages compiled so far, a cache per worker thread (the workers beyond their number share them), so
    /// workers never contend for one.
    let compiled: [CompiledPages]

    /// Loads every `*.mustache` file in `directory`, once `TemplateLoader` has proven the set renderable; each
    /// landing named by the table must have one. Keeps a cache of compiled pages for each of `workers` worker threads
    /// (at least one).
    init(directory: String, landings: [String], assets: StaticAssets, workers: Int) throws(SiteError) {
        compiled = (0..<workers).map { _ in CompiledPages() }
        let (library, problems) = TemplateLoader.load(directory: directory, landings: landings)
        guard let library, problems.isEmpty else {
            throw .template(problems.map(\.description).joined(separator: "\n"))
        }
        self.library = library
        common = ["stylesheet": assets.url(for: "deeplinkd.css"), "icon": assets.url(for: "icon.svg")]
    }

    /// The HTML of `template` with `page` as its context.
    func render(_ template: String, _ page: [String: Any]) -> String {
        library.render(page.merging(common) { mine, _ in mine }, withTemplate: template) ?? ""
    }

    /// The HTML of a landing page, from its compiled form when the template allows (see `CompiledPage`):
    /// the same bytes as `render(template, page.context)`. `worker` picks the cache of compiled pages to use.
    func render(landing template: String, _ page: LandingPage, worker: Int = 0) -> [UInt8] {
        let values = page.urlValues
        let key = CompiledPages.Key(route: page.match.routeIndex, values: values)
        let pages = compiled[worker % compiled.count]
        if let key, let compiledPage = pages.existingPage(for: key) { return compiledPage.page.fill(values) }
        let renderFully = { (values: [String?]) in Array(render(template, page.context(values)).utf8) }
        guard let key else { return renderFully(values) }
        let compiledPage = pages.page(for: key) {
            CompiledPage.compile(values, render: renderFully).map { ($0, LandingValues(wire: page.wire, route: page.match.routeIndex)) }
        }
        return compiledPage?.page.fill(values) ?? renderFully(values)
    }

    /// The body of a landing page, the same bytes as `render(landing:_:worker:)`: written in one pass into the
    /// body sent, with no string built, once the worker has compiled the page for the shape of its values; by
    /// `render(landing:_:worker:)` the first time.
    func body(landing template: String, _ page: LandingPage, worker: Int = 0) -> ResponseBody {
        if let key = LandingValues.key(for: page.match, in: page.wire), let compiledPage = compiled[worker % compiled.count].existingPage(for: key) {
            return compiledPage.values.body(of: compiledPage.page, for: page.match, in: page.wire)
        }
        return .copying(render(landing: template, page, worker: worker))
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
