import CMicroHTTPD
import Glibc

extension Exchange {
    /// The request's `Content-Length` as a number, or nil when absent or not a non-negative decimal.
    func declaredBodySize() -> Int? {
        guard let raw = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") else {
            return nil
        }
        return Int(String(cString: raw)).flatMap { $0 >= 0 ? $0 : nil }
    }

    /// Why the request's body framing is ambiguous, or nil when it is not (RFC 9112 §6.1, §6.3).
    ///
    /// A request that a proxy in front could frame differently is refused before its body is read, so nothing
    /// hidden in it is ever taken for a second request: `Transfer-Encoding` together with `Content-Length`,
    /// either header twice, a transfer coding other than `chunked` (libmicrohttpd would read such a body until
    /// the client closes), or a `Content-Length` that is not a plain decimal number.
    func framingProblem() -> String? {
        let headers = requestHeaders()
        let encodings = headers.values(for: "Transfer-Encoding")
        let lengths = headers.values(for: "Content-Length")
        if !encodings.isEmpty, !lengths.isEmpty { return "both Transfer-Encoding and Content-Length" }
        if encodings.count > 1 { return "Transfer-Encoding given more than once" }
        if lengths.count > 1 { return "Content-Length given more than once" }
        if let encoding = encodings.first, encoding.lowercased() != "chunked" {
            return "unsupported Transfer-Encoding"
        }
        if let length = lengths.first, length.isEmpty || !length.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return "invalid Content-Length"
        }
        return nil
    }

    /// Whether the request announces a chunked body. Bodies must come with `Content-Length` (answered 411
    /// otherwise): libmicrohttpd 0.9.75 answers a chunk line longer than its buffer with its own 500.
    func hasChunkedBody() -> Bool {
        MHD_lookup_connection_value(connection, .HEADER_KIND, "Transfer-Encoding") != nil
    }

    /// Every request header in order, read with sizes so values holding NUL bytes stay whole.
    func requestHeaders() -> HTTPHeaders {
        var headers = HTTPHeaders()
        withUnsafeMutablePointer(to: &headers) { target in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, Self.collectHeader, target)
        }
        return headers
    }

    /// Appends one header to the `HTTPHeaders` that `cls` points to.
    private static let collectHeader: MHD_KeyValueIteratorN = { cls, _, key, keySize, value, valueSize in
        guard let cls else { return .NO }
        let headers = cls.assumingMemoryBound(to: HTTPHeaders.self)
        headers.pointee.add(name: text(key, count: keySize), value: text(value, count: valueSize))
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
        let length: Int
        switch Int32(address.pointee.sa_family) {
        case AF_INET: length = MemoryLayout<sockaddr_in>.size
        case AF_INET6: length = MemoryLayout<sockaddr_in6>.size
        default: return ""
        }
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let status = getnameinfo(address, socklen_t(length), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST)
        guard status == 0 else { return "" }
        return String(nulTerminated: host)
    }
}
