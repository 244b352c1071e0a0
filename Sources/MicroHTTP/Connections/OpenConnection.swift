import Synchronization

/// One connection libmicrohttpd holds: its socket, its client, and whether a request on it is under way.
final class OpenConnection: Sendable {
    /// The connection's socket, owned by libmicrohttpd.
    let descriptor: Int32
    /// The client's numeric address, such as `127.0.0.1`; empty if libmicrohttpd could not tell.
    let remoteAddress: String
    /// Set when a request's request line has been read, cleared when that request is over: the client is sending it.
    let isReceiving = Atomic<Bool>(false)
    /// Set when a request's headers have been read (its body may still be on its way), cleared when it is over.
    let isBusy = Atomic<Bool>(false)
    /// Whether ``OpenConnections/closeIdle()`` has shut its reading side already.
    let isReadShut = Atomic<Bool>(false)
    /// What its first corked TLS answer found out about its socket (`Exchange.Corking`); used by its worker only.
    let corking = Atomic<Int>(0)

    /// The context of the connection's last request, once it is over, for the next one to reuse. Only the
    /// connection's worker touches it, from libmicrohttpd's request-line and completed callbacks, which it calls for
    /// one connection from one thread.
    nonisolated(unsafe) var spareRequest: RequestContext?

    init(descriptor: Int32, remoteAddress: String) {
        self.descriptor = descriptor
        self.remoteAddress = remoteAddress
    }
}
