import Logging
import ServerPlatform

extension DeepLinkServer {
    /// Reloads (as `reload`, with the same refusal of a config that fails its checks) whenever what the site loads
    /// changes on disk (the config file, the templates, the static files, `openapi.yaml`, a Kubernetes ConfigMap's
    /// `..data` swap included), once the changed files have stayed the same for `settle` and no writer still has one
    /// open (see `SourceWatcher`); where the kernel cannot report changes, it looks every `interval`. Stopped by
    /// `stop`; calling it again does nothing.
    package func watch(every interval: Duration = .seconds(1), settle: Duration = .milliseconds(500)) {
        watch(SourceWatcher.Settings(interval: interval, settle: settle))
    }

    /// `watch` with every setting given.
    func watch(_ settings: SourceWatcher.Settings) {
        let fresh = SourceWatcher(configPath: configPath, publicDirectory: publicDirectory, settings: settings, logger: logger)
        let isFirst = watcher.withLock { watcher in
            guard watcher == nil else { return false }
            watcher = fresh
            return true
        }
        guard isFirst else { return }
        fresh.start { [self] paths in
            logger.info("changed on disk; reloading", metadata: ["paths": "\(paths.prefix(5).joined(separator: " "))\(paths.count > 5 ? " …" : "")"])
            reload()
        }
    }
}
