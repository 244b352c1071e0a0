/// Per-request state, taken when libmicrohttpd reads the request line and given back when the request ends.
///
/// It lives behind MHD's `con_cls` pointer. MHD calls back for one connection from one thread at a
/// time, so the mutable fields need no lock; the class is deliberately not `Sendable`. A connection keeps the
/// context of its last request (`OpenConnection.spareRequest`) and the next request reuses it with the memory of
/// its headers: a keep-alive request then allocates no context and no header storage.
final class RequestContext {
    /// The raw request target, captured before libmicrohttpd percent-decodes it; an absolute-form target is
    /// replaced by its origin form once the headers are read.
    var target: String
    /// The client's numeric address, worked out once for the connection.
    let remoteAddress: String
    /// Whether the access handler already had its first, headers-only call.
    var hasSeenHeaders = false
    /// The request headers, read on that first call.
    var headers = HTTPHeaders()
    /// The request body read so far.
    var body: [UInt8] = []
    /// Whether the request declared a body (then its connection closes after the answer).
    var hasBody = false
    /// Whether the body is over the limit and read only to be thrown away before the 413.
    var isDiscardingBody = false
    /// The bytes of ``ServerCore/buffers`` taken for the body, given back when the request ends.
    var reservedBytes = 0
    /// The bytes libmicrohttpd has left for the answer's header beside the head (``AnswerRoom``).
    var answerRoom = Int.max

    init(target: String, remoteAddress: String) {
        self.target = target
        self.remoteAddress = remoteAddress
    }

    /// Ends the request: what it held goes at once, not when the connection's next request comes (its target may
    /// carry a sign-in token, its headers a cookie); the headers' memory is kept, zeroed, when it is small.
    func finish() {
        target = ""
        headers.removeAll(keepingAtMost: Self.keptHeaderBytes)
        // A request with a body is the last on its connection (`Exchange.advance`), so no body memory is kept.
        body = []
    }

    /// Makes this context, finished, the one of a new request on the same connection: every field as `init` sets it.
    func reuse(target: String) {
        self.target = target
        hasSeenHeaders = false
        hasBody = false
        isDiscardingBody = false
        reservedBytes = 0
        answerRoom = .max
    }

    /// The most header memory a context keeps for its connection's next request: most requests' headers fit, and
    /// a thousand idle connections hold at most 2 MiB.
    static let keptHeaderBytes = 2048
}
