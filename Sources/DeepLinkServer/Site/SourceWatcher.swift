import Foundation
import Synchronization

/// Polls the config file and the public directory (`SourceFingerprint`) every `interval` on a thread of its own,
/// and calls `changed` when they differ from the last look, so `serve --watch` reloads what changed on disk.
///
/// Polling, not inotify: `stat` through each path follows every symbolic link on it, so a Kubernetes ConfigMap's
/// `..data` rename, a re-pointed link, an editor's rename-over and an in-place write all show, with nothing to
/// re-arm when a watched directory is itself replaced, no watch per subdirectory, and on any file system (inotify
/// sees nothing of a change made on another host of a network file system). A look at the default tree is about
/// twenty `stat` calls, so once a second costs nothing measurable; the second of delay is small beside the
/// kubelet's own (a ConfigMap update reaches the volume a minute or so after it is applied).
///
/// A change is reported once: a config that fails its checks is not retried every second, only when it changes
/// again. A file caught half-written is reported again once its writer finishes, since it changes again.
final class SourceWatcher: Sendable {
    private let configPath: String
    private let publicDirectory: String
    private let interval: Duration
    private let wakeUp = WakeUpSignal()
    private let isStopped = Atomic<Bool>(false)
    private let finished = WakeUpSignal()

    /// A watcher of `configPath` and `publicDirectory`, looking every `interval`; `start` starts it.
    init(configPath: String, publicDirectory: String, interval: Duration) {
        self.configPath = configPath
        self.publicDirectory = publicDirectory
        self.interval = interval
    }

    /// The fingerprint now.
    func fingerprint() -> SourceFingerprint {
        SourceFingerprint(configPath: configPath, publicDirectory: publicDirectory)
    }

    /// Takes the first fingerprint now, then looks every `interval` on a new thread, calling `changed` with the
    /// paths that differ (a few) until `stop`.
    func start(_ changed: @escaping @Sendable ([String]) -> Void) {
        let first = fingerprint()
        let nanoseconds = Int(interval.components.seconds) * 1_000_000_000 + Int(interval.components.attoseconds / 1_000_000_000)
        let thread = Thread { [self] in
            var last = first
            while true {
                wakeUp.wait(nanoseconds: max(1_000_000, nanoseconds))
                if isStopped.load(ordering: .acquiring) { break }
                let now = fingerprint()
                guard now != last else { continue }
                let paths = now.changedPaths(since: last)
                last = now
                changed(paths)
            }
            finished.signal()
        }
        thread.name = "deeplinkd-watch"
        thread.start()
    }

    /// Stops looking, and waits (up to a few seconds) for a reload under way to finish.
    func stop() {
        guard !isStopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wakeUp.signal()
        finished.wait(nanoseconds: 5_000_000_000)
    }
}
