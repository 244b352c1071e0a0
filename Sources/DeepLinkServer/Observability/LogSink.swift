import Foundation
import Synchronization

/// Collects log lines in memory and writes them to a file descriptor in batches: one `write` per batch instead
/// of one per request. A background thread flushes every 100 ms; a batch of 64 KiB is written at once; `flush()`
/// writes what is left (the server calls it before exiting).
public final class LogSink: Sendable {
    /// Standard error, shared by every handler of the process.
    public static let standardError = LogSink(descriptor: 2)

    private let descriptor: Int32
    private let pending = Mutex<[UInt8]>([])
    private static let batchSize = 64 * 1024

    private init(descriptor: Int32) {
        self.descriptor = descriptor
        let thread = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: 0.1)
                flush()
            }
        }
        thread.name = "deeplinkd-log"
        thread.start()
    }

    /// Queues one line (a newline is added).
    public func write(_ line: String) {
        append { $0 += line.utf8 }
    }

    /// Queues one line that `format` appends to the pending bytes (a newline is added after it). It runs under
    /// the sink's lock, so a line is formatted in place with no buffer of its own: keep it short and simple.
    func append(_ format: (inout [UInt8]) -> Void) {
        let batch: [UInt8]? = pending.withLock { buffer in
            format(&buffer)
            buffer.append(UInt8(ascii: "\n"))
            guard buffer.count >= Self.batchSize else { return nil }
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }
        if let batch { writeAll(batch) }
    }

    /// Writes everything queued.
    public func flush() {
        let batch = pending.withLock { buffer in
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }
        if !batch.isEmpty { writeAll(batch) }
    }

    private func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
