import CMicroHTTPD
import Glibc

/// An IPv4 or IPv6 socket address built from a numeric host literal and a port.
enum SocketAddress {
    case ipv4(sockaddr_in)
    case ipv6(sockaddr_in6)

    /// Parses `host` as an IPv4 literal, else an IPv6 literal (brackets allowed); nil if it is neither.
    init?(host: String, port: Int) {
        guard let port = UInt16(exactly: port) else { return nil }
        var ipv4 = sockaddr_in()
        if inet_pton(AF_INET, host, &ipv4.sin_addr) == 1 {
            ipv4.sin_family = sa_family_t(AF_INET)
            ipv4.sin_port = port.bigEndian
            self = .ipv4(ipv4)
            return
        }
        let unbracketed = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var ipv6 = sockaddr_in6()
        guard inet_pton(AF_INET6, unbracketed, &ipv6.sin6_addr) == 1 else { return nil }
        ipv6.sin6_family = sa_family_t(AF_INET6)
        ipv6.sin6_port = port.bigEndian
        self = .ipv6(ipv6)
    }

    /// The address family, `AF_INET` or `AF_INET6`.
    var family: Int32 {
        switch self {
        case .ipv4: AF_INET
        case .ipv6: AF_INET6
        }
    }

    /// Calls `body` with a `sockaddr` view of the address and its length.
    func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        switch self {
        case .ipv4(var address):
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        case .ipv6(var address):
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    body($0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
    }
}

extension SocketAddress: CustomStringConvertible {
    /// `host:port`, with the IPv6 host in brackets: `0.0.0.0:8080`, `[::1]:8080`.
    var description: String {
        switch self {
        case .ipv4(var address):
            "\(Self.text(family: AF_INET, &address.sin_addr)):\(UInt16(bigEndian: address.sin_port))"
        case .ipv6(var address):
            "[\(Self.text(family: AF_INET6, &address.sin6_addr))]:\(UInt16(bigEndian: address.sin6_port))"
        }
    }

    /// The numeric host of an IPv4 or IPv6 socket address, such as `127.0.0.1` or `::1`; empty for other families.
    static func numericHost(_ address: UnsafePointer<sockaddr>) -> String {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            UnsafeRawPointer(address).withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                var host = inet.pointee.sin_addr
                return text(family: AF_INET, &host)
            }
        case AF_INET6:
            UnsafeRawPointer(address).withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet6 in
                var host = inet6.pointee.sin6_addr
                return text(family: AF_INET6, &host)
            }
        default:
            ""
        }
    }

    private static func text(family: Int32, _ address: UnsafeRawPointer) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(family, address, &buffer, socklen_t(buffer.count)) != nil else { return "?" }
        return String(nulTerminated: buffer)
    }
}
