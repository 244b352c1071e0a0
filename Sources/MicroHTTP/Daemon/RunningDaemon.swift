import CMicroHTTPD
import Glibc
import ServerPlatform

/// A started libmicrohttpd daemon and everything it borrows until it is stopped.
///
/// `@unchecked Sendable` because `OpaquePointer` and the C strings are not `Sendable`. It is safe:
/// every stored property is a `let` set in `start` and only read after (the quiesced socket sits behind its own
/// lock). The daemon calls made
/// through it (`MHD_quiesce_daemon`, `MHD_get_daemon_info`, `MHD_stop_daemon`) are documented as
/// callable from any thread other than MHD's own callbacks, and ``HTTPServer`` makes sure `quiesce`
/// and `stop` run once each, in that order, by taking the daemon out of its locked state first.
final class RunningDaemon: @unchecked Sendable {
    private let handle: OpaquePointer
    private let core: Unmanaged<ServerCore>
    private let borrowedStrings: [UnsafeMutablePointer<CChar>]
    /// The listening socket `quiesce()` took back from the daemon, to close after it stops.
    private let quiescedListener = PThreadMutex<Int32?>(nil)

    private init(handle: OpaquePointer, core: Unmanaged<ServerCore>, borrowedStrings: [UnsafeMutablePointer<CChar>]) {
        self.handle = handle
        self.core = core
        self.borrowedStrings = borrowedStrings
    }

    /// Starts a daemon on an already listening socket, which the daemon owns from then on.
    ///
    /// On failure libmicrohttpd has already closed the socket (0.9.75 closes it on every failure
    /// after option parsing, and these options always parse), so it is not closed again
    /// here: a second `close` could hit a descriptor another thread has just opened.
    static func start(
        _ configuration: HTTPServer.Configuration,
        listening socket: ListeningSocket,
        address: SocketAddress,
        core: ServerCore
    ) throws(HTTPServerError) -> RunningDaemon {
        let tlsTexts = configuration.tls.map { [$0.certificatePEM, $0.keyPEM, configuration.tlsPolicy.priorities] } ?? []
        // Copies freed in `stop()`, or below on failure: MHD may read them for the daemon's lifetime.
        let strings = tlsTexts.compactMap { strdup($0) }
        let options = DaemonOptions.items(configuration, listenDescriptor: socket.descriptor, tlsStrings: strings)
        // Retained for as long as the daemon may call back: released in `stop()` after
        // MHD_stop_daemon has joined every MHD thread, or right below if the daemon does not start.
        let retainedCore = Unmanaged.passRetained(core)
        let handle = options.withUnsafeBufferPointer { items in
            microhttp_start_daemon(
                DaemonOptions.flags(configuration, address: address).rawValue,
                retainedCore.toOpaque(),
                LibraryCallbacks.acceptPolicy,
                LibraryCallbacks.log,
                LibraryCallbacks.requestLineRead,
                LibraryCallbacks.accessHandler,
                LibraryCallbacks.requestCompleted,
                LibraryCallbacks.connectionChanged,
                LibraryCallbacks.keepEscapes,
                items.baseAddress
            )
        }
        guard let handle else {
            retainedCore.release()
            strings.forEach { free($0) }
            let reason = core.lastLibraryMessage.withLock { $0 } ?? "libmicrohttpd gave no reason"
            throw .cannotStart(address: address.description, reason: reason)
        }
        return RunningDaemon(handle: handle, core: retainedCore, borrowedStrings: strings)
    }

    /// Stops accepting: the listening socket leaves the daemon and stops listening, so new clients are refused at
    /// once; open connections go on, and so do those the kernel had already accepted for the daemon (its backlog),
    /// which the daemon takes over first. The descriptor itself is closed by `stop()`, once MHD's threads are joined.
    ///
    /// A worker thread may still be inside a `poll` that holds the socket, and accept on it when that returns
    /// (libmicrohttpd's documentation: close it only after `MHD_stop_daemon`). Closed earlier, its descriptor number
    /// could be reused by a socket opened elsewhere in the process, which that worker would then accept on.
    /// `shutdown` ends the listening (Linux refuses new connections to it) and keeps the number taken.
    func quiesce(backlog: Int) {
        let listener = MHD_quiesce_daemon(handle)
        guard listener >= 0 else { return }
        adoptPendingConnections(from: listener, atMost: backlog + 64)
        shutdown(listener, Int32(SHUT_RDWR))
        quiescedListener.withLock { $0 = listener }
    }

    /// Accepts the connections waiting in `listener`'s backlog (at most `limit`) and hands each to the daemon.
    ///
    /// Their clients have connected, and most have sent their request already: shutting the listener would reset
    /// them, and each would lose its request. Handed over, each is served like any other while the drain lasts
    /// (with `Connection: close`). A client whose connection completes between the last `accept` and the
    /// `shutdown` is still reset: a window of microseconds instead of the whole backlog.
    private func adoptPendingConnections(from listener: Int32, atMost limit: Int) {
        for _ in 0..<limit {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let client = withUnsafeMutablePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) }
            }
            if client < 0, errno == EINTR { continue }
            // The listener does not block: EAGAIN once the backlog is empty.
            guard client >= 0 else { return }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            // Tracked until a worker starts it, so the drain does not end before: libmicrohttpd queues it and counts
            // it among its connections only then.
            let connections = core.takeUnretainedValue().openConnections
            connections.handingOver(client)
            let added = withUnsafePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { MHD_add_connection(handle, client, $0, length) }
            }
            // On failure libmicrohttpd has closed the socket itself (0.9.75's `MHD_add_connection`).
            if added != .YES { connections.refused(client) }
        }
    }

    /// Connections open right now, over all pool threads.
    var connectionCount: Int {
        guard let info = microhttp_get_daemon_info(handle, .DAEMON_INFO_CURRENT_CONNECTIONS) else { return 0 }
        return Int(info.pointee.num_connections)
    }

    /// Closes every connection, joins MHD's threads and frees what the daemon borrowed. Call once.
    func stop() {
        MHD_stop_daemon(handle)
        if let listener = quiescedListener.withLock({ $0 }) { close(listener) }
        // Balances `passRetained` in `start`: no MHD thread is left to use `cls`.
        core.release()
        borrowedStrings.forEach { free($0) }
    }
}
