import Foundation
import Synchronization

/// The repository's built `deeplinkd serve` on 127.0.0.1 with a free port, serving a table of this repository.
public final class LiveServer: Sendable {
    /// The repository root: four levels above this file's folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// The `deeplinkd` that `swift build` in the repository builds.
    public static let binary = root.appendingPathComponent(".build/debug/deeplinkd")

    let process: Process
    /// The port it listens on.
    public let port: Int

    /// Starts the server on `config` (relative to the repository root) and waits for its `serving` log line, which
    /// names the port.
    public init(config: String = "config/deeplinkd.yaml") throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else { throw LiveServerError.notBuilt(Self.binary.path) }
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--config", config]
        process.currentDirectoryURL = Self.root
        let log = Mutex("")
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            guard !chunk.isEmpty else {
                handle.readabilityHandler = nil
                return
            }
            log.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
        }
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(10)
        var port = 0
        while port == 0, Date() < deadline, process.isRunning {
            port = Self.port(in: log.withLock { $0 })
            if port == 0 { usleep(20_000) }
        }
        self.port = port
        guard port != 0 else {
            process.terminate()
            throw LiveServerError.didNotStart(log.withLock { $0 })
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// The port the `serving` line names, 0 before it is written.
    static func port(in log: String) -> Int {
        for line in log.split(separator: "\n") where line.contains("\"message\":\"serving\"") {
            guard let range = line.range(of: "127.0.0.1:") else { continue }
            return Int(line[range.upperBound...].prefix { $0.isNumber }) ?? 0
        }
        return 0
    }

    /// `POST /resolve` with `urls`, and `state` and `features` when given, through curl; the answer's `results`.
    public func resolve(_ urls: [String], state: String? = nil, features: [String]? = nil) throws -> [[String: Any]] {
        var request: [String: Any] = ["urls": urls]
        if let state { request["state"] = state }
        if let features { request["features"] = features }
        let body = try JSONSerialization.data(withJSONObject: request)
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = [
            "-s", "--max-time", "30", "-H", "Content-Type: application/json", "--data-binary", "@-", "http://127.0.0.1:\(port)/resolve",
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
}

/// Why the live server could not answer.
public enum LiveServerError: Error, CustomStringConvertible {
    case notBuilt(String)
    case didNotStart(String)
    case badAnswer(String)

    public var description: String {
        switch self {
        case .notBuilt(let path): "\(path) is not built; run `swift build` in the repository first (make test does)"
        case .didNotStart(let log): "deeplinkd serve did not say which port it listens on: \(log)"
        case .badAnswer(let text): "POST /resolve gave no results: \(text)"
        }
    }
}
