import ArgumentParser
import DeepLinkServer
import Foundation
import JSONLinesLog
import Logging
import MicroHTTP

/// `deeplinkd serve`: the link domain over HTTP(S).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the AASA, landing pages and the /resolve and /link APIs.",
        discussion:
            "SIGHUP (or, with --watch, a change on disk) reloads the config and templates (a config that fails check is rejected); SIGTERM and SIGINT turn /readyz to 503 and every answer to Connection: close, wait --drain-delay (a second SIGTERM ends the wait), drain and exit 0."
    )

    @OptionGroup var options: ConfigOptions

    @OptionGroup var listener: ListenerOptions

    @Option(name: .customLong("public"), help: "Templates and static assets (default: $DEEPLINKD_PUBLIC, else Public).")
    var publicDirectory: String?

    @OptionGroup var tls: TLSOptions

    @Option(help: "Serve /metrics only on this HOST:PORT (such as 127.0.0.1:9100), not on the public listener.")
    var metricsAddress: String?

    @Flag(
        help:
            "Reload when the config, a template, a static file or openapi.yaml changes on disk, once the files are complete (inotify; a Kubernetes ConfigMap update included)."
    )
    var watch = false

    @OptionGroup var limits: ServeLimits

    func validate() throws {
        try tls.check()
        try listener.check()
        _ = try limits.configuration()
        _ = try metricsListener()
    }

    func run() throws {
        LoggingSystem.bootstrap { JSONLinesLogHandler(label: $0) }
        let logger = Logger(label: "deeplinkd")
        let configuration = try listenerConfiguration()
        SignalWaiter.ignore([SIGPIPE])
        let signals = SignalWaiter([SIGINT, SIGTERM, SIGHUP])
        let server: DeepLinkServer
        do {
            server = try start(configuration, logger: logger)
        } catch {
            LogSink.standardError.flush()
            Console.error("deeplinkd: \(error)")
            throw ExitCode.failure
        }
        if watch { server.watch() }
        ServeLifecycle(server: server, signals: signals, logger: logger, drainDelay: limits.drainDelay, drainSeconds: limits.drainSeconds).run()
        logger.info("stopped")
        LogSink.standardError.flush()
    }

    /// The public listener's configuration: the limits, the address and port in effect, and TLS.
    func listenerConfiguration() throws -> HTTPServer.Configuration {
        var configuration = try limits.configuration()
        configuration.host = listener.address
        configuration.port = try listener.portNumber()
        configuration.tls = try tls.credentials()
        configuration.tlsPolicy = tls.policy
        return configuration
    }

    /// Loads the site, opens the public listener with `configuration` (and the metrics listener, with
    /// `--metrics-address`) and logs where it serves. `logger` takes the server's log, `accessLog` its access log:
    /// standard error in the tool, a capture in the tests, which start the server in their own process.
    func start(_ configuration: HTTPServer.Configuration, logger: Logger, accessLog: JSONLinesLogHandler.Output = .standardError) throws
        -> DeepLinkServer
    {
        let server = try DeepLinkServer(
            configPath: options.path, publicDirectory: publicDirectory ?? Environment.value(of: "DEEPLINKD_PUBLIC") ?? "Public", logger: logger,
            accessLog: accessLog, workers: configuration.threadPoolSize)
        try server.start(configuration, metricsListener: try metricsListener())
        let scheme = configuration.tls == nil ? "http" : "https"
        logger.info("serving", metadata: ["url": "\(scheme)://\(configuration.host):\(server.boundPort)", "config": "\(options.path)"])
        if let metrics = try metricsListener() {
            logger.info("serving metrics", metadata: ["url": "http://\(metrics.host):\(server.metricsPort)/metrics"])
        }
        return server
    }

    /// The listener of `--metrics-address`: plain HTTP, one worker, and limits of its own, so that idle or trickling
    /// connections cannot keep the scraper out: 32 connections, 4 from one address (a scraper needs one), the request
    /// head timeout and the inactivity timeout of the public listener; no per-prefix limit, since the pods of one
    /// node (the scraper's among them) usually share a /24. Nil without the option.
    private func metricsListener() throws -> HTTPServer.Configuration? {
        guard let metricsAddress else { return nil }
        let colon = metricsAddress.lastIndex(of: ":")
        let host = colon.map { String(metricsAddress[..<$0]).trimmingCharacters(in: CharacterSet(charactersIn: "[]")) } ?? ""
        guard let colon, let port = Int(metricsAddress[metricsAddress.index(after: colon)...]), (0...65535).contains(port), !host.isEmpty else {
            throw ValidationError("--metrics-address must be HOST:PORT with an IP address literal, such as 127.0.0.1:9100, not '\(metricsAddress)'")
        }
        return HTTPServer.Configuration(
            host: host, port: port, threadPoolSize: 1, connectionLimit: Self.metricsConnectionLimit, perIPConnectionLimit: Self.metricsPerIPLimit,
            perPrefixConnectionLimit: 0, connectionTimeout: limits.timeout, requestHeadTimeout: limits.headerTimeout, maximumBodySize: 0)
    }

    /// Most connections the metrics listener holds, and from one address.
    static let metricsConnectionLimit = 32
    static let metricsPerIPLimit = 4
}
