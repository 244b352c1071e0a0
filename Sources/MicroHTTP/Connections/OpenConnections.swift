import Glibc
import ServerPlatform
import Synchronization

/// The connections the daemon holds, and which of them are between requests, so that a drain can close the idle
/// ones instead of waiting for them.
///
/// libmicrohttpd 0.9.75 goes on serving keep-alive connections after `MHD_quiesce_daemon`, and has no call that
/// closes a connection from outside its own threads, so one keep-alive client that sends nothing more would hold
/// the drain until its deadline. ``closeIdle(includingReceiving:)`` shuts the reading side of every connection with no request under
/// way. The worker thread that owns the connection then reads the end of the stream and closes the connection
/// itself. Shutting the reading side discards nothing on Linux: bytes the client sent before, or sends after, are
/// still read before the end of the stream, so a request already on its way is read and answered (with
/// `Connection: close`, as the server is draining) like any other. Only a request that arrives once the worker has
/// read the end of the stream finds the connection closed: the race that every close of a keep-alive connection
/// has, which HTTP clients retry (RFC 9112, section 9.3.1).
final class OpenConnections: Sendable {
    private let connections = PThreadMutex<[ObjectIdentifier: OpenConnection]>([:])

    /// Starts tracking a connection libmicrohttpd has just accepted.
    func opened(_ connection: OpenConnection) {
        connections.withLock { $0[ObjectIdentifier(connection)] = connection }
    }

    /// Stops tracking a connection libmicrohttpd is closing.
    ///
    /// libmicrohttpd sends the closing notification before it closes the socket (measured with 0.9.75), and this
    /// waits for a running ``closeIdle()``, so no descriptor is shut after it was closed and perhaps reused.
    func closed(_ connection: OpenConnection) {
        connections.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    /// Shuts the reading side of every connection with no request being answered (once per connection); one whose
    /// client is still sending its request only when `includingReceiving`.
    func closeIdle(includingReceiving: Bool) {
        connections.withLock { connections in
            for connection in connections.values where !connection.isBusy.load(ordering: .acquiring) {
                guard includingReceiving || !connection.isReceiving.load(ordering: .acquiring) else { continue }
                guard !connection.isReadShut.exchange(true, ordering: .relaxed) else { continue }
                shutdown(connection.descriptor, Int32(SHUT_RD))
            }
        }
    }
}
