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
        let bytes = text.utf8
        if let offset = bytes.firstIndex(where: { $0 <= 0x20 || $0 == 0x7F }) {
            throw .forbiddenCharacter(offset: bytes.distance(from: bytes.startIndex, to: offset))
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
            Self.isScheme(bytes[bytes.startIndex..<colon])
        else { throw .missingScheme }
        scheme = text[text.startIndex..<colon]

        var rest = text[bytes.index(after: colon)...]
        if rest.utf8.starts(with: "//".utf8) {
            let authorityStart = rest.utf8.index(rest.startIndex, offsetBy: 2)
            let authorityEnd =
                rest.utf8[authorityStart...].firstIndex { $0 == 0x2F || $0 == 0x3F || $0 == 0x23 }
                ?? rest.endIndex
            (host, port) = try Self.splitAuthority(rest[authorityStart..<authorityEnd])
            rest = rest[authorityEnd...]
        } else {
            host = nil
            port = nil
        }

        let fragmentMark = rest.utf8.firstIndex(of: UInt8(ascii: "#"))
        fragment = fragmentMark.map { rest[rest.utf8.index(after: $0)...] }
        let beforeFragment = rest[..<(fragmentMark ?? rest.endIndex)]
        let queryMark = beforeFragment.utf8.firstIndex(of: UInt8(ascii: "?"))
        query = queryMark.map { beforeFragment[beforeFragment.utf8.index(after: $0)...] }
        path = beforeFragment[..<(queryMark ?? beforeFragment.endIndex)]
    }

    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
    private static func isScheme(_ bytes: Substring.UTF8View) -> Bool {
        guard let first = bytes.first, first.isASCIILetter else { return false }
        return bytes.dropFirst().allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
    }

    /// Splits `userinfo@host:port`, dropping the user info.
    private static func splitAuthority(_ authority: Substring) throws(URLSyntaxError) -> (Substring, Substring?) {
        let hostPort =
            authority.utf8.lastIndex(of: UInt8(ascii: "@")).map { authority[authority.utf8.index(after: $0)...] }
            ?? authority
        let hostEnd: Substring.Index
        if hostPort.utf8.first == UInt8(ascii: "[") {
            guard let close = hostPort.utf8.firstIndex(of: UInt8(ascii: "]")) else { throw .invalidHost }
            hostEnd = hostPort.utf8.index(after: close)
        } else {
            hostEnd = hostPort.utf8.firstIndex(of: UInt8(ascii: ":")) ?? hostPort.endIndex
        }
        let host = hostPort[..<hostEnd]
        if host.utf8.contains(where: { $0 == 0x5B || $0 == 0x5D }) && host.utf8.first != 0x5B { throw .invalidHost }
        let afterHost = hostPort[hostEnd...]
        guard let mark = afterHost.utf8.first else { return (host, nil) }
        guard mark == UInt8(ascii: ":") else { throw .invalidHost }
        let port = afterHost.dropFirst()
        guard port.utf8.allSatisfy(\.isASCIIDigit) else { throw .invalidPort }
        return (host, port.isEmpty ? nil : port)
    }
}

/// Why a string is not an absolute URL.
public enum URLSyntaxError: Error, Equatable, CustomStringConvertible {
    case forbiddenCharacter(offset: Int)
    case missingScheme
    case invalidHost
    case invalidPort

    public var description: String {
        switch self {
        case .forbiddenCharacter(let offset): "URL contains a space or control character at byte \(offset)"
        case .missingScheme: "not an absolute URL: no scheme"
        case .invalidHost: "URL has an invalid host"
        case .invalidPort: "URL has a non-numeric port"
        }
    }
}

extension UInt8 {
    var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
    var isASCIIDigit: Bool { (0x30...0x39).contains(self) }
}
