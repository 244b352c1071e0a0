import Logging
import ServerPlatform

extension DeepLinkServer {
    /// Reloads (as `reload`, with the same refusal of a config that fails its checks) whenever the config file or
    /// anything under the public directory changes on disk, looking every `interval` (see `SourceWatcher`); a
    /// Kubernetes ConfigMap update, which swaps a `..data` symbolic link, included. Stopped by `stop`; calling it
    /// again does nothing.
    package func watch(every interval: Duration = .seconds(1)) {
        let fresh = SourceWatcher(configPath: configPath, publicDirectory: publicDirectory, interval: interval)
        let isFirst = watcher.withLock { watcher in
            guard watcher == nil else { return false }
            watcher = fresh
            return true
        }
        guard isFirst else { return }
        fresh.start { [self] paths in
            logger.info("changed on disk; reloading", metadata: ["paths": "\(paths.joined(separator: " "))"])
            reload()
        }
    }
}
