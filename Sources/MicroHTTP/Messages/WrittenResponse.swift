/// A response whose body was written in place (``ResponseBody``), sent once.
///
/// `@unchecked Sendable` because its body is a `ManagedBuffer`. It is safe: the body's bytes are written in
/// `ResponseBody.write(capacity:_:)`, before the response exists, and only read after; the only later store, of the
/// budget that holds the bytes, is made by the one thread that queues the response, before libmicrohttpd has it.
package struct WrittenResponse: @unchecked Sendable {
    /// The status code.
    package let status: Int
    /// The header fields to send, in order.
    package let headers: HTTPHeaders
    /// The body.
    package let body: ResponseBody

    /// A response of `status`, `headers` and `body`.
    package init(status: Int, headers: HTTPHeaders, body: ResponseBody) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The same response with a copy of the body in an array.
    package var response: HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: body.bytes)
    }
}
