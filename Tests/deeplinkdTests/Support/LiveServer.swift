import ArgumentParser
import DeepLinkServer
import Foundation
import HTTPTestSupport
import JSONLinesLog
import Logging
import Synchronization

@testable import deeplinkd

/// `deeplinkd serve ARGUMENTS` in this process: the server `serve` builds from its options (`ServeCommand.start`), on
/// 127.0.0.1 at a port the system picks, with its log and access log captured as the JSON lines the tool writes. The
/// port is bound when `init` returns, so there is nothing to wait for. What only the process does (signals, exit
/// statuses, standard streams) is tested in Tests/system.
final class LiveServer: Sendable {
    let server: DeepLinkServer
    /// The public listener's port.
    let port: Int
    private let log: LogLines

    /// Parses `serve --host 127.0.0.1 --port 0 ARGUMENTS` as the tool does and starts the server it describes.
    init(_ arguments: [String] = []) throws {
        _ = Deeplinkd.isInRepository
        let parsed = try Deeplinkd.parseAsRoot(["serve", "--host", "127.0.0.1", "--port", "0"] + arguments)
        guard let command = parsed as? ServeCommand else { throw Deeplinkd.NotInProcess(description: "not a serve command: \(arguments)") }
        let log = LogLines()
        let logger = Logger(label: "deeplinkd") { JSONLinesLogHandler(label: $0, output: .sink { log.append($0) }) }
        server = try command.start(try command.listenerConfiguration(), logger: logger, accessLog: .sink { log.append($0) })
        port = server.boundPort
        self.log = log
    }

    /// Drains and stops the server, as `serve` does on SIGTERM.
    func stop() {
        server.stop(drainDeadline: .seconds(5))
    }

    /// Every line logged so far, the access log's among them, each ended by a line break.
    var output: String { log.text }

    /// Waits until `text` appears `count` times in the log; false only when the test was cancelled (its time
    /// limit) first. The access-log line of an answer MicroHTTP gives itself may come just after the answer.
    func waitForLog(_ text: String, count: Int = 1) -> Bool {
        while output.components(separatedBy: text).count - 1 < count {
            if Task.isCancelled { return false }
            usleep(5_000)
        }
        return true
    }

    /// The answer to one request on a new connection to `port` (the public listener's by default), which closes after
    /// it: `method target`, `Host: host`, the `headers` lines, and `body` with its `Content-Length`.
    func request(
        _ target: String, method: String = "GET", host: String = "links.example.com", headers: [String] = [], body: String? = nil, port: Int? = nil
    ) throws -> RawResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n"
        for header in headers { head += header + "\r\n" }
        if let body { head += "Content-Length: \(body.utf8.count)\r\n" }
        let connection = try RawConnection(port: port ?? self.port, timeoutSeconds: 60)
        try connection.send(head + "\r\n" + (body ?? ""))
        return try connection.readResponse(isHead: method == "HEAD")
    }

    /// `POST target` of `body` as `contentType`.
    func post(_ target: String, _ body: String, contentType: String = "application/json") throws -> RawResponse {
        try request(target, method: "POST", headers: ["Content-Type: \(contentType)"], body: body)
    }

    /// The first 12 bytes of what the server sends back to `bytes` sent as they are (`HTTP/1.1 400`), read until it
    /// closes: the server may answer and close before it has read all of a refused request.
    func statusLine(answering bytes: String) throws -> String {
        let connection = try RawConnection(port: port, timeoutSeconds: 60)
        try? connection.send(bytes)
        return String(decoding: connection.readUntilClosed().prefix(12), as: UTF8.self)
    }
}

/// Log lines appended by the server's threads and read by the test's.
final class LogLines: Sendable {
    private let storage = Mutex("")

    func append(_ line: String) {
        storage.withLock { $0 += line + "\n" }
    }

    var text: String { storage.withLock { $0 } }
}
