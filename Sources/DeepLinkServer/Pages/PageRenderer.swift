import DeepLinkRouting
import MicroHTTP
import Mustache
import ServerPlatform

/// Renders landing and error pages from the Mustache templates in `Public/templates`; HTML-escapes every value,
/// byte by byte (`HTMLEscaping`), in every template.
struct PageRenderer: Sendable {
    private let library: MustacheLibrary
    /// Values every page sees: the versioned stylesheet and icon URLs.
    private let common: [String: String]
    /// Landing pages compiled so far, a cache per worker thread (the workers beyond their number share them), so
    /// workers never contend for one.
    private let compiled: [CompiledPages]

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
        if let key, let compiledPage = pages.existingPage(for: key) { return compiledPage.fill(values) }
        let renderFully = { (values: [String?]) in Array(render(template, page.context(values)).utf8) }
        guard let key else { return renderFully(values) }
        let compiledPage = pages.page(for: key) { CompiledPage.compile(values, render: renderFully) }
        return compiledPage?.fill(values) ?? renderFully(values)
    }

    /// Whether a worker has compiled the page of the route at `route` (its index in the table) for URL values of the
    /// shape of `values` (the first request of that shape on a worker compiles it).
    func isCompiled(route: Int, values: [String?]) -> Bool {
        guard let key = CompiledPages.Key(route: route, values: values) else { return false }
        return compiled.contains { $0.existingPage(for: key) != nil }
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

/// The landing pages compiled so far, by route and shape; made on first use, at most `capacity` of them. A site
/// has its own, so a reload starts afresh with the new templates.
final class CompiledPages: Sendable {
    static let capacity = 1024

    /// A route (its index in the table) and the shape of its URL values: two bits per value (absent, empty, other).
    struct Key: Hashable {
        let route: Int
        let shape: UInt64

        /// The key of `values`, or nil when there are too many values for the shape to hold.
        init?(route: Int, values: [String?]) {
            guard values.count <= 32 else { return nil }
            var shape: UInt64 = 0
            for (index, value) in values.enumerated() {
                let state: UInt64 = value == nil ? 0 : value?.isEmpty == true ? 1 : 2
                shape |= state << (2 * UInt64(index))
            }
            self.route = route
            self.shape = shape
        }
    }

    /// Compiled pages, and nil for shapes whose page cannot be compiled.
    private let pages = PThreadMutex<[Key: CompiledPage?]>([:])

    /// The compiled page of `key` if it was compiled.
    func existingPage(for key: Key) -> CompiledPage? {
        pages.withLock { $0[key] ?? nil }
    }

    /// The compiled page of `key`, compiling it with `compile` the first time; nil when it cannot be compiled
    /// or the cache is full.
    func page(for key: Key, compile: () -> CompiledPage?) -> CompiledPage? {
        if let known = pages.withLock({ $0[key] }) { return known }
        let page = compile()
        pages.withLock { pages in
            if pages.count < Self.capacity { pages[key] = page }
        }
        return page
    }
}

/// Headers for HTML pages.
enum PageHeaders {
    /// No script at all, nothing from elsewhere; forms post only here.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'; img-src 'self' data:"

    /// The headers of an HTML page; secret pages are never stored, indexed or leaked through the referrer.
    static func html(isSecret: Bool) -> HTTPHeaders {
        isSecret ? secretPage : page
    }

    private static let page = headers(isSecret: false)
    private static let secretPage = headers(isSecret: true)

    private static func headers(isSecret: Bool) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
        headers.add(name: "Content-Security-Policy", value: contentSecurityPolicy)
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        headers.add(name: "X-Frame-Options", value: "DENY")
        if isSecret {
            headers.add(name: "Cache-Control", value: "no-store")
            headers.add(name: "Referrer-Policy", value: "no-referrer")
            headers.add(name: "X-Robots-Tag", value: "noindex, nofollow")
        } else {
            headers.add(name: "Cache-Control", value: "public, max-age=300")
            headers.add(name: "Referrer-Policy", value: "strict-origin-when-cross-origin")
        }
        return headers
    }
}
