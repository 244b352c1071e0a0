/// A request the HTTP engine answered itself, before any handler saw it: malformed (400), framed in a way a proxy
/// could read differently (400, 411), too large (413, and libmicrohttpd's own 414 and 431), or over the memory
/// budget (503). Reported so that every answer is logged and counted.
package struct RefusedRequest: Sendable, Equatable {
    /// The status sent.
    package var status: Int
    /// Why, in a few words.
    package var reason: String
    /// The method and the raw target, as far as they were read (empty when libmicrohttpd refused the request line).
    package var method: String
    package var target: String
    /// The client's numeric address, when known.
    package var remoteAddress: String
    /// The worker thread that refused it (see ``HTTPRequest/worker``).
    package var worker: Int

    /// Describes one refusal.
    package init(status: Int, reason: String, method: String = "", target: String = "", remoteAddress: String = "", worker: Int = 0) {
        self.status = status
        self.reason = reason
        self.method = method
        self.target = target
        self.remoteAddress = remoteAddress
        self.worker = worker
    }
}
