import Foundation

/// `deeplinkd serve` on 127.0.0.1 with a free port, serving a table: the server the generated code is compared with.
///
/// The binary is the one `DEEPLINKD_BINARY` names, or `deeplinkd` on `PATH`; nothing assumes where this package sits.
public final class LiveServer: Sendable {
    /// The `deeplinkd` to start, or nil when `DEEPLINKD_BINARY` is not set and none is on `PATH`.
    public static let binary: URL? = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["DEEPLINKD_BINARY"], !path.isEmpty { return URL(fileURLWithPath: path) }
        return executable(named: "deeplinkd", path: environment["PATH"] ?? "")
    }()

    /// Whether a live server can be started; tests that need one are skipped otherwise (`make example-check` sets
    /// `DEEPLINKD_BINARY`, so they always run there).
    public static var isAvailable: Bool { binary != nil }

    let process: Process
    /// The port it listens on.
    public let port: Int

    /// Starts the server on the table at `table` and waits for its `serving` log line, which names the port.
    public init(table: URL) throws {
        guard let binary = Self.binary, FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw LiveServerError.notFound(Self.binary?.path)
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--config", table.path]
        let log = ServerLog()
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            if chunk.isEmpty { handle.readabilityHandler = nil }
            log.append(chunk)
        }
        try process.run()
        self.process = process
        // Waits on the server's own signal, the port line, or its exit: never on a wall-clock deadline.
        port = log.waitForPort()
        guard port != 0 else {
            if process.isRunning { process.terminate() }
            throw LiveServerError.didNotStart(log.text)
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// `POST /resolve` with `urls`, and `state` and `features` when given, through curl; the answer's `results`.
    public func resolve(_ urls: [String], state: String? = nil, features: [String]? = nil) throws -> [[String: Any]] {
        var request: [String: Any] = ["urls": urls]
        if let state { request["state"] = state }
        if let features { request["features"] = features }
        let body = try JSONSerialization.data(withJSONObject: request)
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = [
            "curl", "-s", "--max-time", "60", "-H", "Content-Type: application/json", "--data-binary", "@-", "http://127.0.0.1:\(port)/resolve",
        ]
        let input = Pipe()
        let output = Pipe()
        curl.standardInput = input
        curl.standardOutput = output
        try curl.run()
        input.fileHandleForWriting.write(body)
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        guard let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any], let results = answer["results"] as? [[String: Any]]
        else { throw LiveServerError.badAnswer(String(decoding: data.prefix(500), as: UTF8.self)) }
        return results
    }

    /// `POST /resolve` of any number of URLs, 1,000 a request (the server's limit).
    public func resolveAll(_ urls: [String], state: String? = nil, features: [String]? = nil) throws -> [[String: Any]] {
        var results: [[String: Any]] = []
        for start in stride(from: 0, to: urls.count, by: 1000) {
            let batch = Array(urls[start..<min(start + 1000, urls.count)])
            let answered = try resolve(batch, state: state, features: features)
            guard answered.count == batch.count else { throw LiveServerError.badAnswer("\(answered.count) results for \(batch.count) URLs") }
            results += answered
        }
        return results
    }

    /// The file called `name` in one of the folders of `path` (`:`-separated) that can be run.
    static func executable(named name: String, path: String) -> URL? {
        path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

/// Why the live server could not answer.
public enum LiveServerError: Error, CustomStringConvertible {
    case notFound(String?)
    case didNotStart(String)
    case badAnswer(String)

    public var description: String {
        switch self {
        case .notFound(let path?): "DEEPLINKD_BINARY names \(path), which cannot be run; build deeplinkd (swift build) or fix the variable"
        case .notFound(nil): "no deeplinkd: set DEEPLINKD_BINARY or put deeplinkd on PATH (and DEEPLINKD_PUBLIC to its Public folder)"
        case .didNotStart(let log): "deeplinkd serve did not say which port it listens on (DEEPLINKD_PUBLIC names its templates): \(log)"
        case .badAnswer(let text): "POST /resolve gave no results: \(text)"
        }
    }
}
