import Glibc
import MicroHTTP

/// Collects log lines in memory and writes them to a file descriptor in batches: one `write` per batch instead
/// of one per request. A background thread flushes every 100 ms; a lane holding 64 KiB is written at once;
/// `flush()` writes what is left (the server calls it before exiting).
///
/// Lines are queued in lanes, each behind a lock of its own: one shared lane for whoever logs, and one lane per
/// worker thread for the access log (``makeLane()``), so workers never wait for each other to log a request.
/// Each line is whole within its lane; lines of different lanes are interleaved batch by batch, so the file is
/// in time order within a lane and every line carries its own time.
public final class LogSink: Sendable {
    /// Standard error, shared by every handler of the process.
    public static let standardError = LogSink(descriptor: 2)

    /// Lines waiting to be written, in the order they were queued.
    final class Lane: Sendable {
        fileprivate let pending = PThreadMutex<[UInt8]>([])
    }

    private let shared = Lane()
    private let lanes = PThreadMutex<[ObjectIdentifier: Lane]>([:])
    /// The file descriptor written to, behind a lock held while writing, so batches from different lanes never
    /// interleave within a line.
    private let output: PThreadMutex<Int32>
    private static let batchSize = 64 * 1024

    private init(descriptor: Int32) {
        output = PThreadMutex(descriptor)
        // A plain thread rather than Foundation's, which would bring in its run-loop machinery for a sleep loop. The
        // retain is never balanced: the sinks are process-wide constants that flush until the process exits.
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let flusher: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
            guard let context else { return nil }
            let sink = Unmanaged<LogSink>.fromOpaque(context).takeUnretainedValue()
            while true {
                var pause = timespec(tv_sec: 0, tv_nsec: 100_000_000)
                nanosleep(&pause, nil)
                sink.flush()
            }
        }
        if pthread_create(&thread, nil, flusher, context) == 0 {
            pthread_detach(thread)
        }
    }

    /// Queues one line (a newline is added).
    public func write(_ line: String) {
        append { $0 += line.utf8 }
    }

    /// Queues one line that `format` appends to the shared lane's pending bytes (a newline is added after it).
    func append(_ format: (inout [UInt8]) -> Void) {
        append(to: shared, format)
    }

    /// Queues one line that `format` appends to `lane`'s pending bytes (a newline is added after it). It runs under
    /// the lane's lock, so a line is formatted in place with no buffer of its own: keep it short and simple.
    func append(to lane: Lane, _ format: (inout [UInt8]) -> Void) {
        let batch: [UInt8]? = lane.pending.withLock { buffer in
            format(&buffer)
            buffer.append(UInt8(ascii: "\n"))
            return buffer.count >= Self.batchSize ? Self.take(&buffer) : nil
        }
        if let batch { writeAll(batch) }
    }

    /// A new lane, flushed with the others until ``remove(_:)``.
    func makeLane() -> Lane {
        let lane = Lane()
        lanes.withLock { $0[ObjectIdentifier(lane)] = lane }
        return lane
    }

    /// Writes what `lane` holds and stops flushing it.
    func remove(_ lane: Lane) {
        lanes.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(lane)) }
        let batch = lane.pending.withLock { Self.take(&$0) }
        if !batch.isEmpty { writeAll(batch) }
    }

    /// Writes everything queued.
    public func flush() {
        for lane in [shared] + lanes.withLock({ Array($0.values) }) {
            let batch = lane.pending.withLock { Self.take(&$0) }
            if !batch.isEmpty { writeAll(batch) }
        }
    }

    /// The bytes in `buffer`, leaving it empty with its capacity.
    private static func take(_ buffer: inout [UInt8]) -> [UInt8] {
        guard !buffer.isEmpty else { return [] }
        defer { buffer.removeAll(keepingCapacity: true) }
        return buffer
    }

    private func writeAll(_ bytes: [UInt8]) {
        output.withLock { descriptor in
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
}
