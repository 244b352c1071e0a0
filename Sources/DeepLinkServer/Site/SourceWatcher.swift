import Foundation
import JSONLinesLog
import Logging
import ServerPlatform
import Synchronization

/// Watches what a site loads (`WatchPlan`: the config file, the templates, the static files, `openapi.yaml`, through
/// their symbolic links) on a thread of its own, and calls `changed` once the changed files are complete, so
/// `serve --watch` never serves a half-written file.
///
/// Linux reports each change as it happens (inotify, one watch per directory: a handful, whatever else is under the
/// public directory). A change is reloaded once nothing has changed for the settle interval and no changed file is
/// still open for writing (`PendingChanges`). A file replaced by rename, and a Kubernetes ConfigMap update (a rename
/// of its `..data` link), are complete at once; a file written in place is complete when its writer closes it.
///
/// Where the kernel cannot report changes (no inotify instance left, the watch limit reached, a network or
/// host-shared file system whose other clients' changes it never sees) the watcher says so in the log and looks every
/// `interval` instead: a change is then reloaded once it has stayed the same for the settle interval and, where Linux
/// can tell, no process has the file open for writing.
///
/// A change is reloaded once: a config that fails its checks is not retried until it changes again.
final class SourceWatcher: Sendable {
    /// How the watcher waits.
    struct Settings: Sendable {
        /// How often to look when polling.
        var interval: Duration = .seconds(1)
        /// How long the files must stay unchanged before a reload.
        var settle: Duration = .milliseconds(500)
        /// How long a file reported written but never closed, whose writers Linux cannot tell, waits.
        var writerTimeout: Duration = .seconds(30)
        /// The most directories inotify may watch; past it the watcher polls, as when the kernel's limit is reached.
        var watchLimit = Int.max
        /// Polls even where inotify works.
        var isPolling = false
    }

    let configPath: String
    let publicDirectory: String
    let settings: Settings
    let logger: Logger
    /// The kernel's reports, or why there are none.
    let events: Result<FileEvents, FileEventsError>
    let wakeUp = WakeUpSignal()
    let isStopped = Atomic<Bool>(false)
    private let finished = WakeUpSignal()

    /// A watcher of what a site loads from `configPath` and `publicDirectory`; `start` starts it.
    init(configPath: String, publicDirectory: String, settings: Settings, logger: Logger) {
        self.configPath = configPath
        self.publicDirectory = publicDirectory
        self.settings = settings
        self.logger = logger
        events = settings.isPolling ? .failure(.unavailable(0)) : Result { () throws(FileEventsError) in try FileEvents() }
    }

    /// The plan of what to watch, as the files are now.
    func plan() -> WatchPlan {
        WatchPlan(configPath: configPath, publicDirectory: publicDirectory)
    }

    /// How watching begins: with the kernel's reports, armed, or by polling, its first look taken.
    enum Beginning: Sendable {
        case events(FileEvents, WatchPlan, WatchedDirectories)
        case polling(WatchPlan, SourceFingerprint)
    }

    /// Starts watching, calling `changed` with the changed paths (a few) until `stop`: what is watched is armed (or its
    /// first look taken) and logged before this returns, so a change made after it is seen; the waiting is done on a
    /// new thread.
    func start(_ changed: @escaping @Sendable ([String]) -> Void) {
        let beginning = begin()
        let thread = Thread { [self] in
            defer { finished.signal() }
            CurrentThread.setName("deeplinkd-watch")
            switch beginning {
            case .events(let events, let plan, let watched):
                if let reason = watch(with: events, plan: plan, watched: watched, changed) { poll(beginPolling(because: reason), changed) }
            case .polling(let plan, let fingerprint):
                poll((plan, fingerprint), changed)
            }
        }
        thread.name = "deeplinkd-watch"
        thread.start()
    }

    /// Arms the kernel's reports for what the site loads now, or, where they cannot serve, begins polling.
    private func begin() -> Beginning {
        if settings.isPolling { return polling(beginPolling(because: "polling was asked for")) }
        let events: FileEvents
        switch self.events {
        case .success(let armed): events = armed
        case .failure(let error): return polling(beginPolling(because: error.description))
        }
        let plan = plan()
        if let reason = Self.remoteDirectory(in: plan) { return polling(beginPolling(because: reason)) }
        var watched = WatchedDirectories()
        do {
            try watched.arm(plan, with: events, limit: settings.watchLimit)
        } catch {
            return polling(beginPolling(because: error.description))
        }
        logStart(method: "inotify", plan: plan)
        return .events(events, plan, watched)
    }

    private func polling(_ start: (plan: WatchPlan, fingerprint: SourceFingerprint)) -> Beginning {
        .polling(start.plan, start.fingerprint)
    }

    /// Stops watching, and waits (up to a few seconds) for a reload under way to finish.
    func stop() {
        guard !isStopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wakeUp.signal()
        if case .success(let events) = events { events.wake() }
        finished.wait(nanoseconds: 5_000_000_000)
    }

    /// Reloads through `changed` when `pending` is complete (see `PendingChanges`), logging what it waits for;
    /// returns how many nanoseconds to wait before deciding again, or nil after a reload.
    func reloadIfComplete(_ pending: inout PendingChanges, waited: inout WriterWait, _ changed: @Sendable ([String]) -> Void) -> Int? {
        let now = SystemClock.monotonicNanoseconds()
        let decision = pending.decision(
            at: now, settle: SystemClock.nanoseconds(settings.settle), writerTimeout: SystemClock.nanoseconds(settings.writerTimeout),
            isOpenForWriting: FileSystem.isOpenForWriting)
        switch decision {
        case .wait(let nanoseconds, let writer):
            if let writer { waited.note(writer, at: now, settings: settings, logger: logger) }
            return nanoseconds
        case .reload(let unclosed):
            for path in unclosed {
                logger.warning(
                    "reloading a file reported written but never closed, unchanged since",
                    metadata: ["path": "\(path)", "seconds": .stringConvertible(settings.writerTimeout.components.seconds)])
            }
            let paths = pending.paths
            pending = PendingChanges()
            waited = WriterWait()
            changed(paths)
            return nil
        }
    }
}
