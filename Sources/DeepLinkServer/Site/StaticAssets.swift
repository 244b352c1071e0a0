import DeepLinkConfig
import MicroHTTP

/// The files under `Public/static`, read into memory at load and served under `/static/` with long cache
/// lifetimes. Serving is a dictionary lookup of the raw request path, so `..`, `%2e%2e`, absolute paths and
/// symlinks that point outside the directory (skipped at load) can never reach the file system.
///
/// Pages link to assets as `/static/NAME?v=FINGERPRINT`, so a changed file gets a new URL and the year-long
/// `immutable` lifetime never serves a stale stylesheet after a reload.
struct StaticAssets: Sendable {
    /// The URL prefix.
    static let prefix = "/static/"
    private let files: [String: PreparedResponse]
    private let fingerprints: [String: String]

    /// The request paths served, sorted.
    var paths: [String] { files.keys.sorted() }

    init(directory: String) throws(SiteError) {
        guard let root = FileSystem.canonicalPath(directory), let names = FileSystem.entries(of: root) else {
            throw .asset("cannot read the static assets directory \(directory)")
        }
        var files: [String: PreparedResponse] = [:]
        var fingerprints: [String: String] = [:]
        for name in names where !name.hasPrefix(".") {
            let fileExtension = name.lastIndex(of: ".").map { String(name[name.index(after: $0)...]).lowercased() } ?? ""
            guard let real = FileSystem.canonicalPath(root + "/" + name), real.hasPrefix(root + "/"), FileSystem.isRegularFile(real),
                let contentType = Self.contentTypes[fileExtension], let data = try? FileSystem.contents(of: real)
            else { continue }
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: contentType)
            headers.add(name: "Cache-Control", value: "public, max-age=31536000, immutable")
            headers.add(name: "X-Content-Type-Options", value: "nosniff")
            files[Self.prefix + name] = try Site.prepare(HTTPResponse(status: 200, headers: headers, body: data))
            fingerprints[name] = CachedDocument.fingerprint(data)
        }
        self.files = files
        self.fingerprints = fingerprints
    }

    /// The URL pages use for `name`: versioned by content when the file exists.
    func url(for name: String) -> String {
        Self.prefix + name + (fingerprints[name].map { "?v=" + $0 } ?? "")
    }

    /// The response for a raw request path, or nil.
    func response(for path: Substring) -> PreparedResponse? {
        files[String(path)]
    }

    private static let contentTypes = [
        "css": "text/css; charset=utf-8", "svg": "image/svg+xml", "png": "image/png", "ico": "image/x-icon",
        "txt": "text/plain; charset=utf-8", "woff2": "font/woff2",
    ]
}
