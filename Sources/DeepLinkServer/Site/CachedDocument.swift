import MicroHTTP

/// A document served unchanged to every request (the AASA, assetlinks.json): its `200`, `304` and `412` responses
/// built once, with a strong `ETag` from its bytes and a `Last-Modified` from the config load.
struct CachedDocument: Sendable {
    /// The full response.
    let document: PreparedResponse
    /// When the bytes last changed, in seconds since 1970.
    let modified: Int
    /// The response to a request whose `If-None-Match` or `If-Modified-Since` says it has these bytes.
    let notModified: PreparedResponse
    /// The response to a request whose `If-Match` or `If-Unmodified-Since` fails.
    let preconditionFailed: PreparedResponse
    /// The quoted entity tag.
    let entityTag: String

    /// A document modified at `modified`, or when `previous` holds the same bytes, at the time `previous` was.
    init(body: [UInt8], contentType: String, cacheControl: String, modified: Int, previous: CachedDocument? = nil) throws(SiteError) {
        let entityTag = "\"" + Self.fingerprint(body) + "\""
        self.entityTag = entityTag
        self.modified = previous.flatMap { $0.entityTag == entityTag ? $0.modified : nil } ?? modified
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: contentType)
        headers.add(name: "Cache-Control", value: cacheControl)
        headers.add(name: "ETag", value: entityTag)
        headers.add(name: "Last-Modified", value: HTTPDate.format(seconds: self.modified))
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        headers.add(name: "Access-Control-Allow-Origin", value: "*")
        document = try Site.prepare(HTTPResponse(status: 200, headers: headers, body: body))
        var bare = HTTPHeaders()
        for field in headers.fields where field.name != "Content-Type" { bare.add(name: field.name, value: field.value) }
        // With the 200's body, libmicrohttpd sends the 200's `Content-Length` and no body, as RFC 9110 8.6 asks of a
        // 304; with an empty one it would send `Content-Length: 0`.
        notModified = try Site.prepare(HTTPResponse(status: 304, headers: bare, body: body))
        preconditionFailed = try Site.prepare(HTTPResponse(status: 412, headers: bare))
    }

    /// The response for `request` after its preconditions (`ConditionalRequest`): the document, `304` or `412`.
    func response(to request: HTTPRequest, now: Int = HTTPDate.now) -> PreparedResponse {
        switch ConditionalRequest.evaluate(request, entityTag: entityTag, modified: modified, now: now) {
        case .full: document
        case .notModified: notModified
        case .preconditionFailed: preconditionFailed
        }
    }

    /// FNV-1a over the bytes, as 16 hex digits: stable across runs and machines.
    static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
