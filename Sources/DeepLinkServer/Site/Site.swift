import DeepLinkAASA
package import DeepLinkConfig
package import DeepLinkRouting
package import DeepLinkWire
import Foundation
import MicroHTTP
import ServerPlatform

/// Everything the server answers from, built once per config load and swapped whole on reload, so a request
/// never sees a half-loaded config.
///
/// A class, not a struct, because every request takes the current site: one reference count instead of one per
/// part. Every property is a constant.
package final class Site: Sendable {
    /// The checked config.
    package let configuration: Configuration
    /// The AASA for each configured domain.
    let associationFiles: [String: CachedDocument]
    /// The one AASA every domain gets, when they all get the same bytes.
    let sharedAssociationFile: CachedDocument?
    /// `/.well-known/assetlinks.json` for each configured domain, when Android apps are configured.
    let assetLinksFiles: [String: CachedDocument]
    /// What the answers about the table share per route (link origins, `/resolve` pieces), worked out once per load.
    package let wire: WireTable
    /// Landing-page templates.
    let pages: PageRenderer
    /// Each route's landing page, by its index in the table; nil for a route without one.
    let landings: [LandingRoute?]
    /// The API description, `Public/openapi.yaml`, when present.
    let openAPI: CachedDocument?
    /// Files under `/static/`.
    let assets: StaticAssets
    /// The error page for unknown paths, rendered once.
    let notFound: PreparedResponse
    /// How paths that may carry a secret appear in the access log.
    let loggedPaths: LoggedPath
    /// Landing pages and `/resolve` answers given so far, a cache per worker thread.
    let answerCaches: PerWorker<AnswerCache>
    /// Landing pages compiled so far, a cache per worker thread.
    let compiledPages: PerWorker<CompiledPages>

    /// The route table.
    package var table: RouteTable { configuration.table }

    /// Loads the config at `configPath` and the templates and assets under `publicDirectory`, with caches for
    /// `workers` worker threads; `previous` is the site it replaces, if any (see `init(configuration:…)`).
    package convenience init(
        configPath: String, publicDirectory: String, previous: Site? = nil, workers: Int = HTTPServer.Configuration.onlineProcessorCount
    ) throws(SiteError) {
        let configuration: Configuration
        do {
            configuration = try Configuration(contentsOf: configPath)
        } catch {
            throw .configuration(error)
        }
        try self.init(configuration: configuration, publicDirectory: publicDirectory, previous: previous, workers: workers)
    }

    /// Builds a site from a checked config and the templates and assets under `publicDirectory`, with caches for
    /// `workers` worker threads.
    ///
    /// `previous` is the site this one replaces: a document with the same bytes keeps its `Last-Modified`; one whose
    /// bytes changed gets the current second, and `If-Modified-Since` never answers 304 for it with the date of
    /// earlier bytes (see `CachedDocument`).
    package init(
        configuration: Configuration, publicDirectory: String, previous: Site? = nil, workers: Int = HTTPServer.Configuration.onlineProcessorCount
    ) throws(SiteError) {
        self.configuration = configuration
        answerCaches = PerWorker(workers: workers) { AnswerCache() }
        compiledPages = PerWorker(workers: workers) { CompiledPages() }
        let table = configuration.table
        wire = WireTable(table)
        let androidPackage = configuration.android.first?.package
        let stores = configuration.stores
        landings = table.routes.indices.map { [wire] index in
            LandingRoute(
                route: index, in: wire, androidPackage: androidPackage, appStore: stores.appStore(forRoute: table.routes[index].name),
                openInAppDomain: configuration.openInAppDomain)
        }
        loggedPaths = LoggedPath(table: table)
        assets = try StaticAssets(directory: publicDirectory + "/static")
        pages = try PageRenderer(directory: publicDirectory + "/templates", landings: table.routes.compactMap(\.landing), assets: assets)
        let loadedAt = HTTPDate.now
        let documents = configuration.documents
        let files = try Self.documents(for: documents.domains, now: loadedAt, previous: previous?.associationFiles) {
            documents.appleAppSiteAssociation(for: $0)
        }
        associationFiles = files
        let distinct = Set(files.values.map(\.entityTag))
        sharedAssociationFile = distinct.count == 1 ? files.values.first : nil
        assetLinksFiles = try Self.documents(for: documents.domains, now: loadedAt, previous: previous?.assetLinksFiles) { documents.assetLinks(for: $0) }
        notFound = try Self.prepare(pages.errorPage(status: 404, appName: table.app.name))
        openAPI = try (try? FileSystem.contents(of: publicDirectory + "/openapi.yaml")).map { data throws(SiteError) in
            try CachedDocument(
                body: data, contentType: "application/yaml", cacheControl: "public, max-age=300", now: loadedAt, previous: previous?.openAPI)
        }
    }

    /// The configured domain `request` is answered for: the host its `Host` names when that is one of the table's
    /// domains, else the first domain; nil when the table has none. With one domain, the host is not even worked out.
    ///
    /// The request is passed, not its host in an autoclosure: such a closure holds a copy of the whole request,
    /// retained and released field by field on every request.
    func domain(of request: HTTPRequest) -> String? {
        let domains = table.domains
        guard let first = domains.first else { return nil }
        guard domains.count > 1, let host = request.hostName(among: domains) else { return first }
        return host
    }

    /// The AASA for `request`'s host, or for the first domain when the host is not configured (`domain(of:)`). When
    /// every domain has the same file (no route is scoped to one domain), the host is not even worked out.
    func associationFile(for request: HTTPRequest) -> CachedDocument? {
        if let sharedAssociationFile { return sharedAssociationFile }
        return domain(of: request).flatMap { associationFiles[$0] }
    }

    /// The `assetlinks.json` for `request`'s host (the first domain's when the host is not configured, as for the
    /// AASA), or nil when no Android app is configured.
    func assetLinks(for request: HTTPRequest) -> CachedDocument? {
        domain(of: request).flatMap { assetLinksFiles[$0] }
    }

    /// The JSON document `body` gives for each of `domains` (none for a domain it gives nil for), each keeping the
    /// `Last-Modified` of the same domain's document in `previous` when its bytes are the same.
    private static func documents(
        for domains: [String], now: Int, previous: [String: CachedDocument]?, body: (String) -> [UInt8]?
    ) throws(SiteError) -> [String: CachedDocument] {
        var files: [String: CachedDocument] = [:]
        for domain in domains {
            guard let bytes = body(domain) else { continue }
            files[domain] = try CachedDocument(
                body: bytes, contentType: "application/json", cacheControl: "public, max-age=300", now: now, previous: previous?[domain])
        }
        return files
    }

    static func prepare(_ response: HTTPResponse) throws(SiteError) -> PreparedResponse {
        do {
            return try PreparedResponse(response)
        } catch {
            throw .response(error.description)
        }
    }
}
