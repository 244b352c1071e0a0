import DeepLinkRouting
import Foundation
import Logging
import Synchronization
import Testing

@testable import DeepLinkServer

@Suite("Watching the config and templates on disk")
struct SourceWatcherTests {
    /// A directory laid out as Kubernetes mounts a ConfigMap: `deeplinkd.yaml -> ..data/deeplinkd.yaml`,
    /// `..data -> ..<version>`, the file itself in `..<version>/`.
    struct ConfigMapVolume {
        let directory: URL
        var configPath: String { directory.appendingPathComponent("deeplinkd.yaml").path }

        init(_ text: String) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-volume-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try update(text, version: "..2026_01_01_00_00_00.1")
            try FileManager.default.createSymbolicLink(atPath: configPath, withDestinationPath: "..data/deeplinkd.yaml")
        }

        /// Writes `text` into a new version directory and renames a new `..data` link over the old one, as the
        /// kubelet does: the swap is one `rename`.
        func update(_ text: String, version: String) throws {
            let versionDirectory = directory.appendingPathComponent(version)
            try FileManager.default.createDirectory(at: versionDirectory, withIntermediateDirectories: true)
            try text.write(to: versionDirectory.appendingPathComponent("deeplinkd.yaml"), atomically: false, encoding: .utf8)
            let temporary = directory.appendingPathComponent("..data_tmp").path
            try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: version)
            #expect(rename(temporary, directory.appendingPathComponent("..data").path) == 0)
        }

        func remove() {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    @Test("a ConfigMap swap of identical bytes changes the fingerprint, and names the config; no change leaves it equal")
    func configMapSwap() throws {
        let volume = try ConfigMapVolume("routes: []\n")
        defer { volume.remove() }
        let before = SourceFingerprint(configPath: volume.configPath, publicDirectory: SiteFixture.publicDirectory)
        #expect(SourceFingerprint(configPath: volume.configPath, publicDirectory: SiteFixture.publicDirectory) == before)
        try volume.update("routes: []\n", version: "..2026_01_01_00_01_00.2")
        let after = SourceFingerprint(configPath: volume.configPath, publicDirectory: SiteFixture.publicDirectory)
        #expect(after != before)
        #expect(after.changedPaths(since: before) == [volume.configPath])
    }

    @Test("a file added under the public directory, or one removed, changes the fingerprint")
    func publicDirectory() throws {
        let volume = try ConfigMapVolume("routes: []\n")
        defer { volume.remove() }
        let before = SourceFingerprint(configPath: volume.configPath, publicDirectory: volume.directory.path)
        let added = volume.directory.appendingPathComponent("..2026_01_01_00_00_00.1/extra.mustache")
        try "x".write(to: added, atomically: false, encoding: .utf8)
        let after = SourceFingerprint(configPath: volume.configPath, publicDirectory: volume.directory.path)
        #expect(after.changedPaths(since: before).contains(added.path))
        try FileManager.default.removeItem(at: added)
        #expect(SourceFingerprint(configPath: volume.configPath, publicDirectory: volume.directory.path).changedPaths(since: after).contains(added.path))
    }

    @Test("watch applies a good ConfigMap swap and refuses a bad one, keeping the site it serves")
    func watchReloads() throws {
        let original = try String(contentsOfFile: SiteFixture.configPath, encoding: .utf8)
        let volume = try ConfigMapVolume(original)
        defer { volume.remove() }
        let lines = Mutex<[String]>([])
        let handler = JSONLinesLogHandler(label: "deeplinkd-test", output: .sink { line in lines.withLock { $0.append(line) } })
        var logger = Logger(label: "deeplinkd-test") { _ in handler }
        logger.logLevel = .warning
        let server = try DeepLinkServer(
            configPath: volume.configPath, publicDirectory: SiteFixture.publicDirectory, logger: logger, accessLog: .sink { _ in })
        server.watch(every: .milliseconds(20))
        defer { server.stop(drainDeadline: .zero) }
        let routes = server.currentSite.table.routes.count
        let added =
            original + "  - name: watched\n    path: w/$(id)\n    params:\n      id: {charset: \"a-z\", min: 1, max: 8}\n    notification: watchedRequested\n"
        try volume.update(added, version: "..2026_01_01_00_01_00.2")
        #expect(Self.waitUntil { server.currentSite.table.routes.count == routes + 1 })
        let applied = server.currentSite
        try volume.update(original + "  - name: broken\n    path: c/$(id)\n", version: "..2026_01_01_00_02_00.3")
        #expect(Self.waitUntil { lines.withLock { $0.contains { $0.contains(#""message":"reload rejected; still serving the previous config""#) } } })
        #expect(lines.withLock { $0.first { $0.contains("reload rejected") } }?.contains("route 'broken': path parameter 'id' has no entry in params") == true)
        #expect(server.currentSite.table.routes.map(\.name) == applied.table.routes.map(\.name))
        #expect(server.currentSite.table.routes.last?.name == "watched")
    }

    /// Polls `condition` for up to five seconds.
    static func waitUntil(_ condition: () -> Bool) -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }
}
