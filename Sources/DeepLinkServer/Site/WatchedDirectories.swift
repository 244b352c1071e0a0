import Glibc
import ServerPlatform

/// The directories an inotify instance watches, by path and by watch number, kept equal to a `WatchPlan`'s.
struct WatchedDirectories: Sendable {
    private(set) var watches: [String: Int32] = [:]
    private var paths: [Int32: String] = [:]

    /// The directory of the watch numbered `watch`.
    func path(of watch: Int32) -> String? {
        paths[watch]
    }

    /// Watches every directory of `plan` not watched yet and stops watching those it no longer has; at most `limit`
    /// directories (as if the kernel's limit were reached past it). A directory that is gone by now is skipped: its
    /// parent's watch sees it come back.
    mutating func arm(_ plan: WatchPlan, with events: FileEvents, limit: Int) throws(FileEventsError) {
        for (path, watch) in watches where plan.directories[path] == nil {
            events.unwatch(watch)
            forget(watch)
        }
        for path in plan.directories.keys.sorted() where watches[path] == nil {
            guard watches.count < limit else { throw .watchLimit(directory: path, limit: limit) }
            do {
                let watch = try events.watch(path)
                watches[path] = watch
                paths[watch] = path
            } catch .cannotWatch(_, let code) where code == ENOENT || code == ENOTDIR {
                continue
            }
        }
    }

    /// Forgets the watch numbered `watch` (its directory was removed or renamed away), so the next `arm` watches the
    /// directory now at its path.
    mutating func forget(_ watch: Int32) {
        guard let path = paths.removeValue(forKey: watch) else { return }
        watches[path] = nil
    }
}
