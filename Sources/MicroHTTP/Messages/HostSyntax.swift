import DeepLinkBytes

/// The form of a `Host` header or of the authority of an absolute-form request target: `uri-host [":" port]`
/// (RFC 9112 §3.2, RFC 3986 §3.2.2), narrowed to what a link domain can be.
///
/// The host is a DNS name or IPv4 address (letters, digits, `-`, `_` and `.`, with at most one trailing dot) or
/// an IPv6 literal in brackets; the port is at most five digits, up to 65535, and may be empty. Everything else is
/// refused: `a,b` and `%zz` are RFC 3986 reg-names but never a domain, and a proxy in front may pick a different
/// virtual host from `host:abc` or `a:b:c` than the server would.
enum HostSyntax {
    /// Whether `bytes` are a well-formed host and optional port, or empty (what a client sends when the target has
    /// no authority, RFC 9112 §3.2).
    static func isValid(_ bytes: some Collection<UInt8>) -> Bool {
        var index = bytes.startIndex
        guard index < bytes.endIndex else { return true }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), bytes.distance(from: index, to: close) > 2 else { return false }
            let literal = bytes[bytes.index(after: index)..<close]
            guard literal.contains(UInt8(ascii: ":")), ipv6Bytes.containsAll(literal) else { return false }
            index = bytes.index(after: close)
        } else {
            let nameEnd = bytes[index...].firstIndex(of: UInt8(ascii: ":")) ?? bytes.endIndex
            guard isName(bytes[index..<nameEnd]) else { return false }
            index = nameEnd
        }
        guard index < bytes.endIndex else { return true }
        guard bytes[index] == UInt8(ascii: ":") else { return false }
        return isPort(bytes[bytes.index(after: index)...])
    }

    /// The host without port or trailing dot, lower-cased: the virtual host `value` names (nil when malformed).
    static func hostName(_ value: some BidirectionalCollection<UInt8>) -> String? {
        guard let host = host(in: value) else { return nil }
        return String(unsafeUninitializedCapacity: host.count) { buffer in
            var count = 0
            for byte in host {
                buffer[count] = lowercased(byte)
                count += 1
            }
            return count
        }
    }

    /// The one of `candidates` (host names, lower-cased) that is the host name `value` names (as `hostName(_:)`
    /// gives it), found without making a string of it; nil when none is, or `value` is malformed.
    static func hostName(_ value: some BidirectionalCollection<UInt8>, among candidates: [String]) -> String? {
        // The usual request names a candidate as it stands, which is well-formed as the candidate is.
        if let named = value.withContiguousStorageIfAvailable({ bytes in candidates.first { isSpelling(bytes, of: $0) } }),
            let named
        {
            return named
        }
        guard let host = host(in: value) else { return nil }
        return candidates.first { $0.utf8.elementsEqual(host.lazy.map(lowercased)) }
    }

    /// Whether `bytes` are `name` in any letter case.
    private static func isSpelling(_ bytes: UnsafeBufferPointer<UInt8>, of name: String) -> Bool {
        let utf8 = name.utf8
        guard utf8.count == bytes.count else { return false }
        return utf8.withContiguousStorageIfAvailable { nameBytes in
            for index in bytes.indices where lowercased(bytes[index]) != nameBytes[index] { return false }
            return true
        } ?? false
    }

    /// The bytes of the host in `value`, without port or trailing dot; nil when `value` is malformed.
    private static func host<Bytes: BidirectionalCollection<UInt8>>(in value: Bytes) -> Bytes.SubSequence? {
        guard !value.isEmpty, isValid(value) else { return nil }
        // A valid value is ASCII: the host is its bytes up to the port (an IPv6 literal with its brackets).
        var end = value.endIndex
        if value.first == UInt8(ascii: "[") {
            end = value.firstIndex(of: UInt8(ascii: "]")).map(value.index(after:)) ?? value.endIndex
        } else if let colon = value.firstIndex(of: UInt8(ascii: ":")) {
            end = colon
        }
        let host = value[..<end]
        return host.last == UInt8(ascii: ".") ? host.dropLast() : host
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    private static func isName(_ name: some Collection<UInt8>) -> Bool {
        if let contiguous = name.withContiguousStorageIfAvailable({ isName($0) }) { return contiguous }
        return isName(Array(name))
    }

    /// `isName` on contiguous bytes: a loop over a buffer rather than a generic collection's indices.
    private static func isName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !name.isEmpty, name.first != UInt8(ascii: ".") else { return false }
        let allowed = nameBytes
        var previous: UInt8 = 0
        for byte in name {
            guard allowed.contains(byte) else { return false }
            // Empty labels (`a..b`) are not a name; one trailing dot is (the root).
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: ".") { return false }
            previous = byte
        }
        return true
    }

    /// The bytes of a DNS name or IPv4 address: letters, digits, `-`, `_` and `.`.
    private static let nameBytes = ASCIISet.alphanumerics.union(ASCIISet("-_."))
    /// The bytes of an IPv6 literal inside its brackets: hex digits, `:` and `.` (an embedded IPv4 address).
    private static let ipv6Bytes = ASCIISet.hexDigits.union(ASCIISet(":."))

    private static func isPort(_ port: some Collection<UInt8>) -> Bool {
        guard port.count <= 5, ASCIISet.digits.containsAll(port) else { return false }
        return port.reduce(0) { $0 * 10 + Int($1 - 0x30) } <= 65535
    }
}
