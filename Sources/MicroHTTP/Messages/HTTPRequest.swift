/// One HTTP request as the client sent it, fully read, ready for a handler.
public struct HTTPRequest: Sendable, Equatable {
    /// The request method, such as `GET` or `HEAD`, exactly as sent.
    public var method: String
    /// The raw request target exactly as sent: path and `?query`, not percent-decoded.
    public var target: String
    /// The request header fields, in the order they were sent.
    public var headers: HTTPHeaders
    /// The request body; empty when none was sent.
    public var body: [UInt8]
    /// The client's numeric IP address, such as `127.0.0.1` or `::1`.
    public var remoteAddress: String
    /// Whether the request arrived over TLS.
    public var isTLS: Bool

    /// Creates a request; the server does this for every request it reads.
    public init(
        method: String,
        target: String,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        remoteAddress: String = "",
        isTLS: Bool = false
    ) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        self.isTLS = isTLS
    }

    /// The raw path: the target up to, not including, the first `?`; not percent-decoded.
    public var path: Substring {
        target[..<(target.utf8.firstIndex(of: UInt8(ascii: "?")) ?? target.endIndex)]
    }

    /// The raw query: everything after the first `?`, or nil when the target has no `?`.
    public var rawQuery: String? {
        target.utf8.firstIndex(of: UInt8(ascii: "?")).map { String(target[target.utf8.index(after: $0)...]) }
    }

    /// The value of the first header named `name` (case-insensitive), or nil.
    public func header(_ name: String) -> String? {
        headers[name]
    }
}
