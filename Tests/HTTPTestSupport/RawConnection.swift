import Glibc
import MicroHTTP

/// A blocking TCP client socket for tests: sends exact bytes, reads whole responses, never hangs.
///
/// Every read and write times out (5 s by default), so a misbehaving server fails a test instead of
/// stalling the suite. Sends use MSG_NOSIGNAL so a server closing early cannot kill the test process.
package final class RawConnection {
    private let descriptor: Int32
    private var pending: [UInt8] = []

    package init(host: String = "127.0.0.1", port: Int, timeoutSeconds: Int = 5) throws {
        let isIPv6 = host.contains(":")
        descriptor = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw RawConnectionError.system("socket", errno) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let status: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            status = Self.connect(descriptor, to: address)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            status = Self.connect(descriptor, to: address)
        }
        guard status == 0 else {
            let code = errno
            close(descriptor)
            throw RawConnectionError.system("connect", code)
        }
    }

    deinit {
        close(descriptor)
    }

    /// `connect(2)` to `address`, a `sockaddr_in` or `sockaddr_in6`.
    private static func connect<Address>(_ descriptor: Int32, to address: Address) -> Int32 {
        withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<Address>.size)) }
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
                let length = isHead ? 0 : Int(response.headers["Content-Length"] ?? "0") ?? 0
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
