import ArgumentParser
import MicroHTTP

/// The robustness limits, each set on purpose (libmicrohttpd's own defaults are no timeout and no per-IP limit).
struct ServeLimits: ParsableArguments {
    @Option(help: "Most open connections.") var connectionLimit = 1000
    @Option(help: "Most open connections from one IP address; 0 turns it off (do that behind a proxy).") var perIPLimit = 64
    @Option(help: "Seconds of inactivity before a connection is closed.") var timeout = 15
    @Option(help: "Bytes per connection for the request line and headers.") var connectionMemory = 16 * 1024
    @Option(help: "Worker threads (default: the number of cores).") var threads: Int?
    @Option(help: "Seconds to let requests in flight finish on SIGTERM.") var drainSeconds = 10
    @Option(help: "Seconds between SIGTERM and closing the listener, serving as usual but /readyz 503, so load balancers stop sending first.")
    var drainDelay = 0
    @Option(help: "Bytes of request bodies and answers held for all connections together; past it, 503.")
    var bufferLimit = 64 * 1024 * 1024

    /// The HTTP engine's configuration with these limits; refuses a drain delay out of range or limits the engine refuses.
    func configuration() throws -> HTTPServer.Configuration {
        var configuration = HTTPServer.Configuration()
        configuration.connectionLimit = connectionLimit
        configuration.perIPConnectionLimit = perIPLimit
        configuration.connectionTimeout = timeout
        configuration.connectionMemoryLimit = connectionMemory
        configuration.bufferLimit = bufferLimit
        if let threads { configuration.threadPoolSize = threads }
        guard (0...3600).contains(drainDelay) else { throw ValidationError("--drain-delay must be 0...3600 seconds, not \(drainDelay)") }
        let problems = configuration.problems
        guard problems.isEmpty else { throw ValidationError(problems.joined(separator: "; ")) }
        return configuration
    }
}
