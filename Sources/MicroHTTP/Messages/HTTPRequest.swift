/// One HTTP request as the client sent it, fully read, ready for a handler.
package struct HTTPRequest: Sendable, Equatable {
    /// The request method, such as `GET` or `HEAD`, exactly as sent.
    package var method: String
    /// The raw request target exactly as sent: path and `?query`, not percent-decoded.
    package var target: String {
        didSet { queryMark = Self.queryMark(in: target) }
    }
    /// The request header fields, in the order they were sent.
    package var headers: HTTPHeaders
    /// The request body; empty when none was sent.
    package var body: [UInt8]
    /// The client's numeric IP address, such as `127.0.0.1` or `::1`.
    package var remoteAddress: String
    /// Whether the request arrived over TLS.
    package var isTLS: Bool
    /// Which of the server's worker threads runs the handler for this request, in `0..<HTTPServer.workerCount`.
    /// A worker runs one request at a time, so state kept per worker is not contended by the other workers.
    package var worker: Int

    /// Creates a request; the server does this for every request it reads.
    package init(
        method: String,
        target: String,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        remoteAddress: String = "",
        isTLS: Bool = false,
        worker: Int = 0
    ) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        self.isTLS = isTLS
        self.worker = worker
        self.queryMark = Self.queryMark(in: target)
    }

    /// Where the first `?` of the target is, found once: handlers ask for the path several times a request.
    private var queryMark: String.Index?

    /// The raw path: the target up to, not including, the first `?`; not percent-decoded.
    package var path: Substring {
        target[..<(queryMark ?? target.endIndex)]
    }

    /// The raw query: everything after the first `?`, or nil when the target has no `?`.
    package var rawQuery: String? {
        queryMark.map { String(target[target.utf8.index(after: $0)...]) }
    }

    private static func queryMark(in target: String) -> String.Index? {
        var target = target
        let offset = target.withUTF8 { $0.firstIndex(of: UInt8(ascii: "?")) }
        return offset.map { target.utf8.index(target.startIndex, offsetBy: $0) }
    }

    /// The virtual host the request names: its `Host` header without the port or a trailing dot, lower-cased; nil
    /// without a well-formed `Host`.
    package var hostName: String? {
        headers.withValue(named: "Host") { HostSyntax.hostName($0) } ?? nil
    }

    /// The one of `candidates` that is ``hostName``, found without making a string of the host; nil when none is or
    /// the request has no well-formed `Host`.
    package func hostName(among candidates: [String]) -> String? {
        headers.withValue(named: "Host") { HostSyntax.hostName($0, among: candidates) } ?? nil
    }

    /// The value of the first header named `name` (case-insensitive), or nil.
    package func header(_ name: String) -> String? {
        headers[name]
    }
}
