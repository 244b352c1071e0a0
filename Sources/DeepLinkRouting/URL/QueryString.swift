/// Splits and decodes `name=value&…` query strings the way the resolver reads them.
public enum QueryString {
    /// The items of `query` (without its `?`), each name and value percent-decoded once, in order.
    ///
    /// A name without `=` has the empty value, empty items (`a&&b`) are skipped, and `+` stays `+`.
    public static func items(in query: Substring) throws(PercentDecodingError) -> [(name: Substring, value: Substring)] {
        var items: [(name: Substring, value: Substring)] = []
        // Split on the byte: splitting the string itself would walk grapheme clusters.
        for bytes in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let item = Substring(bytes)
            if let equals = item.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let value = item[item.utf8.index(after: equals)...]
                items.append((try item[..<equals].percentDecoded(), try value.percentDecoded()))
            } else {
                items.append((try item.percentDecoded(), ""))
            }
        }
        return items
    }
}
