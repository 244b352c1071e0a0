import Foundation
import MicroHTTP
import Mustache

/// Renders landing and error pages from the Mustache templates in `Public/templates`; HTML-escapes every value,
/// byte by byte (`HTMLEscaping`), in every template.
struct PageRenderer: Sendable {
    private let library: MustacheLibrary
    /// Values every page sees: the versioned stylesheet and icon URLs.
    private let common: [String: String]

    /// Loads every `*.mustache` file in `directory`; each landing named by the table must have one.
    init(directory: String, landings: [String], assets: StaticAssets) throws(SiteError) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            throw .template("cannot read the templates directory \(directory)")
        }
        HTMLEscaping.register()
        var library = MustacheLibrary()
        for name in names.sorted() where name.hasSuffix(".mustache") {
            let path = directory + "/" + name
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw .template("cannot read \(path)") }
            do {
                try library.register(HTMLEscaping.pragma + text, named: String(name.dropLast(".mustache".count)))
            } catch {
                throw .template("\(path): invalid template: \(error)")
            }
        }
        for required in Set(landings + ["layout", "error"]).sorted() where library.getTemplate(named: required) == nil {
            throw .template("\(directory)/\(required).mustache is missing")
        }
        self.library = library
        common = ["stylesheet": assets.url(for: "deeplinkd.css"), "icon": assets.url(for: "icon.svg")]
    }

    /// The HTML of `template` with `page` as its context.
    func render(_ template: String, _ page: [String: Any]) -> String {
        library.render(page.merging(common) { mine, _ in mine }, withTemplate: template) ?? ""
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

/// Headers for HTML pages.
enum PageHeaders {
    /// No script at all, nothing from elsewhere; forms post only here.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'; img-src 'self' data:"

    /// The headers of an HTML page; secret pages are never stored, indexed or leaked through the referrer.
    static func html(isSecret: Bool) -> HTTPHeaders {
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
