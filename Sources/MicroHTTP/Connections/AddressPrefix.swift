import CMicroHTTPD
import Glibc

/// The network a client address belongs to, for the per-prefix connection limit: its IPv4 /24 or its IPv6 /64.
///
/// One holder of a /24 or of an IPv6 /64 (the smallest network an IPv6 provider hands out) can use every address
/// in it, so a per-address limit alone lets one such holder open that limit times 256, or times 2^64, connections.
/// An IPv4-mapped IPv6 address (`::ffff:192.0.2.7`, how a dual-stack socket sees an IPv4 client) is the IPv4
/// address it maps, so the same client is counted the same way on either kind of listener.
struct AddressPrefix: Hashable, Sendable, CustomStringConvertible {
    /// The network's leading bytes: the first 3 of an IPv4 address or the first 8 of an IPv6 one, big-endian.
    private let bits: UInt64
    private let isIPv6: Bool

    /// The prefix of an IPv4 or IPv6 socket address; nil for any other family.
    init?(_ address: UnsafePointer<sockaddr>) {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let host = UnsafeRawPointer(address).withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            self.init(ipv4: withUnsafeBytes(of: host) { Array($0) })
        case AF_INET6:
            let host = UnsafeRawPointer(address).withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            self.init(ipv6: withUnsafeBytes(of: host) { Array($0) })
        default:
            return nil
        }
    }

    /// The /24 of the 4 bytes of an IPv4 address.
    init(ipv4 bytes: [UInt8]) {
        self.init(bits: bytes.prefix(3).reduce(0) { $0 << 8 | UInt64($1) }, isIPv6: false)
    }

    /// The /64 of the 16 bytes of an IPv6 address, or the IPv4 /24 of an IPv4-mapped one.
    init(ipv6 bytes: [UInt8]) {
        if bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            self.init(ipv4: Array(bytes[12...]))
        } else {
            self.init(bits: bytes.prefix(8).reduce(0) { $0 << 8 | UInt64($1) }, isIPv6: true)
        }
    }

    private init(bits: UInt64, isIPv6: Bool) {
        self.bits = bits
        self.isIPv6 = isIPv6
    }

    /// The network in CIDR notation: `192.0.2.0/24`, `2001:db8:0:1::/64`.
    var description: String {
        if !isIPv6 {
            return "\(bits >> 16 & 0xFF).\(bits >> 8 & 0xFF).\(bits & 0xFF).0/24"
        }
        let groups = (0..<4).map { String(bits >> (48 - 16 * UInt64($0)) & 0xFFFF, radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}
