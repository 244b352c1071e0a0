import CMicroHTTPD
import Glibc
package import Logging
import ServerPlatform
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd that hands every complete request to one handler.
///
/// The handler runs synchronously on the server's worker threads and must not block for long.
/// Create, `start()`, and later `stop(drainDeadline:)`; a stopped server cannot be started again.
package final class HTTPServer: Sendable {
    /// The configuration the server was created with.
    package let configuration: Configuration
    private let core: ServerCore
    private let state = PThreadMutex<State>(.created)
    private let boundPortValue = Atomic<Int>(0)

    private enum State {
        case created
        case running(RunningDaemon)
        case stopped
    }

    /// Creates a stopped server; nothing is opened until `start()`. `refused` is told of every request answered
    /// before `handler` saw it (malformed, ambiguous framing, too large, over the memory budget, or refused by
    /// libmicrohttpd itself), on the worker thread that refused it.
    package init(
        configuration: Configuration,
        logger: Logger,
        refused: (@Sendable (RefusedRequest) -> Void)? = nil,
        handler: @escaping @Sendable (HTTPRequest) -> HTTPReply
    ) {
        self.configuration = configuration
        let isTLS = configuration.tls != nil
        self.core = ServerCore(
            handler: handler,
            logger: logger,
            maximumBodySize: configuration.maximumBodySize,
            bufferLimit: configuration.bufferLimit,
            isTLS: isTLS,
            sessionTicketKey: isTLS && configuration.tlsPolicy.resumesSessions ? SessionTicketKey() : nil,
            strictTransportSecurity: isTLS ? configuration.tlsPolicy.strictTransportSecurity?.headerValue : nil,
            workerCount: configuration.threadPoolSize,
            perPrefixConnectionLimit: configuration.perPrefixConnectionLimit,
            connectionMemory: configuration.connectionMemoryLimit,
            requestHeadTimeout: configuration.requestHeadTimeout > 0 ? .seconds(configuration.requestHeadTimeout) : nil,
            refused: refused
        )
    }

    /// The bytes of request bodies and one-off answers held for all connections now (see ``Configuration/bufferLimit``).
    package var bufferedBytes: Int { core.buffers.bytesHeld }

    /// How many worker threads call the handler: ``HTTPRequest/worker`` is below this.
    package var workerCount: Int { max(1, configuration.threadPoolSize) }

    /// The port the server listens on: the configured one, or the system's pick for port 0; 0 before `start()`.
    package var boundPort: Int {
        boundPortValue.load(ordering: .acquiring)
    }

    /// Opens the listening socket and starts serving; throws a descriptive error if it cannot.
    package func start() throws(HTTPServerError) {
        try state.withLock { (state: inout State) throws(HTTPServerError) in
            guard case .created = state else { throw .alreadyStarted }
            let problems = configuration.problems
            guard problems.isEmpty, let address = SocketAddress(host: configuration.host, port: configuration.port)
            else { throw .invalidConfiguration(problems) }
            if configuration.tls != nil, configuration.tlsPolicy.resumesSessions, core.sessionTicketKey == nil {
                throw .cannotStart(address: address.description, reason: "GnuTLS could not generate a session ticket key")
            }
            // Request bodies and one-off answers come and go in large blocks: map them per use (see the shim).
            _ = microhttp_map_large_blocks()
            let socket = try ListeningSocket.open(address, backlog: configuration.listenBacklog)
            let daemon = try RunningDaemon.start(configuration, listening: socket, address: address, core: core)
            boundPortValue.store(socket.port, ordering: .releasing)
            state = .running(daemon)
            if let headDeadline = core.headDeadline, !headDeadline.start() {
                core.logger.error("cannot start the request head deadline's thread; heads are bounded by the inactivity timeout only")
            }
        }
        core.logger.info("listening on \(configuration.host) port \(boundPort)")
    }

    /// Starts answering every request with `Connection: close` while still accepting connections, so that keep-alive
    /// clients reconnect for each request and none is caught sending on a kept connection when `stop` closes it.
    /// Call it when the server is about to stop (while a load balancer takes it out of rotation); `stop` does too.
    package func beginDraining() {
        core.isDraining.store(true, ordering: .relaxed)
    }

    /// Stops gracefully: stops accepting, lets in-flight requests finish, then closes what is left.
    ///
    /// New connections are refused at once; those the kernel had already accepted (the listen backlog) are served,
    /// and so are requests already under way, with `Connection: close`. Keep-alive connections with no request under
    /// way are closed at once (after answering anything their client had already sent), and so is each connection
    /// whose request finishes. A client still sending its request's headers, or that has connected and not sent a
    /// request yet, has a second to finish. Once no connection is open, or `drainDeadline` has passed, every
    /// remaining connection is closed. Blocks the calling thread meanwhile. Calling it again does nothing.
    package func stop(drainDeadline: Duration = .seconds(5)) {
        let daemon: RunningDaemon? = state.withLock { state in
            guard case .running(let daemon) = state else { return nil }
            state = .stopped
            return daemon
        }
        guard let daemon else { return }
        beginDraining()
        daemon.quiesce(backlog: configuration.listenBacklog)
        let start = SystemClock.monotonicNanoseconds()
        let deadline = start + SystemClock.nanoseconds(drainDeadline)
        // A client still sending its request's headers gets a short grace to finish them, not the whole drain time.
        let graceEnd = start + SystemClock.nanoseconds(min(drainDeadline, Self.receivingGrace))
        while daemon.connectionCount > 0 || core.openConnections.hasHandedOverConnections, SystemClock.monotonicNanoseconds() < deadline {
            core.openConnections.closeIdle(includingFresh: SystemClock.monotonicNanoseconds() >= graceEnd)
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            _ = nanosleep(&pause, nil)
        }
        let remaining = daemon.connectionCount
        core.headDeadline?.stop()
        daemon.stop()
        core.logger.info("stopped; \(remaining) connection(s) were still open at the end of the drain")
    }

    /// How long a drain waits for a client that is still sending its request, or has yet to send one.
    static let receivingGrace = Duration.seconds(1)

    deinit {
        // A server dropped while running would otherwise keep its threads and port forever.
        stop(drainDeadline: .zero)
    }
}
