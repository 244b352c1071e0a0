import DeepLinkConfig
import MicroHTTP
import ServerPlatform

/// The files under `Public/static`, read into memory at load and served under `/static/` with long cache
/// lifetimes. Serving is a dictionary lookup of the raw request path, so `..`, `%2e%2e`, absolute paths and
/// symlinks that point outside the directory (skipped at load) can never reach the file system.
///
/// Pages link to assets as `/static/NAME?v=FINGERPRINT`, so a changed file gets a new URL and the year-long
/// `immutable` lifetime never serves a stale stylesheet after a reload. Only that exact URL is `immutable`: with
/// no `v`, or any other, the answer may be cached for five minutes only, since the next release's fingerprint can
/// be computed in advance and a CDN must not be made to keep today's bytes under tomorrow's URL.
///
/// Every asset carries `Content-Security-Policy: default-src 'none'`: an SVG opened as a page of its own runs no
/// script and loads nothing.
struct StaticAssets: Sendable {
    /// The URL prefix (`Endpoint`'s table has it).
    static let prefix = Endpoint.assetPrefix.description
    /// Each file's answer for its versioned URL (`immutable`) and for any other (short-lived), by request path.
    private let files: [String: (versioned: PreparedResponse, unversioned: PreparedResponse)]
    private let fingerprints: [String: String]

    /// The request paths served, sorted.
    var paths: [String] { files.keys.sorted() }

    init(directory: String) throws(SiteError) {
        guard let root = FileSystem.canonicalPath(directory), let names = FileSystem.entries(of: root) else {
            throw .asset("cannot read the static assets directory \(directory)")
        }
        var files: [String: (versioned: PreparedResponse, unversioned: PreparedResponse)] = [:]
        var fingerprints: [String: String] = [:]
        for name in names where !name.hasPrefix(".") {
            let fileExtension = name.lastIndex(of: ".").map { String(name[name.index(after: $0)...]).lowercased() } ?? ""
            guard let real = FileSystem.canonicalPath(root + "/" + name), real.hasPrefix(root + "/"), FileSystem.isRegularFile(real),
                let contentType = Self.contentTypes[fileExtension], let data = try? FileSystem.contents(of: real)
            else { continue }
            func response(cacheControl: String) throws(SiteError) -> PreparedResponse {
                var headers = HTTPHeaders()
                headers.add(name: "Content-Type", value: contentType)
                headers.add(name: "Cache-Control", value: cacheControl)
                headers.add(name: "X-Content-Type-Options", value: "nosniff")
                headers.add(name: "Content-Security-Policy", value: "default-src 'none'")
                return try Site.prepare(HTTPResponse(status: 200, headers: headers, body: data))
            }
            files[Self.prefix + name] = (
                try response(cacheControl: "public, max-age=31536000, immutable"), try response(cacheControl: "public, max-age=300")
            )
            fingerprints[name] = CachedDocument.fingerprint(data)
        }
        self.files = files
        self.fingerprints = fingerprints
    }

    /// The URL pages use for `name`: versioned by content when the file exists.
    func url(for name: String) -> String {
        Self.prefix + name + (fingerprints[name].map { "?v=" + $0 } ?? "")
    }

    /// The response for a raw request path and query, or nil: `immutable` only for the query `v=` and the file's
    /// current fingerprint.
    func response(for path: Substring, query: String?) -> PreparedResponse? {
        guard let file = files[String(path)] else { return nil }
        let name = path.dropFirst(Self.prefix.count)
        return query == fingerprints[String(name)].map({ "v=" + $0 }) ? file.versioned : file.unversioned
    }

    private static let contentTypes = [
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml", "png": "image/png", "ico": "image/x-icon",
        "txt": "text/plain; charset=utf-8", "woff2": "font/woff2",
    ]
}
