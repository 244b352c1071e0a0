import Foundation
import MicroHTTP

/// A document served unchanged to every request (the AASA, assetlinks.json): its `200` and `304` responses
/// built once, with a strong `ETag` from its bytes and a `Last-Modified` from the config load.
struct CachedDocument: Sendable {
    /// The full response.
    let document: PreparedResponse
    /// The `Last-Modified` value, for `If-Modified-Since`.
    let lastModified: String
    /// The response to a matching `If-None-Match`.
    let notModified: PreparedResponse
    /// The quoted entity tag.
    let entityTag: String

    init(body: [UInt8], contentType: String, cacheControl: String, modified: Date) throws(SiteError) {
        entityTag = "\"" + Self.fingerprint(body) + "\""
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: contentType)
        headers.add(name: "Cache-Control", value: cacheControl)
        headers.add(name: "ETag", value: entityTag)
        lastModified = HTTPDate.format(modified)
        headers.add(name: "Last-Modified", value: lastModified)
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        headers.add(name: "Access-Control-Allow-Origin", value: "*")
        document = try Site.prepare(HTTPResponse(status: 200, headers: headers, body: body))
        var bare = HTTPHeaders()
        for field in headers.fields where field.name != "Content-Type" { bare.add(name: field.name, value: field.value) }
        notModified = try Site.prepare(HTTPResponse(status: 304, headers: bare))
    }

    /// The response for a request with these `If-None-Match` and `If-Modified-Since` headers; `If-None-Match`
    /// wins when both are sent (RFC 9110 §13.2.2). A date equal to `Last-Modified` or later means unchanged.
    func response(ifNoneMatch: String?, ifModifiedSince: String? = nil) -> PreparedResponse {
        guard let ifNoneMatch else {
            guard let ifModifiedSince, let since = HTTPDate.parse(ifModifiedSince), let modified = HTTPDate.parse(lastModified) else {
                return document
            }
            return since >= modified ? notModified : document
        }
        let tags = ifNoneMatch.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let matches = tags.contains { $0 == "*" || $0 == entityTag || $0 == "W/" + entityTag }
        return matches ? notModified : document
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

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), as HTTP headers want it; formatted by hand, because
/// Foundation's `DateFormatter` loads ICU (megabytes of resident memory for one header).
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The seconds since 1970 of an IMF-fixdate, or nil for any other form.
    static func parse(_ text: String) -> Int? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]), let month = months.firstIndex(of: String(parts[2])),
            let year = Int(parts[3])
        else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        var fields = tm()
        fields.tm_year = Int32(year - 1900)
        fields.tm_mon = Int32(month)
        fields.tm_mday = Int32(day)
        fields.tm_hour = Int32(clock[0])
        fields.tm_min = Int32(clock[1])
        fields.tm_sec = Int32(clock[2])
        return timegm(&fields)
    }

    static func format(_ date: Date) -> String {
        var seconds = Int(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
