/// The parts of an absolute URL that routing reads, as slices of the original text (still percent-encoded).
///
/// This is a strict RFC 3986 splitter rather than Foundation's `URLComponents`, so that the path can be split on
/// `/` before it is percent-decoded and so that hostile input is reported with a reason instead of a `nil`.
/// A test checks it against `URLComponents` on a large generated corpus.
public struct LinkURL: Sendable, Equatable {
    /// The scheme as written (compare case-insensitively).
    public let scheme: Substring
    /// The host, when the URL has an authority (`//…`); an empty string for `scheme:///path`.
    public let host: Substring?
    /// The port digits, when given.
    public let port: Substring?
    /// The path, percent-encoded, as written.
    public let path: Substring
    /// The query without its `?`, percent-encoded, when present.
    public let query: Substring?
    /// The fragment without its `#`, when present.
    public let fragment: Substring?

    /// Splits `text` into its parts, or explains why it is not an absolute URL.
    public init(parsing text: String) throws(URLSyntaxError) {
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

/// Why a string is not an absolute URL.
public enum URLSyntaxError: Error, Equatable, CustomStringConvertible {
    case forbiddenCharacter(offset: Int)
    case missingScheme
    case invalidHost
    case invalidPort
    case backslash(offset: Int)
    case dotSegment

    public var description: String {
        switch self {
        case .forbiddenCharacter(let offset): "URL contains a space or control character at byte \(offset)"
        case .missingScheme: "not an absolute URL: no scheme"
        case .invalidHost: "URL has an invalid host"
        case .invalidPort: "URL has a port that is not a number from 0 to 65535"
        case .backslash(let offset): "URL contains a backslash at byte \(offset), which browsers read as '/'"
        case .dotSegment: "URL path has a '.' or '..' segment, which browsers remove before sending it"
        }
    }
}

extension UInt8 {
    var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
    var isASCIIDigit: Bool { (0x30...0x39).contains(self) }
}
