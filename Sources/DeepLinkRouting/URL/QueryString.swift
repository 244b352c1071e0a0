package import DeepLinkBytes

/// Splits and decodes `name=value&…` query strings the way the resolver reads them.
package enum QueryString {
    /// The items of `query` (without its `?`), each name and value percent-decoded once, in order.
    ///
    /// A name without `=` has the empty value, empty items (`a&&b`) are skipped, and `+` stays `+`. Names and
    /// values without escapes are slices of `query`, not copies.
    package static func items(in query: Substring) throws(PercentDecodingError) -> [(name: Substring, value: Substring)] {
        var text = query
        let found = text.withUTF8 { bytes -> Result<[(name: Substring, value: Substring)], PercentDecodingError> in
            guard let base = bytes.baseAddress else { return .success([]) }
            func slice(_ piece: Bytes) throws(PercentDecodingError) -> Substring {
                let start = query.utf8.index(query.startIndex, offsetBy: piece.baseAddress.map { $0 - base } ?? 0)
                let end = query.utf8.index(start, offsetBy: piece.count)
                return try query[start..<end].percentDecoded()
            }
            var items: [(name: Substring, value: Substring)] = []
            do throws(PercentDecodingError) {
                // Split on the byte: splitting the string itself would walk grapheme clusters.
                for item in BytePieces(bytes, separator: UInt8(ascii: "&")) {
                    if let equals = item.firstIndex(of: UInt8(ascii: "=")) {
                        items.append((try slice(Bytes(rebasing: item[..<equals])), try slice(Bytes(rebasing: item[(equals + 1)...]))))
                    } else {
                        items.append((try slice(item), ""))
                    }
                }
            } catch {
                return .failure(error)
            }
            return .success(items)
        }
        return try found.get()
    }

    /// The first item of `query` that has no `=` (`id` in `a=1&id`), as written, or `nil`; empty items are skipped.
    package static func bareItem(in query: Substring) -> Substring? {
        var text = query
        // Found on the bytes, split as `items(in:)` splits them: walking `query.utf8` by index costs several times as much.
        let found = text.withUTF8 { bytes -> Range<Int>? in
            guard let base = bytes.baseAddress else { return nil }
            for item in BytePieces(bytes, separator: UInt8(ascii: "&")) where !item.contains(UInt8(ascii: "=")) {
                let start = item.baseAddress.map { $0 - base } ?? 0
                return start..<(start + item.count)
            }
            return nil
        }
        guard let found else { return nil }
        let start = query.utf8.index(query.startIndex, offsetBy: found.lowerBound)
        return query[start..<query.utf8.index(start, offsetBy: found.count)]
    }
}
