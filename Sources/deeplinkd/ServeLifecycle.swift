import DeepLinkServer
import Foundation
import Logging

/// What `serve` does with signals once it serves: the main thread only waits for them and acts at once, so a signal
/// is never kept waiting by a reload or a drain in progress.
///
/// `SIGHUP` asks the reload thread (`ReloadRequests`) for a reload. The first `SIGTERM` or `SIGINT` turns `/readyz` to
/// 503 at once (and every answer to `Connection: close`), even while a reload is running, then waits `drainDelay`
/// seconds still serving; a second one ends that wait. The drain itself (`DeepLinkServer.stop`) runs on a thread of
/// its own, so signals that come during it are logged rather than left pending.
struct ServeLifecycle {
    let server: DeepLinkServer
    let signals: SignalWaiter
    let logger: Logger
    /// Seconds between the first `SIGTERM` and closing the listener (`--drain-delay`).
    let drainDelay: Int
    /// Seconds the drain lets requests in flight finish (`--drain-seconds`).
    let drainSeconds: Int

    /// Serves until the first `SIGTERM` or `SIGINT`, then drains and stops; returns once the server has stopped.
    func run() {
        let reloads = ReloadRequests(server: server, logger: logger)
        var signal = signals.next()
        while signal == SIGHUP {
            reloads.request()
            signal = signals.next()
        }
        server.beginDraining()
        if drainDelay > 0 {
            logger.info(
                "draining: /readyz answers 503; still serving",
                metadata: ["seconds": .stringConvertible(drainDelay), "signal": "\(SignalWaiter.name(of: signal))"])
            waitForDrainDelay()
        }
        logger.info("shutting down: finishing requests in flight")
        stop()
    }

    /// Waits out the drain delay, unless `SIGTERM` or `SIGINT` comes again, which ends it early.
    private func waitForDrainDelay() {
        let start = DispatchTime.now().uptimeNanoseconds
        let end = start + UInt64(drainDelay) * 1_000_000_000
        while let signal = signals.next(before: end) {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if signal == SIGHUP {
                logger.notice("SIGHUP ignored: shutting down", metadata: ["signal": "SIGHUP"])
                continue
            }
            logger.notice(
                "\(SignalWaiter.name(of: signal)) again: ending the drain delay early",
                metadata: [
                    "signal": "\(SignalWaiter.name(of: signal))", "waited_seconds": "\(String(format: "%.1f", elapsed))",
                    "delay_seconds": .stringConvertible(drainDelay),
                ])
            return
        }
    }

    /// Drains and stops the server on another thread, logging every signal that comes meanwhile.
    private func stop() {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { [server, drainSeconds] in
            server.stop(drainDeadline: .seconds(drainSeconds))
            done.signal()
        }
        thread.name = "deeplinkd-drain"
        thread.start()
        while done.wait(timeout: .now()) == .timedOut {
            guard let signal = signals.next(before: DispatchTime.now().uptimeNanoseconds + 50_000_000) else { continue }
            logger.notice(
                "\(SignalWaiter.name(of: signal)) ignored: already finishing requests in flight",
                metadata: ["signal": "\(SignalWaiter.name(of: signal))", "drain_seconds": .stringConvertible(drainSeconds)])
        }
    }
}
