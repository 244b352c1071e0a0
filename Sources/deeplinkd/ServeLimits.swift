import ArgumentParser
import MicroHTTP

/// The robustness limits, each set on purpose (libmicrohttpd's own defaults are no timeout and no per-IP limit).
struct ServeLimits: ParsableArguments {
    @Option(help: "Most open connections.") var connectionLimit = 1000
    @Option(help: "Most open connections from one IP address; 0 turns it off (do that behind a proxy).") var perIPLimit = 64
    @Option(
        help: ArgumentHelp(
            "Most open connections from one IPv4 /24 or IPv6 /64 (default: 256, or 0 when --per-ip-limit is 0); 0 turns it off (do that behind a proxy).",
            valueName: "count"))
    var perPrefixLimit: Int?
    @Option(help: "Seconds of inactivity before a connection is closed (1...3600).") var timeout = 15
    @Option(
        help: ArgumentHelp(
            "Seconds a client has for its TLS handshake and request line and headers, from connecting or from its previous answer, however slowly they trickle in (1...3600).",
            valueName: "seconds"))
    var headerTimeout = 10
    @Option(help: "Bytes per connection for the request line and headers.") var connectionMemory = 16 * 1024
    @Option(help: "Worker threads (default: the number of cores).") var threads: Int?
    @Option(help: "Seconds to let requests in flight finish on SIGTERM.") var drainSeconds = 10
    @Option(help: "Seconds between SIGTERM and closing the listener, serving as usual but /readyz 503, so load balancers stop sending first.")
    var drainDelay = 0
    @Option(help: "Bytes of request bodies and answers held for all connections together; past it, 503.")
    var bufferLimit = 64 * 1024 * 1024

    /// The per-prefix limit in effect: as given, else 256, or none when the per-address limit is off (behind a proxy
    /// every connection comes from a few addresses, usually of one network).
    var effectivePerPrefixLimit: Int {
        perPrefixLimit ?? (perIPLimit == 0 ? 0 : 256)
    }

    /// The HTTP engine's configuration with these limits; refuses timeouts and a drain delay out of range, and
    /// limits the engine refuses.
    func configuration() throws -> HTTPServer.Configuration {
        // 0 would mean no timeout at all to libmicrohttpd: a silent connection would be held for ever.
        guard (1...3600).contains(timeout) else {
            throw ValidationError("--timeout must be 1...3600 seconds, not \(timeout): a connection is closed after that long without a byte")
        }
        guard (1...3600).contains(headerTimeout) else {
            throw ValidationError(
                "--header-timeout must be 1...3600 seconds, not \(headerTimeout): a client has that long to send its request line and headers")
        }
        if let perPrefixLimit, perPrefixLimit < 0 {
            throw ValidationError("--per-prefix-limit must be 0 (no limit) or more, not \(perPrefixLimit)")
        }
        guard (0...3600).contains(drainDelay) else { throw ValidationError("--drain-delay must be 0...3600 seconds, not \(drainDelay)") }
        var configuration = HTTPServer.Configuration()
        configuration.connectionLimit = connectionLimit
        configuration.perIPConnectionLimit = perIPLimit
        configuration.perPrefixConnectionLimit = effectivePerPrefixLimit
        configuration.connectionTimeout = timeout
        configuration.requestHeadTimeout = headerTimeout
        configuration.connectionMemoryLimit = connectionMemory
        configuration.bufferLimit = bufferLimit
        if let threads { configuration.threadPoolSize = threads }
        let problems = configuration.problems
        guard problems.isEmpty else { throw ValidationError(problems.joined(separator: "; ")) }
        return configuration
    }
}
