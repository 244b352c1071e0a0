import JSONLinesLog
import Logging
import ServerPlatform
import Synchronization

extension SourceWatcher {
    /// Watches with the kernel's reports, armed for `plan` (`watched`), until `stop` (nil), or until they cannot
    /// serve: the reason to poll instead.
    func watch(with events: FileEvents, plan: WatchPlan, watched: WatchedDirectories, _ changed: @Sendable ([String]) -> Void) -> String? {
        var plan = plan
        var watched = watched
        var pending = PendingChanges()
        var waited = WriterWait()
        var timeout: Int32 = -1
        while !isStopped.load(ordering: .acquiring) {
            guard let batch = events.next(milliseconds: timeout), !isStopped.load(ordering: .acquiring) else { return nil }
            let now = SystemClock.monotonicNanoseconds()
            var isPlanStale = false
            for event in batch {
                switch event.kind {
                case .overflow:
                    isPlanStale = true
                    for file in plan.files { pending.note(file, .complete, at: now) }
                case .directoryGone:
                    isPlanStale = true
                    events.unwatch(event.watch)
                    watched.forget(event.watch)
                default:
                    guard let directory = watched.path(of: event.watch), plan.matters(event.name, in: directory) else { continue }
                    let path = WatchPlan.join(directory, event.name)
                    let isRegularFile = event.kind == .created && !event.isDirectory && FileSystem.symbolicLinkTarget(path) == nil
                    pending.note(path, PendingChanges.state(after: event.kind, previous: pending.states[path], isRegularFile: isRegularFile), at: now)
                    // A name that comes or goes can be a directory or a link to follow.
                    isPlanStale = isPlanStale || event.isDirectory || [.created, .deleted, .movedIn, .movedOut].contains(event.kind)
                }
            }
            timeout = -1
            if !pending.isEmpty {
                let wait = reloadIfComplete(&pending, waited: &waited, changed)
                isPlanStale = isPlanStale || wait == nil
                timeout = wait.map { Int32(clamping: ($0 + 999_999) / 1_000_000) } ?? -1
            }
            guard isPlanStale else { continue }
            plan = self.plan()
            do {
                try watched.arm(plan, with: events, limit: settings.watchLimit)
            } catch {
                return error.description
            }
        }
        return nil
    }

    /// Why the kernel's reports would miss changes to `plan`'s directories: the first one on a network or
    /// host-shared file system; nil when they are all local.
    static func remoteDirectory(in plan: WatchPlan) -> String? {
        for directory in plan.directories.keys.sorted() {
            if let type = FileSystem.remoteFileSystemType(of: directory) {
                return "\(directory) is on a \(type) file system, whose changes made elsewhere inotify does not report"
            }
        }
        return nil
    }

    /// Logs what is watched, and how.
    func logStart(method: String, plan: WatchPlan) {
        let directories = plan.directories.keys.sorted()
        logger.info(
            "watching for changes",
            metadata: [
                "method": "\(method)", "directories": .stringConvertible(directories.count), "files": .stringConvertible(plan.files.count),
                "settle_ms": .stringConvertible(SystemClock.nanoseconds(settings.settle) / 1_000_000),
                "watched": "\(directories.prefix(16).joined(separator: " "))\(directories.count > 16 ? " …" : "")",
            ])
    }
}
