import Foundation
import Glibc
import Testing

/// A `deeplinkd serve` process whose standard output and error go to a pipe the test holds: read only until the
/// server says where it listens, then left unread (a log shipper that stalls) or closed (one that has gone).
final class PipedServerProcess {
    let process: Process
    /// The port it listens on, from its `serving` line.
    private(set) var port = 0
    /// The pipe's read end, -1 once closed.
    private var reader: Int32
    /// What was read from the pipe so far.
    private(set) var output = ""

    /// Starts the server and reads its output until the `serving` line.
    init(arguments: [String] = []) throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        // Close-on-exec, so that no other process the tests start holds an end of it.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        reader = ends[0]
        _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK)
        let writer = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        process = Process()
        process.executableURL = Deeplinkd.binary
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0"] + arguments
        process.currentDirectoryURL = Deeplinkd.root
        process.environment = Deeplinkd.environment
        process.standardOutput = writer
        process.standardError = writer
        try process.run()
        try writer.close()
        let deadline = Date().addingTimeInterval(10)
        while port == 0, Date() < deadline, process.isRunning {
            readAvailable()
            port = ServerProcess.port(in: output)
            if port == 0 { usleep(20_000) }
        }
        if port == 0 {
            process.terminate()
            throw ServerProcessError.didNotStart(output)
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        if reader >= 0 { close(reader) }
    }

    /// Appends what the pipe holds now to `output`.
    func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while reader >= 0 {
            let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            output += String(decoding: buffer[..<count], as: UTF8.self)
        }
    }

    /// Closes the read end: the server's next write finds no reader.
    func closeReader() {
        close(reader)
        reader = -1
    }

    /// Sends SIGTERM and waits up to `timeout` seconds; the exit status, or nil if it is still running or was killed
    /// by a signal.
    func terminate(timeout: TimeInterval) -> Int32? {
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        guard !process.isRunning, process.terminationReason == .exit else { return nil }
        return process.terminationStatus
    }
}
