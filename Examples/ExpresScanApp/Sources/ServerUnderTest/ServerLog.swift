import Foundation

/// What the server writes, gathered from its pipe on another thread, and a wait for the line that names its port.
final class ServerLog: @unchecked Sendable {
    // Every access to `bytes` and `isClosed` holds `condition`, which is also what `waitForPort` sleeps on: the
    // pipe's handler thread appends and signals, the test's thread reads.
    private let condition = NSCondition()
    private var bytes = Data()
    private var isClosed = false

    /// Adds a chunk of output; an empty one means the pipe is closed (the server exited).
    func append(_ chunk: Data) {
        condition.lock()
        if chunk.isEmpty { isClosed = true } else { bytes.append(chunk) }
        condition.signal()
        condition.unlock()
    }

    /// Everything written so far.
    var text: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The port the `serving` line names, once written; 0 when the server closes its output without one.
    func waitForPort() -> Int {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let port = Self.port(in: String(decoding: bytes, as: UTF8.self))
            if port != 0 || isClosed { return port }
            condition.wait()
        }
    }

    /// The port the `serving` line names, 0 before it is written.
    static func port(in log: String) -> Int {
        for line in log.split(separator: "\n") where line.contains("\"message\":\"serving\"") {
            guard let range = line.range(of: "127.0.0.1:") else { continue }
            return Int(line[range.upperBound...].prefix { $0.isNumber }) ?? 0
        }
        return 0
    }
}
