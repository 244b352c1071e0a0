import CMicroHTTPD
import Glibc

extension Exchange {
    /// How the request's body is framed, read from its `Content-Length` and `Transfer-Encoding` headers.
    enum BodyFraming: Equatable {
        /// No body, or `Content-Length: 0`.
        case none
        /// A body of this many bytes.
        case length(Int)
        /// A `Transfer-Encoding: chunked` body.
        case chunked
        /// Framing a proxy in front could read differently; the reason.
        case ambiguous(String)
    }

    /// The request's body framing (RFC 9112 §6.1, §6.3).
    ///
    /// A request that a proxy in front could frame differently is refused before its body is read, so nothing
    /// hidden in it is ever taken for a second request: `Transfer-Encoding` together with `Content-Length`,
    /// either header twice, a transfer coding other than `chunked` (libmicrohttpd would read such a body until
    /// the client closes), or a `Content-Length` that is not a plain decimal number. Only these two headers are
    /// copied out of libmicrohttpd; the others are not looked at here.
    func bodyFraming() -> BodyFraming {
        var headers = FramingHeaders()
        withUnsafeMutablePointer(to: &headers) { target in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, Self.collectFramingHeader, target)
        }
        let (encodings, lengths) = (headers.encodings, headers.lengths)
        if !encodings.isEmpty, !lengths.isEmpty { return .ambiguous("both Transfer-Encoding and Content-Length") }
        if encodings.count > 1 { return .ambiguous("Transfer-Encoding given more than once") }
        if lengths.count > 1 { return .ambiguous("Content-Length given more than once") }
        if let encoding = encodings.first {
            return encoding.lowercased() == "chunked" ? .chunked : .ambiguous("unsupported Transfer-Encoding")
        }
        guard let length = lengths.first else { return .none }
        guard !length.isEmpty, length.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let size = Int(length) else {
            return .ambiguous("invalid Content-Length")
        }
        return size == 0 ? .none : .length(size)
    }

    /// Every request header in order, read with sizes so values holding NUL bytes stay whole.
    func requestHeaders() -> HTTPHeaders {
        var headers = HTTPHeaders()
        withUnsafeMutablePointer(to: &headers) { target in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, Self.collectHeader, target)
        }
        return headers
    }

    /// The values of the headers that frame a body.
    private struct FramingHeaders {
        var encodings: [String] = []
        var lengths: [String] = []
    }

    /// Appends one header to the `HTTPHeaders` that `cls` points to.
    private static let collectHeader: MHD_KeyValueIteratorN = { cls, _, key, keySize, value, valueSize in
        guard let cls else { return .NO }
        let headers = cls.assumingMemoryBound(to: HTTPHeaders.self)
        headers.pointee.add(name: text(key, count: keySize), value: text(value, count: valueSize))
        return .YES
    }

    /// Appends a `Transfer-Encoding` or `Content-Length` value to the `FramingHeaders` that `cls` points to.
    private static let collectFramingHeader: MHD_KeyValueIteratorN = { cls, _, key, keySize, value, valueSize in
        guard let cls, let key else { return .NO }
        let name = UnsafeRawBufferPointer(start: key, count: keySize)
        let headers = cls.assumingMemoryBound(to: FramingHeaders.self)
        if HTTPHeaders.namesMatch(name, "Transfer-Encoding") {
            headers.pointee.encodings.append(text(value, count: valueSize))
        } else if HTTPHeaders.namesMatch(name, "Content-Length") {
            headers.pointee.lengths.append(text(value, count: valueSize))
        }
        return .YES
    }

    private static func text(_ pointer: UnsafePointer<CChar>?, count: Int) -> String {
        guard let pointer else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// The client's numeric address, such as `127.0.0.1`; empty if libmicrohttpd cannot tell.
    func clientAddress() -> String {
        guard let info = microhttp_get_connection_info(connection, .CONNECTION_INFO_CLIENT_ADDRESS),
            let address = info.pointee.client_addr
        else { return "" }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(INET6_ADDRSTRLEN)) { text in
            let written: UnsafePointer<CChar>?
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                written = UnsafeRawPointer(address).withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                    withUnsafePointer(to: inet.pointee.sin_addr) { inet_ntop(AF_INET, $0, text.baseAddress, socklen_t(text.count)) }
                }
            case AF_INET6:
                written = UnsafeRawPointer(address).withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet6 in
                    withUnsafePointer(to: inet6.pointee.sin6_addr) { inet_ntop(AF_INET6, $0, text.baseAddress, socklen_t(text.count)) }
                }
            default:
                written = nil
            }
            return written.map { String(cString: $0) } ?? ""
        }
    }
}
