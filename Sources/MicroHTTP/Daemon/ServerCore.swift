import Logging
import ServerPlatform
import Synchronization

/// Everything libmicrohttpd's callbacks need, reached from its threads through the `cls` pointer.
///
/// All stored properties are immutable or synchronised (`Atomic`, `Mutex`), so the class is plainly
/// `Sendable`: any of MHD's pool threads may read it at the same time.
final class ServerCore: Sendable {
    /// Lets each distinct library message through at most once a second, so an attack that trips a limit
    /// thousands of times a second cannot flood the log.
    let libraryLogThrottle = LogThrottle(interval: .seconds(1))
    /// The application's request handler.
    let handler: @Sendable (HTTPRequest) -> HTTPReply
    /// Where request failures and libmicrohttpd's own messages go.
    let logger: Logger
    /// The largest request body accepted, in bytes; larger ones get 413.
    let maximumBodySize: Int
    /// Whether the daemon serves TLS, reported on every request.
    let isTLS: Bool
    /// The key TLS session tickets are encrypted with; nil over plain HTTP or with resumption off.
    let sessionTicketKey: SessionTicketKey?
    /// The `Strict-Transport-Security` value every answer carries; nil when none is configured.
    let strictTransportSecurity: String?
    /// The number of the worker thread that handles each request.
    let workers: WorkerSlots
    /// Set once `stop` begins: every later response carries `Connection: close`.
    let isDraining = Atomic<Bool>(false)
    /// The open connections and which of them are idle, for the drain.
    let openConnections: OpenConnections
    /// Told of every request refused before the handler saw it, libmicrohttpd's own refusals included.
    let refused: (@Sendable (RefusedRequest) -> Void)?
    /// Request bodies and one-off answers held for all connections together.
    let buffers: MemoryBudget
    /// The latest message libmicrohttpd logged, quoted when the daemon refuses to start.
    let lastLibraryMessage = PThreadMutex<String?>(nil)
    /// Most connections open at once from one IPv4 /24 or IPv6 /64 (``AddressPrefix``); 0 for no limit.
    let perPrefixConnectionLimit: Int
    /// Closes connections whose request head is late; nil when there is no such deadline.
    let headDeadline: HeadDeadline?
    /// libmicrohttpd's memory for each connection (`MHD_OPTION_CONNECTION_MEMORY_LIMIT`), which the request head and
    /// the answer's header share (``AnswerRoom``); 0 when not known.
    let connectionMemory: Int
    /// Lets the line about one network's refused connections through at most once a second.
    let refusalLogThrottle = LogThrottle(interval: .seconds(1))

    init(
        handler: @escaping @Sendable (HTTPRequest) -> HTTPReply,
        logger: Logger,
        maximumBodySize: Int,
        bufferLimit: Int,
        isTLS: Bool,
        sessionTicketKey: SessionTicketKey?,
        strictTransportSecurity: String?,
        workerCount: Int,
        perPrefixConnectionLimit: Int = 0,
        connectionMemory: Int = 0,
        requestHeadTimeout: Duration? = nil,
        refused: (@Sendable (RefusedRequest) -> Void)? = nil
    ) {
        self.perPrefixConnectionLimit = perPrefixConnectionLimit
        self.connectionMemory = connectionMemory
        self.refused = refused
        self.buffers = MemoryBudget(limit: bufferLimit)
        self.handler = handler
        self.logger = logger
        self.maximumBodySize = maximumBodySize
        self.isTLS = isTLS
        self.sessionTicketKey = sessionTicketKey
        self.strictTransportSecurity = strictTransportSecurity
        self.workers = WorkerSlots(count: workerCount)
        let connections = OpenConnections()
        self.openConnections = connections
        self.headDeadline = requestHeadTimeout.map { timeout in
            HeadDeadline(timeout: timeout, connections: connections) { closed, example in
                logger.warning(
                    "closed connections whose request head did not arrive in time",
                    metadata: ["connections": "\(closed)", "seconds": "\(timeout.components.seconds)", "remote": "\(example)"])
            }
        }
    }

    /// Whether a connection from `prefix` may be accepted: its network holds fewer than the per-prefix limit. A refusal
    /// is logged, at most once a second for each network.
    func admits(_ prefix: AddressPrefix) -> Bool {
        guard perPrefixConnectionLimit > 0, openConnections.count(from: prefix) >= perPrefixConnectionLimit else { return true }
        let message = "refused a connection from \(prefix): it holds \(perPrefixConnectionLimit) connections, the most one network may"
        if let repeats = refusalLogThrottle.admit(message) {
            logger.warning("\(message)", metadata: repeats > 0 ? ["suppressed_repeats": "\(repeats)"] : [:])
        }
        return false
    }

    /// Records and logs one message from libmicrohttpd; one that reports an answer it sent itself (its 414 and 431,
    /// `Error processing request (HTTP response code is 431 (…))`) is reported as a refused request.
    func libraryLogged(_ message: String) {
        lastLibraryMessage.withLock { $0 = message }
        if let refused, let status = Self.statusOfLibraryAnswer(message) {
            refused(RefusedRequest(status: status, reason: "refused by libmicrohttpd", worker: workers.current()))
        }
        guard let repeats = libraryLogThrottle.admit(message) else { return }
        var metadata: Logger.Metadata = ["source": "libmicrohttpd"]
        if repeats > 0 { metadata["suppressed_repeats"] = "\(repeats)" }
        logger.warning("\(message)", metadata: metadata)
    }

    /// The status in libmicrohttpd's `Error processing request (HTTP response code is NNN …` message, or nil.
    static func statusOfLibraryAnswer(_ message: String) -> Int? {
        let marker = "Error processing request (HTTP response code is "
        guard message.hasPrefix(marker) else { return nil }
        let digits = message.dropFirst(marker.count).prefix(3)
        guard digits.count == 3, let status = Int(digits), (400...599).contains(status) else { return nil }
        return status
    }
}
