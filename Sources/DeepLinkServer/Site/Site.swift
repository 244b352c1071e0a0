import DeepLinkAASA
public import DeepLinkConfig
public import DeepLinkRouting
import Foundation
public import MicroHTTP
import ServerPlatform

/// Everything the server answers from, built once per config load and swapped whole on reload, so a request
/// never sees a half-loaded config.
///
/// A class, not a struct, because every request takes the current site: one reference count instead of one per
/// part. Every property is a constant.
public final class Site: Sendable {
    /// The checked config.
    public let configuration: Configuration
    /// The AASA for each configured domain.
    let associationFiles: [String: CachedDocument]
    /// The one AASA every domain gets, when they all get the same bytes.
    let sharedAssociationFile: CachedDocument?
    /// `/.well-known/assetlinks.json` for each configured domain, when Android apps are configured.
    let assetLinksFiles: [String: CachedDocument]
    /// Landing-page templates.
    let pages: PageRenderer
    /// The API description, `Public/openapi.yaml`, when present.
    let openAPI: CachedDocument?
    /// Files under `/static/`.
    let assets: StaticAssets
    /// The error page for unknown paths, rendered once.
    let notFound: PreparedResponse
    /// How paths that may carry a secret appear in the access log.
    let loggedPaths: LoggedPath
    /// Landing pages and `/resolve` answers given so far, a cache per worker thread (the workers beyond their number
    /// share them).
    private let answerCaches: [AnswerCache]

    /// The route table.
    public var table: RouteTable { configuration.table }

    /// Loads the config at `configPath` and the templates and assets under `publicDirectory`, with caches for
    /// `workers` worker threads; `previous` is the site it replaces, if any (see `init(configuration:…)`).
    public convenience init(
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
    /// `previous` is the site this one replaces: a document with the same bytes keeps its `Last-Modified`, and one
    /// whose bytes changed gets a later one than any of the previous site's, so `If-Modified-Since` never answers
    /// 304 for changed bytes.
    public init(
        configuration: Configuration, publicDirectory: String, previous: Site? = nil, workers: Int = HTTPServer.Configuration.onlineProcessorCount
    ) throws(SiteError) {
        self.configuration = configuration
        let workers = max(1, workers)
        answerCaches = (0..<workers).map { _ in AnswerCache() }
        let table = configuration.table
        loggedPaths = LoggedPath(table: table)
        assets = try StaticAssets(directory: publicDirectory + "/static")
        pages = try PageRenderer(
            directory: publicDirectory + "/templates", landings: table.routes.compactMap(\.landing), assets: assets, workers: workers)
        let loadedAt = Self.modificationTime(after: previous?.latestModification)
        var files: [String: CachedDocument] = [:]
        let documents = configuration.documents
        for domain in documents.domains {
            guard let body = documents.appleAppSiteAssociation(for: domain) else { continue }
            files[domain] = try CachedDocument(
                body: body, contentType: "application/json", cacheControl: "public, max-age=300", modified: loadedAt,
                previous: previous?.associationFiles[domain])
        }
        associationFiles = files
        let distinct = Set(files.values.map(\.entityTag))
        sharedAssociationFile = distinct.count == 1 ? files.values.first : nil
        var links: [String: CachedDocument] = [:]
        for domain in documents.domains {
            guard let body = documents.assetLinks(for: domain) else { continue }
            links[domain] = try CachedDocument(
                body: body, contentType: "application/json", cacheControl: "public, max-age=300", modified: loadedAt,
                previous: previous?.assetLinksFiles[domain])
        }
        assetLinksFiles = links
        notFound = try Self.prepare(pages.errorPage(status: 404, appName: table.app.name))
        openAPI = try (try? FileSystem.contents(of: publicDirectory + "/openapi.yaml")).map { data throws(SiteError) in
            try CachedDocument(
                body: data, contentType: "application/yaml", cacheControl: "public, max-age=300", modified: loadedAt, previous: previous?.openAPI)
        }
    }

    /// The latest `Last-Modified` of the site's documents, in seconds since 1970.
    var latestModification: Int {
        ([sharedAssociationFile, openAPI].compactMap { $0?.modified } + associationFiles.values.map(\.modified) + assetLinksFiles.values.map(\.modified))
            .max() ?? 0
    }

    /// The current second, or the second after `previousModification` when that is not earlier: changed bytes
    /// always get a later `Last-Modified`, so `If-Modified-Since` never answers 304 for them. After several changes
    /// within one second the date runs ahead of the clock by a second or so; a client's `If-Modified-Since` in the
    /// future is ignored, so that costs a full response at worst, never a stale one.
    static func modificationTime(after previousModification: Int?) -> Int {
        max(HTTPDate.now, (previousModification ?? 0) + 1)
    }

    /// The answer cache of the worker thread numbered `worker`.
    func answerCache(worker: Int) -> AnswerCache {
        answerCaches[worker % answerCaches.count]
    }

    /// The AASA for `host` (a host name, as `HTTPRequest.hostName` gives it), or for the first domain when the host
    /// is not configured. When every domain has the same file (no route is scoped to one domain), the host is not
    /// even worked out.
    func associationFile(forHost host: @autoclosure () -> String?) -> CachedDocument? {
        if let sharedAssociationFile { return sharedAssociationFile }
        if let host = host(), let file = associationFiles[host] { return file }
        return table.domains.first.flatMap { associationFiles[$0] }
    }

    /// The `assetlinks.json` for `host` (as `associationFile(forHost:)` picks the AASA: the first domain's when the
    /// host is not configured), or nil when no Android app is configured.
    func assetLinks(forHost host: String?) -> CachedDocument? {
        if let host, let file = assetLinksFiles[host] { return file }
        return table.domains.first.flatMap { assetLinksFiles[$0] }
    }

    static func prepare(_ response: HTTPResponse) throws(SiteError) -> PreparedResponse {
        do {
            return try PreparedResponse(response)
        } catch {
            throw .response(error.description)
        }
    }
}
