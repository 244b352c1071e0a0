import DeepLinkBytes
import Glibc
import ServerPlatform
import Synchronization

/// Collects log lines in memory and writes them to a file descriptor in batches, from one background thread only:
/// whoever logs (a request's worker thread above all) only appends to memory and never waits for the reader.
///
/// Lines are queued in lanes, each behind a lock of its own: one shared lane for whoever logs, and one lane per
/// worker thread for the access log (``makeLane()``), so workers never wait for each other to log a request.
/// Each line is whole within its lane; lines of different lanes are interleaved batch by batch, so the file is
/// in time order within a lane and every line carries its own time.
///
/// The flusher writes every 100 ms, and at once when a lane reaches 64 KiB. Its writes never block (``LogOutput``):
/// when the reader stalls, what it could not write waits for the next round, the lanes fill up, and a line that
/// finds its lane full (1 MiB) is dropped and counted (``droppedLineCount``, on `/metrics`); once everything
/// queued has been written again, one line says how many were dropped. ``flush(timeout:)`` writes what is left
/// before the process exits, giving up after its timeout.
package final class LogSink: Sendable {
    /// Standard error, shared by every handler of the process.
    package static let standardError = LogSink(descriptor: 2)

    /// Lines waiting to be written, in the order they were queued.
    package final class Lane: Sendable {
        fileprivate let pending = PThreadMutex<[UInt8]>([])
    }

    private let shared = Lane()
    private let lanes = PThreadMutex<[ObjectIdentifier: Lane]>([:])
    /// The descriptor and the bytes taken from the lanes but not yet written, behind a lock held while writing, so
    /// batches from different lanes never interleave within a line. Only the flusher and ``flush(timeout:)`` take it.
    private let output: PThreadMutex<LogOutput>
    /// Lines dropped because their lane was full, since the start.
    private let dropped = Atomic<Int>(0)
    private let wakeUp = WakeUpSignal()
    /// The bytes a lane holds at most (one line more at worst: a line is dropped when it finds the lane full).
    private let laneCapacity: Int
    /// A lane holding this many bytes wakes the flusher before its pause is over.
    private static let batchSize = 64 * 1024

    /// A sink writing to `descriptor`, with lanes of `laneCapacity` bytes, flushed by a thread of its own when
    /// `isFlushedInBackground` (else only by ``flush(timeout:)``, as tests do).
    init(descriptor: Int32, laneCapacity: Int = 1024 * 1024, isFlushedInBackground: Bool = true) {
        output = PThreadMutex(LogOutput(descriptor: descriptor))
        self.laneCapacity = laneCapacity
        guard isFlushedInBackground else { return }
        // A plain thread rather than Foundation's, which would bring in its run-loop machinery for a sleep loop. The
        // retain is never balanced: a sink flushed in background is a process-wide constant that flushes until exit.
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let flusher: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
            guard let context else { return nil }
            let sink = Unmanaged<LogSink>.fromOpaque(context).takeUnretainedValue()
            while true {
                sink.wakeUp.wait(nanoseconds: 100_000_000)
                sink.drain(until: 0)
            }
        }
        if pthread_create(&thread, nil, flusher, context) == 0 {
            pthread_detach(thread)
        }
    }

    deinit {
        output.withLock { $0.close() }
    }

    /// Lines dropped so far because the output was not read fast enough.
    package var droppedLineCount: Int { dropped.load(ordering: .relaxed) }

    /// Queues one line that `format` appends to the shared lane's pending bytes (a newline is added after it).
    func append(_ format: (inout [UInt8]) -> Void) {
        append(to: shared, format)
    }

    /// Queues one line that `format` appends to `lane`'s pending bytes (a newline is added after it), or drops it when
    /// the lane is full. `format` runs under the lane's lock, so a line is formatted in place with no buffer of its
    /// own: keep it short and simple. Never writes: the flusher does.
    package func append(to lane: Lane, _ format: (inout [UInt8]) -> Void) {
        let capacity = laneCapacity
        let queued: Bool? = lane.pending.withLock { buffer in
            guard buffer.count < capacity else { return nil }
            let before = buffer.count
            format(&buffer)
            buffer.append(UInt8(ascii: "\n"))
            return before < Self.batchSize && buffer.count >= Self.batchSize
        }
        switch queued {
        case nil: dropped.add(1, ordering: .relaxed)
        case true?: wakeUp.signal()
        case false?: break
        }
    }

    /// A new lane, flushed with the others until ``remove(_:)``.
    package func makeLane() -> Lane {
        let lane = Lane()
        lanes.withLock { $0[ObjectIdentifier(lane)] = lane }
        return lane
    }

    /// Stops flushing `lane`; what it holds moves to the shared lane (dropped and counted where that one is full).
    package func remove(_ lane: Lane) {
        lanes.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(lane)) }
        let batch = lane.pending.withLock { Self.take(&$0) }
        let capacity = laneCapacity
        let isMoved = shared.pending.withLock { buffer in
            guard buffer.count < capacity else { return false }
            buffer += batch
            return true
        }
        if !isMoved { dropped.add(batch.count { $0 == UInt8(ascii: "\n") }, ordering: .relaxed) }
    }

    /// Writes everything queued, waiting at most `timeout` for a reader that is slow; what cannot be written by then
    /// is left (the server calls it before exiting, so a reader that never reads cannot hold up the exit).
    package func flush(timeout: Duration = .seconds(1)) {
        drain(until: SystemClock.monotonicNanoseconds() + SystemClock.nanoseconds(timeout))
    }

    /// Writes what is queued, lane by lane, until `deadline` (0: without waiting at all); once everything is written,
    /// reports the lines dropped since the last report.
    private func drain(until deadline: Int) {
        output.withLock { output in
            guard output.write(until: deadline) else { return }
            for lane in [shared] + lanes.withLock({ Array($0.values) }) {
                let batch = lane.pending.withLock { Self.take(&$0) }
                guard !batch.isEmpty else { continue }
                output.queue(batch)
                guard output.write(until: deadline) else { return }
            }
            let dropped = droppedLineCount
            guard dropped > output.reportedDrops else { return }
            output.queue(Self.dropReport(dropped - output.reportedDrops))
            output.reportedDrops = dropped
            _ = output.write(until: deadline)
        }
    }

    /// The line that says `count` lines were dropped, with its newline.
    static func dropReport(_ count: Int) -> [UInt8] {
        let line = JSONLogLine.make(
            level: "warning", label: "deeplinkd", message: "log lines dropped: the log output was not read fast enough",
            fields: [("dropped", .string(String(count)))])
        return line + [UInt8(ascii: "\n")]
    }

    /// The bytes in `buffer`, leaving it empty with its capacity.
    private static func take(_ buffer: inout [UInt8]) -> [UInt8] {
        guard !buffer.isEmpty else { return [] }
        defer { buffer.removeAll(keepingCapacity: true) }
        return buffer
    }
}
