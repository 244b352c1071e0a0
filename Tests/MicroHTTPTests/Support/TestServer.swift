import Logging
import MicroHTTP
import Synchronization

/// Test helpers for running a live ``HTTPServer`` on 127.0.0.1, port 0.
enum TestServer {
    /// A logger that drops everything, keeping test output readable.
    static let quietLogger = Logger(label: "MicroHTTPTests") { _ in SwiftLogNoOpLogHandler() }

    /// The configuration tests start from: loopback, a system-picked port, two threads.
    static func configuration(host: String = "127.0.0.1") -> HTTPServer.Configuration {
        HTTPServer.Configuration(host: host, port: 0, threadPoolSize: 2)
    }

    /// Starts a server, runs `body` with it, and always stops it afterwards.
    @discardableResult
    static func with<Result>(
        _ configuration: HTTPServer.Configuration = configuration(),
        handler: @escaping @Sendable (HTTPRequest) -> HTTPReply,
        _ body: (HTTPServer) throws -> Result
    ) throws -> Result {
        let server = HTTPServer(configuration: configuration, logger: quietLogger, handler: handler)
        try server.start()
        defer { server.stop(drainDeadline: .milliseconds(200)) }
        return try body(server)
    }
}

/// Keeps the message of every line logged through ``logger``, for assertions after the fact.
final class LogRecorder: Sendable {
    private let storage = Mutex<[String]>([])

    /// A logger whose lines (every level) are recorded here.
    var logger: Logger {
        var logger = Logger(label: "MicroHTTPTests") { _ in Handler(recorder: self) }
        logger.logLevel = .trace
        return logger
    }

    /// The messages logged so far, in order.
    var messages: [String] { storage.withLock { $0 } }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            recorder.storage.withLock { $0.append("\(event.message)") }
        }
    }
}

/// Keeps every request a handler received, for assertions after the fact.
final class RequestRecorder: Sendable {
    private let storage = Mutex<[HTTPRequest]>([])

    /// Records `request`.
    func record(_ request: HTTPRequest) {
        storage.withLock { $0.append(request) }
    }

    /// Every request recorded so far, in arrival order.
    var requests: [HTTPRequest] {
        storage.withLock { $0 }
    }
}
