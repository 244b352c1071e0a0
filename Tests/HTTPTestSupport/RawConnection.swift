import Glibc
import MicroHTTP

/// A blocking TCP client socket for tests: sends exact bytes, reads whole responses, never hangs.
///
/// Every read and write times out (5 s by default), so a misbehaving server fails a test instead of
/// stalling the suite. Sends use MSG_NOSIGNAL so a server closing early cannot kill the test process.
package final class RawConnection {
    private let descriptor: Int32
    private var pending: [UInt8] = []

    /// Connects to `host`:`port`, from `source` (an address of this machine, such as `127.0.0.2`) when given.
    package init(host: String = "127.0.0.1", port: Int, source: String? = nil, timeoutSeconds: Int = 5) throws {
        let isIPv6 = host.contains(":")
        descriptor = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw RawConnectionError.system("socket", errno) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let status: Int32
        if isIPv6 {
            if let source { guard Self.bind(descriptor, to: Self.ipv6(source, port: 0)) == 0 else { throw RawConnectionError.system("bind", errno) } }
            status = Self.connect(descriptor, to: Self.ipv6(host, port: port))
        } else {
            if let source { guard Self.bind(descriptor, to: Self.ipv4(source, port: 0)) == 0 else { throw RawConnectionError.system("bind", errno) } }
            status = Self.connect(descriptor, to: Self.ipv4(host, port: port))
        }
        // No close here: the instance is whole, so a throw runs `deinit`, which closes the descriptor. Closing it here
        // as well closed it twice, and the second close could take a descriptor number meanwhile given to a
        // connection of the in-process server (libmicrohttpd then panics: "Close socket failed").
        guard status == 0 else { throw RawConnectionError.system("connect", errno) }
    }

    deinit {
        close(descriptor)
    }

    private static func ipv4(_ host: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        return address
    }

    private static func ipv6(_ host: String, port: Int) -> sockaddr_in6 {
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = UInt16(port).bigEndian
        inet_pton(AF_INET6, host, &address.sin6_addr)
        return address
    }

    /// `bind(2)` to `address`, a `sockaddr_in` or `sockaddr_in6`.
    private static func bind<Address>(_ descriptor: Int32, to address: Address) -> Int32 {
        withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<Address>.size)) }
        }
    }

    /// `connect(2)` to `address`, a `sockaddr_in` or `sockaddr_in6`.
    private static func connect<Address>(_ descriptor: Int32, to address: Address) -> Int32 {
        withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<Address>.size)) }
        }
    }

    /// The port this end of the connection has, as the server sees it (its peer's port); 0 when it cannot be read.
    package var localPort: Int {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let read = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) == 0 }
        }
        guard read else { return 0 }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }

    /// Sends all of `text` as UTF-8 bytes.
    package func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Sends all of `bytes`; a server that stops reading surfaces as an error, not a hang.
    package func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else {
                throw sent == 0 || errno == EAGAIN ? RawConnectionError.timedOut : RawConnectionError.system("send", errno)
            }
            offset += sent
        }
    }

    /// Reads one full response; `isHead` says the response has no body whatever its Content-Length.
    package func readResponse(isHead: Bool = false) throws -> RawResponse {
        while true {
            if let headEnd = pending.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound {
                var response = try RawResponse(head: Array(pending[..<headEnd]))
                // No body follows a HEAD's answer, a 1xx, a 204 or a 304, whatever Content-Length says (RFC 9112 §6.3).
                let isBodiless = isHead || response.status / 100 == 1 || response.status == 204 || response.status == 304
                let length = isBodiless ? 0 : Int(response.headers["Content-Length"] ?? "0") ?? 0
                while pending.count < headEnd + length {
                    guard try receiveMore() else { throw RawConnectionError.closedEarly(received: pending.count) }
                }
                response.body = Array(pending[headEnd..<(headEnd + length)])
                pending.removeFirst(headEnd + length)
                return response
            }
            guard try receiveMore() else { throw RawConnectionError.closedEarly(received: pending.count) }
        }
    }

    /// Whether the server has closed the connection (reads until end of stream or timeout).
    package func isClosedByServer() -> Bool {
        (try? receiveUntilClosed()) != nil
    }

    /// Whether the server closes the connection (end of stream or reset) within `seconds`; bytes it sends meanwhile
    /// are kept for the next read.
    package func isClosed(within seconds: Double) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            guard poll(&ready, 1, max(1, milliseconds)) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let received = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if received == 0 || (received < 0 && errno == ECONNRESET) { return true }
            if received > 0 { pending.append(contentsOf: buffer[..<received]) }
        }
    }

    /// Every byte not read yet, up to the end of the stream, or what came before the timeout.
    package func readUntilClosed() -> [UInt8] {
        try? receiveUntilClosed()
        defer { pending.removeAll() }
        return pending
    }

    private func receiveUntilClosed() throws {
        while try receiveMore() {}
    }

    /// Reads what is available; false at end of stream.
    private func receiveMore() throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let received = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if received < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { throw RawConnectionError.timedOut }
            if errno == ECONNRESET { return false }
            throw RawConnectionError.system("recv", errno)
        }
        pending.append(contentsOf: buffer[..<received])
        return received > 0
    }
}
