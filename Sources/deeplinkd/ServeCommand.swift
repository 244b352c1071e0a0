import ArgumentParser
import DeepLinkServer
import Foundation
import Logging
import MicroHTTP

/// `deeplinkd serve`: the link domain over HTTP(S).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the AASA, landing pages and the /resolve and /link APIs.",
        discussion:
            "SIGHUP (or, with --watch, a change on disk) reloads the config and templates (a config that fails check is rejected); SIGTERM and SIGINT turn /readyz to 503, wait --drain-delay, drain and exit 0."
    )

    @OptionGroup var options: ConfigOptions

    @Option(help: "Address to listen on (default: $DEEPLINKD_HOST, else 0.0.0.0).")
    var host: String?

    @Option(help: "Port to listen on; 0 picks a free one (default: $DEEPLINKD_PORT, else 8080).")
    var port: Int?

    @Option(name: .customLong("public"), help: "Templates and static assets (default: $DEEPLINKD_PUBLIC, else Public).")
    var publicDirectory: String?

    @Option(help: "PEM certificate chain, to serve HTTPS.")
    var tlsCert: String?

    @Option(help: "PEM private key for --tls-cert.")
    var tlsKey: String?

    @OptionGroup var tlsPolicy: TLSPolicyOptions

    @Option(help: "Serve /metrics only on this HOST:PORT (such as 127.0.0.1:9100), not on the public listener.")
    var metricsAddress: String?

    @Flag(help: "Reload when the config or anything under --public changes on disk (looked at every second; a Kubernetes ConfigMap update included).")
    var watch = false

    @OptionGroup var limits: ServeLimits

    func validate() throws {
        if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together") }
        try tlsPolicy.validate(servingTLS: tlsCert != nil)
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be 0...65535") }
    }

    /// `$DEEPLINKD_PORT`, or 8080 when it is not set.
    private static func environmentPort() throws -> Int {
        guard let text = Environment.value(of: "DEEPLINKD_PORT") else { return 8080 }
        guard let port = Int(text), (0...65535).contains(port) else {
            throw ValidationError("DEEPLINKD_PORT must be a port number (0...65535), not '\(text)'")
        }
        return port
    }

    func run() throws {
        LoggingSystem.bootstrap { JSONLinesLogHandler(label: $0) }
        let logger = Logger(label: "deeplinkd")
        var configuration = try limits.configuration()
        configuration.host = host ?? Environment.value(of: "DEEPLINKD_HOST") ?? "0.0.0.0"
        configuration.port = try port ?? Self.environmentPort()
        configuration.tls = try tlsCredentials()
        configuration.tlsPolicy = tlsPolicy.policy

        SignalWaiter.ignore([SIGPIPE])
        let signals = SignalWaiter([SIGINT, SIGTERM, SIGHUP])
        let server: DeepLinkServer
        do {
            server = try DeepLinkServer(
                configPath: options.path, publicDirectory: publicDirectory ?? Environment.value(of: "DEEPLINKD_PUBLIC") ?? "Public", logger: logger,
                workers: configuration.threadPoolSize)
            try server.start(configuration, metricsListener: try metricsListener())
        } catch {
            LogSink.standardError.flush()
            Console.error("deeplinkd: \(error)")
            throw ExitCode.failure
        }
        let scheme = configuration.tls == nil ? "http" : "https"
        logger.info("serving", metadata: ["url": "\(scheme)://\(configuration.host):\(server.boundPort)", "config": "\(options.path)"])
        if let metrics = try metricsListener() {
            logger.info("serving metrics", metadata: ["url": "http://\(metrics.host):\(server.metricsPort)/metrics"])
        }
        if watch { server.watch() }
        while true {
            let signal = signals.next()
            guard signal == SIGHUP else { break }
            server.reload()
        }
        server.beginDraining()
        if limits.drainDelay > 0 {
            logger.info("draining: /readyz answers 503; still serving", metadata: ["seconds": .stringConvertible(limits.drainDelay)])
            Thread.sleep(forTimeInterval: TimeInterval(limits.drainDelay))
        }
        logger.info("shutting down: finishing requests in flight")
        server.stop(drainDeadline: .seconds(limits.drainSeconds))
        logger.info("stopped")
        LogSink.standardError.flush()
    }

    /// The listener of `--metrics-address`: plain HTTP, one worker, a few connections; nil without the option.
    private func metricsListener() throws -> HTTPServer.Configuration? {
        guard let metricsAddress else { return nil }
        let colon = metricsAddress.lastIndex(of: ":")
        let host = colon.map { String(metricsAddress[..<$0]).trimmingCharacters(in: CharacterSet(charactersIn: "[]")) } ?? ""
        guard let colon, let port = Int(metricsAddress[metricsAddress.index(after: colon)...]), (0...65535).contains(port), !host.isEmpty else {
            throw ValidationError("--metrics-address must be HOST:PORT with an IP address literal, such as 127.0.0.1:9100, not '\(metricsAddress)'")
        }
        return HTTPServer.Configuration(host: host, port: port, threadPoolSize: 1, connectionLimit: 16, perIPConnectionLimit: 0, maximumBodySize: 0)
    }

    private func tlsCredentials() throws -> HTTPServer.TLSCredentials? {
        guard let tlsCert, let tlsKey else { return nil }
        do {
            return HTTPServer.TLSCredentials(
                certificatePEM: try String(contentsOfFile: tlsCert, encoding: .utf8), keyPEM: try String(contentsOfFile: tlsKey, encoding: .utf8))
        } catch {
            throw ValidationError("cannot read the TLS certificate or key: \(error.localizedDescription)")
        }
    }
}

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
