import JSONLinesLog
import Logging
import ServerPlatform
import Synchronization

extension SourceWatcher {
    /// Says in the log that the watcher polls, and why (`reason`); returns what it watches and its first look.
    func beginPolling(because reason: String) -> (plan: WatchPlan, fingerprint: SourceFingerprint) {
        logger.warning(
            "watching by polling: a file written in place is reloaded once it stays the same for the settle interval and, where Linux can tell, no process has it open for writing",
            metadata: ["reason": "\(reason)", "interval_ms": .stringConvertible(SystemClock.nanoseconds(settings.interval) / 1_000_000)])
        let plan = plan()
        logStart(method: "polling", plan: plan)
        return (plan, SourceFingerprint(plan: plan))
    }

    /// Looks at what a site loads every `interval`, from `start`, until `stop`.
    func poll(_ start: (plan: WatchPlan, fingerprint: SourceFingerprint), _ changed: @Sendable ([String]) -> Void) {
        var plan = start.plan
        var last = start.fingerprint
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
