import Logging
import ServerPlatform
import Synchronization

extension SourceWatcher {
    /// Looks at what a site loads every `interval` until `stop`, since the kernel cannot report its changes (`reason`).
    func poll(because reason: String, _ changed: @Sendable ([String]) -> Void) {
        logger.warning(
            "watching by polling: a file written in place is reloaded once it stays the same for the settle interval and, where Linux can tell, no process has it open for writing",
            metadata: ["reason": "\(reason)", "interval_ms": .stringConvertible(SystemClock.nanoseconds(settings.interval) / 1_000_000)])
        var plan = plan()
        logStart(method: "polling", plan: plan)
        var last = SourceFingerprint(plan: plan)
        var pending = PendingChanges()
        var waited = WriterWait()
        while true {
            wakeUp.wait(nanoseconds: max(1_000_000, SystemClock.nanoseconds(settings.interval)))
            if isStopped.load(ordering: .acquiring) { return }
            let now = SystemClock.monotonicNanoseconds()
            let current = SourceFingerprint(plan: plan)
            if current != last {
                for path in current.changedPaths(since: last, limit: .max) { pending.note(path, .complete, at: now) }
                plan = self.plan()
                last = SourceFingerprint(plan: plan)
                continue
            }
            guard !pending.isEmpty, reloadIfComplete(&pending, waited: &waited, changed) == nil else { continue }
            plan = self.plan()
            last = SourceFingerprint(plan: plan)
        }
    }
}
