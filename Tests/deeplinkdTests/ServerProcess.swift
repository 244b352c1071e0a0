import Foundation
import Synchronization
import Testing

/// A `deeplinkd serve` process on 127.0.0.1 with a free port, its log captured.
final class ServerProcess: Sendable {
    let process: Process
    let port: Int
    private let log = LogBuffer()

    /// Starts the server and waits until it says which port it listens on.
    init(arguments: [String] = [], config: String = "config/deeplinkd.yaml") throws {
        let process = Process()
        process.executableURL = Deeplinkd.binary
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--config", config] + arguments
        process.currentDirectoryURL = Deeplinkd.root
        process.environment = Deeplinkd.environment
        let log = self.log
        // Standard output and standard error both go to the log: whatever the server writes anywhere is seen.
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = errors
        errors.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            // Empty at the end of the stream: stop watching, or the handler is called again and again.
            guard !chunk.isEmpty else {
                handle.readabilityHandler = nil
                return
            }
            log.append(String(decoding: chunk, as: UTF8.self))
        }
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(10)
        var port = 0
        while port == 0, Date() < deadline, process.isRunning {
            port = Self.port(in: log.text)
            if port == 0 { usleep(20_000) }
        }
        self.port = port
        if port == 0 {
            process.terminate()
            throw ServerProcessError.didNotStart(log.text)
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Everything the server wrote so far (standard error and standard output).
    var output: String { log.text }

    /// Stops the server with SIGTERM and expects it to exit 0 within 15 s with no sanitizer report in its output:
    /// under `make tsan` and `make asan` the server is built with the sanitizer, which reports at exit and then makes
    /// the exit status non-zero (a leak, under `make asan`, too).
    func stopCleanly(sourceLocation: SourceLocation = #_sourceLocation) {
        if process.isRunning { signal(SIGTERM) }
        let status = waitForExit(timeout: 15)
        let tail = String(output.suffix(2000))
        #expect(status == 0, "deeplinkd exited with status \(status.map(String.init) ?? "none (still running)"): \(tail)", sourceLocation: sourceLocation)
        #expect(!output.contains("Sanitizer"), "the server's output has a sanitizer report: \(tail)", sourceLocation: sourceLocation)
    }

    /// Sends a signal.
    func signal(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the process to exit, up to `timeout` seconds; returns its status, or nil if still running.
    func waitForExit(timeout: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Waits until the log contains `text`.
    func waitForLog(_ text: String, timeout: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if output.contains(text) { return true }
            usleep(20_000)
        }
        return false
    }

    /// The port the `serving` line of `log` names, 0 before it is written.
    static func port(in log: String) -> Int {
        for line in log.split(separator: "\n") where line.contains("\"message\":\"serving\"") {
            guard let range = line.range(of: "127.0.0.1:") else { continue }
            return Int(line[range.upperBound...].prefix { $0.isNumber }) ?? 0
        }
        return 0
    }
}

/// Text appended from the pipe's reading thread and read from the test's.
final class LogBuffer: Sendable {
    private let storage = Mutex("")

    func append(_ text: String) { storage.withLock { $0 += text } }

    var text: String { storage.withLock { $0 } }
}

enum ServerProcessError: Error {
    case didNotStart(String)
}

/// Runs curl, the way an operator checks the server.
enum Curl {
    struct Response {
        let status: Int
        let headers: [String: String]
        let body: String
    }

    static func request(_ url: String, _ options: [String] = []) throws -> Response {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "-i", "--max-time", "10"] + options + [url]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        let head = parts.first?.split(separator: "\r\n") ?? []
        let status = head.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}
