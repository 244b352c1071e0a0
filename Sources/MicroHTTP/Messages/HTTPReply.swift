/// What a request handler answers with.
package enum HTTPReply: Sendable {
    /// A response built for this request; it is copied into the server and sent once.
    case response(HTTPResponse)
    /// A response built once and shared by every request that gets it.
    case prepared(PreparedResponse)
    /// A response whose body was written in place for this request; libmicrohttpd sends it without a copy.
    case written(WrittenResponse)
}
