import Glibc

/// A bound, listening, non-blocking TCP socket, opened by MicroHTTP so bind errors are exact.
///
/// libmicrohttpd only says "failed to bind" when it opens the socket itself; opening it here turns
/// `EADDRINUSE` and friends into "cannot listen on 0.0.0.0:8080: address already in use".
/// `SO_REUSEADDR` is set (restart over TIME_WAIT), `SO_REUSEPORT` is not: a second server on a taken
/// port must fail, not silently share the traffic.
struct ListeningSocket {
    /// The socket's file descriptor; handed to libmicrohttpd with MHD_OPTION_LISTEN_SOCKET.
    let descriptor: Int32
    /// The port actually bound: the configured one, or the one the system picked for port 0.
    let port: Int

    /// Opens, binds and listens; on failure closes what it opened and names the address and errno.
    static func open(_ address: SocketAddress, backlog: Int) throws(HTTPServerError) -> ListeningSocket {
        let socketType = Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue)
        let descriptor = socket(address.family, socketType, 0)
        guard descriptor >= 0 else { throw failure(address) }
        var enabled: Int32 = 1
        let isReady =
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &enabled, socklen_t(MemoryLayout<Int32>.size)) == 0
            && address.withSocketAddress { bind(descriptor, $0, $1) } == 0
            && listen(descriptor, Int32(backlog)) == 0
        guard isReady, let port = boundPort(of: descriptor) else {
            let error = failure(address)
            close(descriptor)
            throw error
        }
        return ListeningSocket(descriptor: descriptor, port: port)
    }

    private static func boundPort(of descriptor: Int32) -> Int? {
        var storage = sockaddr_in6()
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        let status = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        // sin_port and sin6_port sit at the same offset, right after the family.
        return status == 0 ? Int(UInt16(bigEndian: storage.sin6_port)) : nil
    }

    private static func failure(_ address: SocketAddress) -> HTTPServerError {
        .cannotListen(address: address.description, reason: SystemError.describe(errno))
    }
}
