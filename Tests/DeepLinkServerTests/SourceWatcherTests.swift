import DeepLinkRouting
import Foundation
import JSONLinesLog
import Logging
import Synchronization
import Testing

@testable import DeepLinkServer

@Suite("Watching the config and templates on disk", .timeLimit(.minutes(60)))
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
        #expect(after.changedPaths(since: before, limit: 10).contains(volume.configPath))
        #expect(after.changedPaths(since: before, limit: 10).allSatisfy { $0.hasPrefix(volume.directory.path + "/") })
    }

    @Test("a template added or removed changes the fingerprint; a file under .git or a hidden file does not")
    func publicDirectory() throws {
        let site = try WatchedSiteFixture(named: "fingerprint")
        defer { site.remove() }
        let before = SourceFingerprint(configPath: site.configPath, publicDirectory: site.publicDirectory)
        try FileManager.default.createDirectory(atPath: site.publicDirectory + "/.git/objects", withIntermediateDirectories: true)
        try "x".write(toFile: site.publicDirectory + "/.git/objects/ab", atomically: false, encoding: .utf8)
        try "x".write(toFile: site.publicDirectory + "/templates/.charger.mustache.swp", atomically: false, encoding: .utf8)
        try "x".write(toFile: site.publicDirectory + "/static/.DS_Store", atomically: false, encoding: .utf8)
        #expect(SourceFingerprint(configPath: site.configPath, publicDirectory: site.publicDirectory) == before)
        let added = site.publicDirectory + "/templates/extra.mustache"
        try "x".write(toFile: added, atomically: false, encoding: .utf8)
        let after = SourceFingerprint(configPath: site.configPath, publicDirectory: site.publicDirectory)
        #expect(after.changedPaths(since: before).contains { $0.hasSuffix("/templates/extra.mustache") })
        try FileManager.default.removeItem(atPath: added)
        let removed = SourceFingerprint(configPath: site.configPath, publicDirectory: site.publicDirectory)
        #expect(removed.changedPaths(since: after).contains { $0.hasSuffix("/templates/extra.mustache") })
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
        #expect(WatchedSiteFixture.waitUntil { server.currentSite.table.routes.count == routes + 1 })
        let applied = server.currentSite
        try volume.update(original + "  - name: broken\n    path: c/$(id)\n", version: "..2026_01_01_00_02_00.3")
        #expect(
            WatchedSiteFixture.waitUntil { lines.withLock { $0.contains { $0.contains(#""message":"reload rejected; still serving the previous config""#) } } })
        #expect(lines.withLock { $0.first { $0.contains("reload rejected") } }?.contains("route 'broken': path parameter 'id' has no entry in params") == true)
        #expect(server.currentSite.table.routes.map(\.name) == applied.table.routes.map(\.name))
        #expect(server.currentSite.table.routes.last?.name == "watched")
    }

    /// Writes the default config with one more route slowly in place (four parts, 300 ms apart, each pause longer
    /// than the settle interval) and checks that no reload happens until the writer closes the file, then that the
    /// whole file is served.
    static func slowConfigWrite(_ settings: SourceWatcher.Settings, named name: String) throws -> WatchedSiteFixture {
        let site = try WatchedSiteFixture(named: name)
        site.server.watch(settings)
        let served = site.server.currentSite
        #expect(!site.logged("watching for changes").isEmpty, "armed and logged before watch returns")
        var reloadedEarly = false
        let waiting = "waiting for the writer of a changed file to close it before reloading"
        try WatchedSiteFixture.writeSlowly(
            WatchedSiteFixture.extended, to: site.configPath, pieces: 4, pause: .milliseconds(300), isNoticed: { !site.logged(waiting).isEmpty }
        ) {
            reloadedEarly = reloadedEarly || site.server.currentSite !== served
        }
        #expect(!reloadedEarly, "a half-written config was loaded")
        #expect(!site.logged(waiting).isEmpty)
        #expect(WatchedSiteFixture.waitUntil { site.server.currentSite.table.routes.last?.name == "watched" })
        #expect(WatchedSiteFixture.waitUntil { site.logged("reloaded").count == 1 }, "the log line follows the swap")
        #expect(site.logged("reload rejected; still serving the previous config").isEmpty)
        return site
    }

    @Test("a config written slowly in place is reloaded once, when its writer closes it, never half written")
    func slowWrite() throws {
        let site = try Self.slowConfigWrite(SourceWatcher.Settings(settle: .milliseconds(100)), named: "slow-write")
        defer { site.remove() }
        #expect(site.logged("watching for changes").first?.contains(#""method":"inotify""#) == true)
    }

    @Test("polling also waits for the writer to close a file written slowly in place")
    func slowWriteWhilePolling() throws {
        let site = try Self.slowConfigWrite(
            SourceWatcher.Settings(interval: .milliseconds(50), settle: .milliseconds(100), isPolling: true), named: "slow-poll")
        defer { site.remove() }
        #expect(site.logged("watching for changes").first?.contains(#""method":"polling""#) == true)
    }

    @Test("past the watch limit the watcher says so, polls, and still reloads a template edit")
    func watchLimit() throws {
        let site = try WatchedSiteFixture(named: "watch-limit")
        defer { site.remove() }
        site.server.watch(SourceWatcher.Settings(interval: .milliseconds(50), settle: .milliseconds(100), watchLimit: 2))
        #expect(!site.logged("watching for changes").isEmpty, "armed and logged before watch returns")
        let warning = try #require(site.lines.all.first { $0.contains("watching by polling") })
        #expect(warning.contains(#""level":"warning""#))
        #expect(warning.contains("the inotify watch limit (fs.inotify.max_user_watches = 2) is reached"))
        let layout = site.publicDirectory + "/templates/layout.mustache"
        let text = try String(contentsOfFile: layout, encoding: .utf8).replacingOccurrences(of: "</main>", with: "</main><!-- edited -->")
        try text.write(toFile: layout, atomically: true, encoding: .utf8)
        #expect(WatchedSiteFixture.waitUntil { site.server.currentSite.pages.render("layout", [:]).contains("<!-- edited -->") })
    }

    @Test("a reload that loses more than a quarter of the routes or AASA components is logged as a warning naming the counts")
    func shrinkWarning() throws {
        let site = try WatchedSiteFixture(named: "shrink")
        defer { site.remove() }
        let prefix = WatchedSiteFixture.original.components(separatedBy: "  - name: magicEmailSignIn")[0]
        try prefix.write(toFile: site.configPath, atomically: true, encoding: .utf8)
        #expect(site.server.reload())
        let warning = try #require(site.lines.all.first { $0.contains("much smaller") })
        #expect(warning.contains(#""level":"warning""#))
        #expect(warning.contains(#""shrank":"routes 5 → 1, AASA components 20 → 8""#))
        try WatchedSiteFixture.original.write(toFile: site.configPath, atomically: true, encoding: .utf8)
        #expect(site.server.reload())
        #expect(site.lines.all.filter { $0.contains("much smaller") }.count == 1, "growing back is no warning")
        #expect(
            SiteSize(routes: 4, associationComponents: 9, staticFiles: 2).shrinkage(since: SiteSize(routes: 5, associationComponents: 10, staticFiles: 2)) == []
        )
        #expect(
            SiteSize(routes: 3, associationComponents: 9, staticFiles: 1).shrinkage(since: SiteSize(routes: 4, associationComponents: 9, staticFiles: 2)) == [
                "static files 2 → 1"
            ])
    }
}
