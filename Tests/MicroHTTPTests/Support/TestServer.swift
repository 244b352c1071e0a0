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
