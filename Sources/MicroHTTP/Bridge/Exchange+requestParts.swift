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
