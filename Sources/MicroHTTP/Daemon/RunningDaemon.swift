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
    /// On failure libmicrohttpd has already closed the socket (measured with 0.9.75: every failure
    /// after option parsing closes it, and these options always parse), so it is not closed again
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
    /// once; open connections go on. The descriptor itself is closed by `stop()`, once MHD's threads are joined.
    ///
    /// A worker thread may still be inside a `poll` that holds the socket, and accept on it when that returns
    /// (libmicrohttpd's documentation: close it only after `MHD_stop_daemon`). Closed earlier, its descriptor number
    /// could be reused by a socket opened elsewhere in the process, which that worker would then accept on.
    /// `shutdown` ends the listening (Linux refuses new connections to it) and keeps the number taken.
    func quiesce() {
        let listener = MHD_quiesce_daemon(handle)
        guard listener >= 0 else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        quiescedListener.withLock { $0 = listener }
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
