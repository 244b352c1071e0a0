import Synchronization

/// One connection libmicrohttpd holds: its socket, and whether a request on it is under way.
final class OpenConnection: Sendable {
    /// The connection's socket, owned by libmicrohttpd.
    let descriptor: Int32
    /// Set when the request line of a request has been read, cleared when that request is over.
    let isBusy = Atomic<Bool>(false)
    /// Whether ``OpenConnections/closeIdle()`` has shut its reading side already.
    let isReadShut = Atomic<Bool>(false)

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }
}
