import Foundation
import Testing

@testable import DeepLinkServer

@Suite("What --watch watches: what the site loads, through its symbolic links")
struct WatchPlanTests {
    /// A temporary directory, canonical (a temporary directory may be reached through a link).
    static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-plan-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return try #require(
            realpath(path, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            })
    }

    @Test("the config's directory, the public directory and its templates and static folders; nothing of a .git of 1,000 files")
    func defaultLayout() throws {
        let site = try WatchedSiteFixture(named: "plan")
        defer { site.remove() }
        for folder in 0..<10 {
            let objects = site.publicDirectory + "/.git/objects/\(folder)"
            try FileManager.default.createDirectory(atPath: objects, withIntermediateDirectories: true)
            for file in 0..<100 { close(open(objects + "/\(file)", O_WRONLY | O_CREAT, 0o644)) }
        }
        let root = try #require(
            realpath(site.root, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            })
        let plan = WatchPlan(configPath: site.configPath, publicDirectory: site.publicDirectory)
        #expect(plan.directories.keys.sorted() == [root, root + "/Public", root + "/Public/static", root + "/Public/templates"])
        #expect(plan.directories[root]?.names == ["deeplinkd.yaml", "Public"])
        #expect(plan.directories[root + "/Public"]?.names == ["templates", "static", "openapi.yaml"])
        #expect(plan.files.count == 10, "the config, openapi.yaml, five templates and three static files")
        let templates = root + "/Public/templates"
        #expect(plan.matters("layout.mustache", in: templates))
        #expect(plan.matters("new-page.mustache", in: templates), "a template not there yet")
        for name in [".layout.mustache.swp", "layout.mustache~", "4913", "notes.txt"] { #expect(!plan.matters(name, in: templates), "\(name)") }
        let assets = root + "/Public/static"
        #expect(plan.matters("deeplinkd.css", in: assets) && plan.matters("logo.png", in: assets))
        for name in [".git", ".DS_Store", "CVS", "_darcs"] { #expect(!plan.matters(name, in: assets), "\(name)") }
        for name in [".git", "README.md", "templates.old"] { #expect(!plan.matters(name, in: root + "/Public"), "\(name)") }
        #expect(!plan.matters("other.yaml", in: root) && !plan.matters(".git", in: root))
    }

    @Test("a ConfigMap volume: the volume's directory for the config and its ..data link, and the version directory it points to")
    func configMapVolume() throws {
        let volume = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: volume) }
        try FileManager.default.createDirectory(atPath: volume + "/..2026_01_01.1", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: volume + "/..2026_01_01.1/deeplinkd.yaml", contents: Data())
        try FileManager.default.createSymbolicLink(atPath: volume + "/..data", withDestinationPath: "..2026_01_01.1")
        try FileManager.default.createSymbolicLink(atPath: volume + "/deeplinkd.yaml", withDestinationPath: "..data/deeplinkd.yaml")
        let plan = WatchPlan(configPath: volume + "/deeplinkd.yaml", publicDirectory: volume + "/missing")
        #expect(plan.directories[volume]?.names == ["deeplinkd.yaml", "..data", "missing"])
        #expect(plan.directories[volume + "/..2026_01_01.1"]?.names == ["deeplinkd.yaml"])
        #expect(plan.matters("..data", in: volume) && !plan.matters("..data_tmp", in: volume) && !plan.matters("..2026_01_02.2", in: volume))
    }

    @Test("a template linked from elsewhere and a public directory switched by a link are followed to where they lead")
    func links() throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let release = root + "/releases/v2/Public"
        try FileManager.default.createDirectory(atPath: release + "/templates", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: release + "/static", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/shared", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: root + "/shared/layout.mustache", contents: Data())
        try FileManager.default.createSymbolicLink(atPath: release + "/templates/layout.mustache", withDestinationPath: "../../../../shared/layout.mustache")
        try FileManager.default.createSymbolicLink(atPath: root + "/Public", withDestinationPath: "releases/v2/Public")
        _ = FileManager.default.createFile(atPath: root + "/deeplinkd.yaml", contents: Data())
        let plan = WatchPlan(configPath: root + "/deeplinkd.yaml", publicDirectory: root + "/Public/")
        #expect(plan.directories[root]?.names == ["deeplinkd.yaml", "Public", "releases", "shared"])
        #expect(plan.directories[root + "/releases"]?.names == ["v2"])
        #expect(plan.directories[root + "/releases/v2"]?.names == ["Public"])
        #expect(plan.directories[release]?.names == ["templates", "static", "openapi.yaml"])
        #expect(plan.directories[root + "/shared"]?.names == ["layout.mustache"], "an edit of the linked file is seen where it is")
        #expect(plan.files.contains(root + "/Public/templates/layout.mustache"))
    }
}
