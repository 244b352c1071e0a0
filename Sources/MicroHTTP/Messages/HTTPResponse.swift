/// A response built for one request: status, header fields and body bytes.
///
/// libmicrohttpd adds `Content-Length`, `Date` and, when needed, `Connection` itself; do not set them.
/// For a response served unchanged to many requests, build a ``PreparedResponse`` once instead.
package struct HTTPResponse: Sendable, Equatable {
    /// The status code, such as 200; values outside 100...999 are answered as 500.
    package var status: Int
    /// The header fields to send, in order.
    package var headers: HTTPHeaders
    /// The body bytes; a HEAD request gets the headers of this body and no bytes.
    package var body: [UInt8]

    /// Creates a response from a status, header fields and body bytes.
    package init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Creates a response whose body is the UTF-8 encoding of `body`.
    package init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: String) {
        self.init(status: status, headers: headers, body: Array(body.utf8))
    }
}
