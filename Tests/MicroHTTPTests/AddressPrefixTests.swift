import Glibc
import Testing

@testable import MicroHTTP

@Suite("Client networks for the per-prefix limit")
struct AddressPrefixTests {
    static func prefix(_ text: String) -> AddressPrefix? {
        if text.contains(":") {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            guard inet_pton(AF_INET6, text, &address.sin6_addr) == 1 else { return nil }
            return withUnsafePointer(to: address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { AddressPrefix($0) } }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        guard inet_pton(AF_INET, text, &address.sin_addr) == 1 else { return nil }
        return withUnsafePointer(to: address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { AddressPrefix($0) } }
    }

    @Test(
        "an IPv4 address's network is its /24, an IPv6 address's its /64, an IPv4-mapped address's the IPv4 /24",
        arguments: [
            ("192.0.2.7", "192.0.2.0/24"), ("192.0.2.255", "192.0.2.0/24"), ("10.1.2.3", "10.1.2.0/24"),
            ("2001:db8:0:1::7", "2001:db8:0:1::/64"), ("2001:db8:0:1:ffff:ffff:ffff:ffff", "2001:db8:0:1::/64"),
            ("2001:db8:abcd:12::1", "2001:db8:abcd:12::/64"), ("::1", "0:0:0:0::/64"), ("::ffff:192.0.2.9", "192.0.2.0/24"),
        ])
    func networkOf(address: String, network: String) throws {
        #expect(try #require(Self.prefix(address)).description == network)
    }

    @Test("addresses of one network share a prefix, neighbouring networks do not")
    func equality() {
        #expect(Self.prefix("192.0.2.1") == Self.prefix("192.0.2.254"))
        #expect(Self.prefix("192.0.2.1") != Self.prefix("192.0.3.1"))
        #expect(Self.prefix("::ffff:192.0.2.1") == Self.prefix("192.0.2.200"))
        #expect(Self.prefix("2001:db8::1") == Self.prefix("2001:db8::ffff:1"))
        #expect(Self.prefix("2001:db8::1") != Self.prefix("2001:db8:0:1::1"))
        // An IPv6 /64 whose bits happen to equal an IPv4 /24's is still another network.
        #expect(Self.prefix("0:0:c0:2::1") != Self.prefix("192.0.2.1"))
    }
}
