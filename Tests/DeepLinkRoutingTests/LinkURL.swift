@testable import DeepLinkRouting

/// The parts of an absolute URL that routing reads, as slices of the original text (still percent-encoded).
///
/// This is a strict RFC 3986 splitter rather than Foundation's `URLComponents`, so that the path can be split on
/// `/` before it is percent-decoded and so that hostile input is reported with a reason instead of a `nil`.
/// `LinkURLTests` check it against `URLComponents` on a large generated corpus. It lives with the tests: the
/// resolver reads `URLRanges` directly, and nothing else needs the parts as substrings.
struct LinkURL: Sendable, Equatable {
    /// The scheme as written (compare case-insensitively).
    let scheme: Substring
    /// The host, when the URL has an authority (`//…`); an empty string for `scheme:///path`.
    let host: Substring?
    /// The port digits, when given.
    let port: Substring?
    /// The path, percent-encoded, as written.
    let path: Substring
    /// The query without its `?`, percent-encoded, when present.
    let query: Substring?
    /// The fragment without its `#`, when present.
    let fragment: Substring?

    /// Splits `text` into its parts, or explains why it is not an absolute URL.
    init(parsing text: String) throws(URLSyntaxError) {
        let ranges = try text.withUTF8Bytes { bytes throws(URLSyntaxError) in try URLRanges(bytes) }
        func part(_ range: Range<Int>) -> Substring {
            let utf8 = text.utf8
            return text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
        }
        scheme = part(ranges.scheme)
        host = ranges.host.map(part)
        port = ranges.port.map(part)
        path = part(ranges.path)
        query = ranges.query.map(part)
        fragment = ranges.fragment.map(part)
    }
}
