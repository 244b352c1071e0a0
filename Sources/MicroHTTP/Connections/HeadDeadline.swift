import Glibc
import ServerPlatform
import Synchronization

/// Closes every connection whose request head (request line and headers, after the TLS handshake over HTTPS) is not
/// in within `timeout` of the connection's accept, or of the end of its previous request on a keep-alive connection.
///
/// libmicrohttpd 0.9.75's own timeout counts inactivity: every byte received starts it again, so a client that
/// sends one header line every few seconds (slowloris), or one byte of a TLS handshake at a time, holds its
/// connection for as long as it likes. This deadline cannot be extended: a thread of its own looks at the open
/// connections a few times a second and shuts the reading side of each one that is late (``OpenConnections``), and
/// libmicrohttpd's worker then reads the end of the stream and closes it, as it does for a client that went away.
/// A request whose head is in is not touched: its body, its handling and its answer are bounded by the inactivity
/// timeout, the body limit and the memory budget instead.
final class HeadDeadline: Sendable {
    /// How long a head may take, in nanoseconds.
    let timeout: Int
    private let connections: OpenConnections
    private let report: @Sendable (_ closed: Int, _ example: String) -> Void
    /// A pipe whose write end `stop` writes to, so the sleeping thread wakes at once.
    private let wakeUp: (read: Int32, write: Int32)
    private let isRunning = Atomic<Bool>(false)
    private let finished = PThreadMutex<pthread_t?>(nil)

    /// A deadline of `timeout` on the connections of `connections`; `report` is told, from the deadline's thread and
    /// at most once a second, how many late heads it closed since it was last told (idle keep-alive connections left
    /// out: their expiry is routine) and the address of one of them.
    init(timeout: Duration, connections: OpenConnections, report: @escaping @Sendable (_ closed: Int, _ example: String) -> Void) {
        self.timeout = SystemClock.nanoseconds(timeout)
        self.connections = connections
        self.report = report
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        }
        wakeUp = (descriptors[0], descriptors[1])
    }

    deinit {
        close(wakeUp.read)
        close(wakeUp.write)
    }

    /// How often the connections are looked at: a tenth of the timeout, between 50 and 250 milliseconds, so a late
    /// connection is closed at most that long after its deadline.
    var interval: Int { min(250_000_000, max(50_000_000, timeout / 10)) }

    /// Starts looking, on a thread of its own; false if the thread could not be made.
    func start() -> Bool {
        guard wakeUp.read >= 0, !isRunning.exchange(true, ordering: .acquiringAndReleasing) else { return false }
        // Retained for the thread, released by it as it ends (after `stop`).
        let context = Unmanaged.passRetained(self).toOpaque()
        let body: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
            guard let context else { return nil }
            let deadline = Unmanaged<HeadDeadline>.fromOpaque(context)
            deadline.takeUnretainedValue().run()
            deadline.release()
            return nil
        }
        var thread = pthread_t()
        guard pthread_create(&thread, nil, body, context) == 0 else {
            Unmanaged<HeadDeadline>.fromOpaque(context).release()
            return false
        }
        finished.withLock { $0 = thread }
        return true
    }

    /// Stops looking and waits for the thread to end. Call once, after `start`.
    func stop() {
        var byte: UInt8 = 1
        _ = write(wakeUp.write, &byte, 1)
        guard let thread = finished.withLock({ $0 }) else { return }
        pthread_join(thread, nil)
    }

    /// Looks every `interval` until woken; reports what it closed at most once a second, all of it in the end.
    private func run() {
        var unreported = 0
        var example = ""
        var reportedAt = Int.min
        while true {
            var wake = pollfd(fd: wakeUp.read, events: Int16(POLLIN), revents: 0)
            // Woken (by `stop`): done. Timed out, or interrupted by a signal: look.
            if poll(&wake, 1, Int32(interval / 1_000_000)) > 0 { return }
            let now = SystemClock.monotonicNanoseconds()
            let closed = connections.closeLateHeads(dueBefore: now - timeout)
            if closed.late > 0 { (unreported, example) = (unreported + closed.late, closed.example) }
            guard unreported > 0, reportedAt == Int.min || now - reportedAt >= 1_000_000_000 else { continue }
            report(unreported, example)
            (unreported, reportedAt) = (0, now)
        }
    }
}
