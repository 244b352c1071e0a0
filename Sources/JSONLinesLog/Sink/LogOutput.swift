import Glibc
import ServerPlatform

/// The file descriptor a ``LogSink`` writes to, written without ever waiting longer than the caller allows: a reader
/// that stops reading costs the writer its deadline, never a thread stuck in `write`.
///
/// A pipe or terminal is written through a descriptor of its own, opened non-blocking through `/proc/self/fd`, so
/// the flag does not change the open file the process shares with whoever started it; a socket is written with
/// `MSG_DONTWAIT`; a regular file, which never waits for a reader, is written as it is. A reader that has gone
/// (`EPIPE`: SIGPIPE is ignored by `serve`) or any other error drops what was to be written.
struct LogOutput: Sendable {
    /// How bytes reach the descriptor.
    private enum Kind {
        case socket
        case descriptor
    }

    private let descriptor: Int32
    private let kind: Kind
    /// Whether `descriptor` was opened here, for ``close()``.
    private let isOwned: Bool
    /// Bytes taken from the lanes but not written yet: the rest of a batch a full pipe cut short, written before
    /// anything else so that lines stay whole.
    private(set) var unwritten: [UInt8] = []
    /// The dropped lines already reported in the log.
    var reportedDrops = 0

    /// An output writing to `descriptor` without blocking.
    init(descriptor: Int32) {
        var status = stat()
        let type = fstat(descriptor, &status) == 0 ? status.st_mode & S_IFMT : 0
        if type == S_IFSOCK {
            (self.descriptor, kind, isOwned) = (descriptor, .socket, false)
        } else if type == S_IFREG {
            (self.descriptor, kind, isOwned) = (descriptor, .descriptor, false)
        } else {
            let own = open("/proc/self/fd/\(descriptor)", O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            if own >= 0 {
                (self.descriptor, kind, isOwned) = (own, .descriptor, true)
            } else {
                // No /proc, or a pipe with no reader left: make the shared descriptor non-blocking rather than risk a
                // write that never returns.
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
                (self.descriptor, kind, isOwned) = (descriptor, .descriptor, false)
            }
        }
    }

    /// Closes the descriptor if it was opened here.
    func close() {
        if isOwned { _ = closeDescriptor(descriptor) }
    }

    /// Queues `bytes` after what is still unwritten.
    mutating func queue(_ bytes: [UInt8]) {
        if unwritten.isEmpty { unwritten = bytes } else { unwritten += bytes }
    }

    /// Writes what is queued, waiting for the reader until `deadline` (`SystemClock.monotonicNanoseconds()`) at most;
    /// true when nothing is left.
    mutating func write(until deadline: Int) -> Bool {
        var offset = 0
        defer { unwritten.removeFirst(offset) }
        while offset < unwritten.count {
            let written = unwritten[offset...].withUnsafeBytes { bytes in
                switch kind {
                case .socket: send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
                case .descriptor: writeDescriptor(descriptor, bytes.baseAddress, bytes.count)
                }
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                let remaining = deadline - SystemClock.monotonicNanoseconds()
                guard remaining > 0 else { return false }
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, Int32(min(1000, max(1, remaining / 1_000_000))))
            } else {
                offset = unwritten.count
            }
        }
        return true
    }
}

/// `close(2)` and `write(2)` under names of their own: inside `LogOutput`, `close` and `write` are its methods.
private func closeDescriptor(_ descriptor: Int32) -> Int32 { close(descriptor) }

private func writeDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { write(descriptor, bytes, count) }
