/// A request target in origin form (`/c/42?x=1#f`) split into its path and query, refused as `URLRanges` refuses
/// the URL it ends: a space or control character, a backslash, a `.` or `..` path segment.
struct RequestTarget {
    /// The path, still percent-encoded.
    let path: Bytes
    /// The query without its `?`, empty when there is none.
    let query: Bytes

    /// Splits `bytes`, which start at byte `offset` of the URL they end (errors name the URL's offset).
    init(_ bytes: Bytes, offset: Int) throws(URLSyntaxError) {
        if let index = bytes.firstIndex(where: { $0 <= 0x20 || $0 == 0x7F }) { throw .forbiddenCharacter(offset: offset + index) }
        if let index = bytes.firstIndex(of: UInt8(ascii: "\\")) { throw .backslash(offset: offset + index) }
        let beforeFragment = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        let queryMark = bytes[..<beforeFragment].firstIndex(of: UInt8(ascii: "?"))
        path = Bytes(rebasing: bytes[..<(queryMark ?? beforeFragment)])
        query = queryMark.map { Bytes(rebasing: bytes[($0 + 1)..<beforeFragment]) } ?? Bytes(start: nil, count: 0)
        if BytePieces(path, separator: UInt8(ascii: "/")).contains(where: URLRanges.isDotSegment) { throw .dotSegment }
    }
}
