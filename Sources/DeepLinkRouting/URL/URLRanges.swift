import DeepLinkBytes

/// A read-only view of UTF-8 bytes: path components, query items and values during a resolve.
typealias Bytes = UnsafeBufferPointer<UInt8>

/// Where the parts of an absolute URL lie in its UTF-8 bytes: the one URL splitter, shared by `LinkURL` and the
/// resolver. Works on byte offsets, because `String.Index` arithmetic costs more than the rest of a resolve.
struct URLRanges {
    var scheme: Range<Int>
    var host: Range<Int>?
    var port: Range<Int>?
    var path: Range<Int>
    var query: Range<Int>?
    var fragment: Range<Int>?

    /// Splits `bytes` (RFC 3986), or says why they are not an absolute URL.
    ///
    /// A URL that browsers (the WHATWG URL standard), RFC 3986 and Foundation read differently is refused rather
    /// than read one way: a backslash (browsers take it for `/` in `https` URLs, so `https://evil.com\@host/` is on
    /// `evil.com` for them), a port above 65535, and a `.` or `..` path segment, plain or percent-encoded (browsers
    /// remove those before sending the request).
    init(_ bytes: Bytes) throws(URLSyntaxError) {
        if let offset = ASCIISet.controlsAndSpace.firstMember(in: bytes) { throw .forbiddenCharacter(offset: offset) }
        if let offset = bytes.firstIndex(of: UInt8(ascii: "\\")) { throw .backslash(offset: offset) }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), Self.isScheme(bytes[0..<colon]) else { throw .missingScheme }
        scheme = 0..<colon
        var rest = colon + 1
        let end = bytes.count
        if end - rest >= 2, bytes[rest] == UInt8(ascii: "/"), bytes[rest + 1] == UInt8(ascii: "/") {
            let authorityStart = rest + 2
            var authorityEnd = authorityStart
            while authorityEnd < end, !Self.endsAuthority(bytes[authorityEnd]) { authorityEnd += 1 }
            (host, port) = try Self.splitAuthority(bytes, authorityStart..<authorityEnd)
            // `https:///c/1`: browsers skip the slashes after a special scheme's colon, so they open host `c`.
            if authorityEnd == authorityStart, Self.isSpecial(bytes[0..<colon]) { throw .invalidHost }
            rest = authorityEnd
        }
        let fragmentMark = bytes[rest..<end].firstIndex(of: UInt8(ascii: "#"))
        fragment = fragmentMark.map { ($0 + 1)..<end }
        let beforeFragment = fragmentMark ?? end
        let queryMark = bytes[rest..<beforeFragment].firstIndex(of: UInt8(ascii: "?"))
        query = queryMark.map { ($0 + 1)..<beforeFragment }
        path = rest..<(queryMark ?? beforeFragment)
        if BytePieces(Bytes(rebasing: bytes[path]), separator: UInt8(ascii: "/")).contains(where: Self.isDotSegment) { throw .dotSegment }
    }

    /// Whether `segment` is `.` or `..`, with any of its dots written `%2e` or `%2E` (RFC 3986 5.2.4, WHATWG).
    static func isDotSegment(_ segment: Bytes) -> Bool {
        var dots = 0
        var index = 0
        while index < segment.count {
            if segment[index] == UInt8(ascii: ".") {
                index += 1
            } else if segment.count - index >= 3, segment[index] == UInt8(ascii: "%"), segment[index + 1] == UInt8(ascii: "2"),
                segment[index + 2] | 0x20 == UInt8(ascii: "e")
            {
                index += 3
            } else {
                return false
            }
            dots += 1
        }
        return dots == 1 || dots == 2
    }

    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    /// Whether the digits `port` are at most 65535 (leading zeros allowed, as browsers allow them).
    private static func isPortNumber(_ port: Slice<Bytes>) -> Bool {
        var value = 0
        for digit in port {
            value = value * 10 + Int(digit - 0x30)
            if value > 65535 { return false }
        }
        return true
    }

    /// Whether `scheme` is one the WHATWG URL standard calls special and gives a host: `http`, `https`, `ws`, `wss`,
    /// `ftp` (any case). An empty authority there is no URL for browsers, which read the path's first segment as
    /// the host; in other schemes (`expchg:///c/1`, `file:///`) it is an empty host, as RFC 3986 reads it.
    private static func isSpecial(_ scheme: Slice<Bytes>) -> Bool {
        let lowercased = scheme.map { $0 | 0x20 }
        return ["http", "https", "ws", "wss", "ftp"].contains { $0.utf8.elementsEqual(lowercased) }
    }

    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
    private static func isScheme(_ bytes: Slice<Bytes>) -> Bool {
        guard let first = bytes.first, first.isASCIILetter else { return false }
        return bytes.dropFirst().allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
    }

    /// Splits `userinfo@host:port`, dropping the user info; an empty host is allowed only as an empty authority.
    private static func splitAuthority(_ bytes: Bytes, _ authority: Range<Int>) throws(URLSyntaxError) -> (Range<Int>, Range<Int>?) {
        let hostStart = bytes[authority].lastIndex(of: UInt8(ascii: "@")).map { $0 + 1 } ?? authority.lowerBound
        var hostEnd = hostStart
        if hostStart < authority.upperBound, bytes[hostStart] == UInt8(ascii: "[") {
            guard let close = bytes[hostStart..<authority.upperBound].firstIndex(of: UInt8(ascii: "]")) else { throw .invalidHost }
            hostEnd = close + 1
        } else {
            while hostEnd < authority.upperBound, bytes[hostEnd] != UInt8(ascii: ":") { hostEnd += 1 }
            if bytes[hostStart..<hostEnd].contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) { throw .invalidHost }
        }
        // User info or a port around an empty host (`expchg://@/c/1`, `expchg://:443/c/1`): browsers refuse the URL.
        if hostEnd == hostStart, authority.count > 0 { throw .invalidHost }
        guard hostEnd < authority.upperBound else { return (hostStart..<hostEnd, nil) }
        guard bytes[hostEnd] == UInt8(ascii: ":") else { throw .invalidHost }
        let port = (hostEnd + 1)..<authority.upperBound
        guard bytes[port].allSatisfy(\.isASCIIDigit), Self.isPortNumber(bytes[port]) else { throw .invalidPort }
        return (hostStart..<hostEnd, port.isEmpty ? nil : port)
    }
}

extension String {
    /// Runs `body` on the string's UTF-8 bytes without copying them when the string is native (it always is
    /// on Linux; a bridged string is copied once).
    func withUTF8Bytes<Result>(_ body: (Bytes) throws(URLSyntaxError) -> Result) throws(URLSyntaxError) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable({ bytes in Swift.Result { () throws(URLSyntaxError) in try body(bytes) } }) {
            return try result.get()
        }
        return try Array(utf8).withUnsafeBufferPointer { bytes in Swift.Result { () throws(URLSyntaxError) in try body(bytes) } }.get()
    }
}
