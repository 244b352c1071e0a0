import DeepLinkRouting
import Foundation
package import JSONLinesLog
package import Logging
package import MicroHTTP
import ServerPlatform
import Synchronization

/// The link domain: serves a `Site` over MicroHTTP, reloads it atomically, logs one line per request and keeps
/// Prometheus metrics.
package final class DeepLinkServer: Sendable {
    private let site: PThreadMutex<Site>
    let configPath: String
    let publicDirectory: String
    let logger: Logger
    private let accessLog: AccessLog
    private let metrics: ServerMetrics
    /// The worker threads the per-worker caches, metrics shards and log lanes are made for.
    private let workers: Int
    private let http = PThreadMutex<HTTPServer?>(nil)
    /// The listener of `/metrics` alone, when it is not on the public one.
    private let metricsHTTP = PThreadMutex<HTTPServer?>(nil)
    /// Set by `beginDraining` (or `stop`): `/readyz` answers 503 from then on.
    private let isDraining = Atomic<Bool>(false)
    /// Held for the whole of a reload, so reloads from SIGHUP and from `watch` run one at a time.
    private let reloading = PThreadMutex(())
    /// The watcher `watch` started, stopped by `stop`.
    let watcher = PThreadMutex<SourceWatcher?>(nil)

    /// A server for the config at `configPath` and the templates and assets in `publicDirectory`; it logs through
    /// `logger`, and writes one access-log line per request to `accessLog` when the logger lets `info` through.
    /// `workers` is the number of worker threads it will be started with (`HTTPServer.Configuration.threadPoolSize`):
    /// each gets its own caches, metrics shard and log lane.
    package init(
        configPath: String, publicDirectory: String, logger: Logger, accessLog: JSONLinesLogHandler.Output = .standardError,
        workers: Int = HTTPServer.Configuration.onlineProcessorCount
    ) throws(SiteError) {
        self.configPath = configPath
        self.publicDirectory = publicDirectory
        self.logger = logger
        self.workers = workers
        self.accessLog = AccessLog(label: logger.label, output: accessLog, isEnabled: logger.logLevel <= .info, workers: workers)
        metrics = ServerMetrics(shards: workers)
        site = PThreadMutex(try Site(configPath: configPath, publicDirectory: publicDirectory, workers: workers))
    }

    /// The site being served.
    package var currentSite: Site { site.withLock { $0 } }

    /// The port bound once started (the real one when asked for port 0).
    package var boundPort: Int { http.withLock { $0?.boundPort ?? 0 } }

    /// The port `/metrics` is served on when it has a listener of its own, else 0.
    package var metricsPort: Int { metricsHTTP.withLock { $0?.boundPort ?? 0 } }

    /// Starts listening with `configuration`; with `metricsListener`, `/metrics` is served there alone (and answers
    /// 404 on the public listener), so the counters need not be public.
    package func start(_ configuration: HTTPServer.Configuration, metricsListener: HTTPServer.Configuration? = nil) throws(HTTPServerError) {
        if let metricsListener {
            let metricsServer = HTTPServer(configuration: metricsListener, logger: logger) { [metrics] request in
                Self.answerMetrics(request, metrics: metrics)
            }
            try metricsServer.start()
            metricsHTTP.withLock { $0 = metricsServer }
        }
        let servesMetrics = metricsListener == nil
        let server = HTTPServer(configuration: configuration, logger: logger, refused: { [self] in record($0) }) { [self] request in
            handle(request, servesMetrics: servesMetrics)
        }
        do {
            try server.start()
        } catch {
            metricsHTTP.withLock { $0 }?.stop(drainDeadline: .zero)
            throw error
        }
        http.withLock { $0 = server }
    }

    /// The metrics listener's answer: the exposition for `GET`/`HEAD /metrics`, 404 or 405 for anything else.
    private static func answerMetrics(_ request: HTTPRequest, metrics: ServerMetrics) -> HTTPReply {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        headers.add(name: "Cache-Control", value: "no-store")
        guard Endpoint.of(path: request.path) == .metrics else {
            return .response(HTTPResponse(status: 404, headers: headers, body: "only /metrics is served here\n"))
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            headers.add(name: "Allow", value: "GET, HEAD")
            return .response(HTTPResponse(status: 405, headers: headers, body: "use GET or HEAD\n"))
        }
        return .response(metrics.exposition())
    }

    /// Re-reads the config and templates; a config that fails its checks is rejected and the old site keeps serving.
    /// Reloads are serialized: one asked for while another runs waits for it, then reads the files again.
    @discardableResult
    package func reload() -> Bool {
        reloading.withLock { _ in reloadNow() }
    }

    private func reloadNow() -> Bool {
        do {
            let previous = currentSite
            let fresh = try Site(configPath: configPath, publicDirectory: publicDirectory, previous: previous, workers: workers)
            site.withLock { $0 = fresh }
            metrics.recordReload(succeeded: true)
            logger.info("reloaded", metadata: ["config": "\(configPath)", "routes": .stringConvertible(fresh.table.routes.count)])
            let shrinkage = SiteSize(fresh).shrinkage(since: SiteSize(previous))
            if !shrinkage.isEmpty {
                logger.warning(
                    "the reloaded site is much smaller than the one it replaces: check that the files were complete",
                    metadata: ["config": "\(configPath)", "shrank": "\(shrinkage.joined(separator: ", "))"])
            }
            return true
        } catch {
            metrics.recordReload(succeeded: false)
            logger.error("reload rejected; still serving the previous config", metadata: ["config": "\(configPath)", "problems": "\(error)"])
            return false
        }
    }

    /// Whether `/readyz` answers 200: the server has not begun draining.
    package var isReady: Bool { !isDraining.load(ordering: .relaxed) }

    /// Turns unready: `/readyz` answers 503 from now on while everything else is still served, so a load balancer
    /// probing it stops sending new requests before `stop` closes the listener; and every answer carries
    /// `Connection: close`, so keep-alive clients open a new connection for each request (which the load balancer,
    /// once it has seen the 503, sends elsewhere) and none is caught sending on a kept one when `stop` closes it.
    package func beginDraining() {
        isDraining.store(true, ordering: .relaxed)
        http.withLock { $0 }?.beginDraining()
    }

    /// Turns unready (`beginDraining`), stops accepting, lets requests in flight finish (up to `drainDeadline`),
    /// then closes. The watcher is stopped last: a reload it may be running does not hold up the drain.
    package func stop(drainDeadline: Duration = .seconds(5)) {
        beginDraining()
        let server = http.withLock { server in
            defer { server = nil }
            return server
        }
        server?.stop(drainDeadline: drainDeadline)
        let metricsServer = metricsHTTP.withLock { server in
            defer { server = nil }
            return server
        }
        metricsServer?.stop(drainDeadline: .seconds(1))
        watcher.withLock { watcher in
            defer { watcher = nil }
            return watcher
        }?.stop()
    }

    private func handle(_ request: HTTPRequest, servesMetrics: Bool) -> HTTPReply {
        let started = SystemClock.monotonicNanoseconds()
        let handler = SiteHandler(
            site: site.withLock { $0 }, metrics: metrics, servesMetrics: servesMetrics, isDraining: isDraining.load(ordering: .relaxed))
        let answer = handler.respond(to: request)
        let nanoseconds = SystemClock.monotonicNanoseconds() - started
        let (status, bytes) = answer.reply.statusAndLength
        metrics.record(
            worker: request.worker, endpoint: answer.endpoint, status: status, nanoseconds: nanoseconds, outcomes: answer.outcomes,
            opened: answer.opened)
        accessLog.record(
            AccessLogEntry(
                method: LoggedPath.method(request.method), path: answer.loggedPath(for: request), status: status, bytes: bytes, nanoseconds: nanoseconds,
                endpoint: answer.endpoint, remote: request.remoteAddress),
            worker: request.worker)
        return answer.reply
    }

    /// Logs and counts a request the HTTP engine answered itself; its path is shown as the access log shows a path
    /// no route took (`LoggedPath`), since it may carry a secret.
    private func record(_ refusal: RefusedRequest) {
        let path = refusal.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let logged = refusal.target.isEmpty ? "-" : site.withLock { $0 }.loggedPaths.redacted(path)
        metrics.record(worker: refusal.worker, endpoint: .refused, status: refusal.status, nanoseconds: 0, outcomes: .none)
        accessLog.record(
            AccessLogEntry(
                method: refusal.method.isEmpty ? "-" : LoggedPath.method(refusal.method), path: Substring(logged), status: refusal.status, bytes: 0,
                nanoseconds: 0, endpoint: .refused, remote: refusal.remoteAddress),
            worker: refusal.worker)
    }
}
