import DeepLinkServer
import Foundation
import Logging
import Synchronization

/// Runs the reloads `SIGHUP` asks for on a thread of its own, so the thread waiting for signals is free to act on a
/// `SIGTERM` that comes while a reload runs (a large table or template set can take seconds).
///
/// Requests made while a reload runs are merged into one more reload after it, which reads the files as they are
/// then: the last `SIGHUP` always leads to a reload that started after it.
final class ReloadRequests: Sendable {
    private let isPending = Atomic<Bool>(false)
    private let wakeUp = DispatchSemaphore(value: 0)

    /// Starts the reload thread for `server`, which keeps this object for as long as the process runs.
    init(server: DeepLinkServer, logger: Logger) {
        let thread = Thread { [self] in
            while true {
                wakeUp.wait()
                while isPending.exchange(false, ordering: .acquiringAndReleasing) {
                    logger.info("SIGHUP: reloading", metadata: ["signal": "SIGHUP"])
                    server.reload()
                }
            }
        }
        thread.name = "deeplinkd-reload"
        thread.start()
    }

    /// Asks for a reload; returns at once.
    func request() {
        guard !isPending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wakeUp.signal()
    }
}
