import DeepLinkBytes

/// One resolve in progress: the decoded path components, the raw query, and room to decode one query value (the
/// URL's length). Pointers only, so passing it around retains nothing.
struct SearchRequest {
    let path: UnsafeBufferPointer<Bytes>
    let query: Bytes
    let scratch: UnsafeMutablePointer<UInt8>

    /// The decoded value of the last query item named `name` (last value wins), or nil. Valid until the next call.
    func queryValue(named name: String) -> Bytes? {
        var found: Bytes?
        for item in BytePieces(query, separator: UInt8(ascii: "&")) {
            let equals = item.firstIndex(of: UInt8(ascii: "="))
            guard name.withBytes({ PercentEncoding.decodedEquals(Bytes(rebasing: item[..<(equals ?? item.count)]), $0) }) else { continue }
            found = equals.map { Bytes(rebasing: item[($0 + 1)...]) } ?? Bytes(start: nil, count: 0)
        }
        return found.map { PercentEncoding.decode($0, into: scratch) }
    }
}
