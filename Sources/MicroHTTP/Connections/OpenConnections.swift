import Glibc
import ServerPlatform
import Synchronization

/// The connections the daemon holds, how many come from each client network, and how far each one's request has
/// come, so that the server can close a connection from outside libmicrohttpd's threads: an idle one when draining,
/// one whose request head is late (`HeadDeadline`), one over the per-prefix limit.
///
/// libmicrohttpd 0.9.75 has no call that closes a connection from another thread (and goes on serving keep-alive
/// connections after `MHD_quiesce_daemon`). Shutting a connection's reading side does it: the worker thread that owns
/// the connection reads the end of the stream and closes the connection itself. Shutting the reading side discards
/// nothing on Linux: bytes the client sent before, or sends after, are still read before the end of the stream, so a
/// request already on its way is read and answered (with `Connection: close` when the server is draining) like any
/// other. Only a request that arrives once the worker has read the end of the stream finds the connection closed:
/// the race that every close of a keep-alive connection has, which HTTP clients retry (RFC 9112, section 9.3.1).
final class OpenConnections: Sendable {
    private struct Tracked {
        var connections: [ObjectIdentifier: OpenConnection] = [:]
        var perPrefix: [AddressPrefix: Int] = [:]
        /// Sockets handed to libmicrohttpd (`MHD_add_connection`) that it has not started yet: it queues them for a
        /// worker, and counts them among its connections only once that worker takes them.
        var handedOver: Set<Int32> = []
    }

    private let tracked = PThreadMutex(Tracked())

    /// Open connections from `prefix`'s network now.
    func count(from prefix: AddressPrefix) -> Int {
        tracked.withLock { $0.perPrefix[prefix] ?? 0 }
    }

    /// Starts tracking a connection libmicrohttpd has just accepted; returns how many connections its network holds
    /// now, itself included (0 when its network is unknown).
    @discardableResult
    func opened(_ connection: OpenConnection) -> Int {
        tracked.withLock { tracked in
            tracked.connections[ObjectIdentifier(connection)] = connection
            tracked.handedOver.remove(connection.descriptor)
            guard let prefix = connection.prefix else { return 0 }
            let count = (tracked.perPrefix[prefix] ?? 0) + 1
            tracked.perPrefix[prefix] = count
            return count
        }
    }

    /// Notes that the socket `descriptor` is being handed to libmicrohttpd, which starts it later (`opened`).
    func handingOver(_ descriptor: Int32) {
        _ = tracked.withLock { $0.handedOver.insert(descriptor) }
    }

    /// Forgets a socket libmicrohttpd refused (and closed) when it was handed over.
    func refused(_ descriptor: Int32) {
        _ = tracked.withLock { $0.handedOver.remove(descriptor) }
    }

    /// Whether a socket handed to libmicrohttpd has not been started yet: a drain must wait for it too.
    var hasHandedOverConnections: Bool {
        tracked.withLock { !$0.handedOver.isEmpty }
    }

    /// Stops tracking a connection libmicrohttpd is closing.
    ///
    /// libmicrohttpd sends the closing notification before it closes the socket (0.9.75's `MHD_cleanup_connections`),
    /// and this waits for a running ``closeIdle(includingFresh:)`` or ``closeLateHeads(dueBefore:)``, so no descriptor
    /// is shut after it was closed and perhaps reused.
    func closed(_ connection: OpenConnection) {
        tracked.withLock { tracked in
            guard tracked.connections.removeValue(forKey: ObjectIdentifier(connection)) != nil, let prefix = connection.prefix else { return }
            let count = (tracked.perPrefix[prefix] ?? 1) - 1
            tracked.perPrefix[prefix] = count > 0 ? count : nil
        }
    }

    /// Shuts the reading side of every connection with no request being answered (once per connection): the idle
    /// keep-alive ones, and when `includingFresh` also those whose client is still sending a request or has not sent
    /// one yet (just connected, or in its TLS handshake).
    func closeIdle(includingFresh: Bool) {
        tracked.withLock { tracked in
            for connection in tracked.connections.values where !connection.isBusy.load(ordering: .acquiring) {
                guard includingFresh || connection.isIdle else { continue }
                Self.shutReading(connection)
            }
        }
    }

    /// Shuts the reading side of every connection whose request head (or TLS handshake) has been due since before
    /// `dueBefore` (monotonic nanoseconds) and is still not in. Returns how many of them had not had a request answered
    /// or were sending one (late heads), and the address of one of those; idle keep-alive connections closed on the
    /// way are not counted: their expiry is routine.
    func closeLateHeads(dueBefore: Int) -> (late: Int, example: String) {
        tracked.withLock { tracked in
            var late = 0
            var example = ""
            for connection in tracked.connections.values
            where !connection.isBusy.load(ordering: .acquiring) && connection.headDueSince.load(ordering: .acquiring) < dueBefore {
                let wasIdle = connection.isIdle
                guard Self.shutReading(connection), !wasIdle else { continue }
                late += 1
                example = connection.remoteAddress
            }
            return (late, example)
        }
    }

    /// Shuts `connection`'s reading side unless that was done already; whether it did. Call with the lock held.
    @discardableResult
    static func shutReading(_ connection: OpenConnection) -> Bool {
        guard !connection.isReadShut.exchange(true, ordering: .relaxed) else { return false }
        shutdown(connection.descriptor, Int32(SHUT_RD))
        return true
    }

    /// Shuts the reading side of `connection`, which libmicrohttpd is still tracking (it is called from the
    /// connection's own started notification).
    func shutReading(_ connection: OpenConnection) {
        _ = tracked.withLock { _ in Self.shutReading(connection) }
    }
}
