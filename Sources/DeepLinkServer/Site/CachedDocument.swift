import MicroHTTP

/// A document served unchanged to every request (the AASA, assetlinks.json): its `200`, `304` and `412` responses
/// built once, with a strong `ETag` from its bytes and a `Last-Modified` from the config load.
///
/// `Last-Modified` is the second the bytes were first loaded, so it is never later than the `Date` of an answer
/// (RFC 9110 8.8.2.1). Bytes that change within the second of earlier ones share that second, which then cannot tell
/// the two apart: `If-Modified-Since` and `If-Unmodified-Since` are compared with `notModifiedFrom`, one second after
/// every earlier `Last-Modified`, so a client holding the earlier bytes gets the new ones (`If-None-Match` still
/// answers `304` at once).
///
/// A class: the document is read on every request for it, and a copy of a reference is one retain where a copy of
/// the fields was four.
final class CachedDocument: Sendable {
    /// The full response.
    let document: PreparedResponse
    /// When the bytes were loaded, in seconds since 1970: the `Last-Modified` sent.
    let modified: Int
    /// The earliest `If-Modified-Since` answered `304`: `modified`, or later when other bytes were served with a
    /// `Last-Modified` of that second or after it (a burst of reloads, a clock set back).
    let notModifiedFrom: Int
    /// The latest `Last-Modified` sent for this document, these bytes or any before them.
    let latestSent: Int
    /// The response to a request whose `If-None-Match` or `If-Modified-Since` says it has these bytes.
    let notModified: PreparedResponse
    /// The response to a request whose `If-Match` or `If-Unmodified-Since` fails.
    let preconditionFailed: PreparedResponse
    /// The quoted entity tag.
    let entityTag: String

    /// A document loaded at `now` (seconds since 1970), replacing `previous`: with the same bytes it keeps
    /// `previous`'s dates.
    init(body: [UInt8], contentType: String, cacheControl: String, now: Int, previous: CachedDocument? = nil) throws(SiteError) {
        let entityTag = "\"" + Self.fingerprint(body) + "\""
        self.entityTag = entityTag
        if let previous, previous.entityTag == entityTag {
            (modified, notModifiedFrom, latestSent) = (previous.modified, previous.notModifiedFrom, previous.latestSent)
        } else {
            let earlier = previous?.latestSent ?? Int.min
            (modified, notModifiedFrom, latestSent) = (now, max(now, earlier &+ 1), max(now, earlier))
        }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: contentType)
        headers.add(name: "Cache-Control", value: cacheControl)
        headers.add(name: "ETag", value: entityTag)
        headers.add(name: "Last-Modified", value: HTTPDate.format(seconds: modified))
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
        switch ConditionalRequest.evaluate(request, entityTag: entityTag, modified: notModifiedFrom, now: now) {
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
