import Foundation
import Testing

@testable import ServerPlatform

@Suite("The kernel's reports of changes in a directory, and of a file's writers")
struct FileEventsTests {
    static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-events-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The events of `watch` about `name`, read until `last` comes (or nothing comes for two seconds).
    static func kinds(_ events: FileEvents, name: String, until last: FileEvent.Kind) -> [FileEvent.Kind] {
        var kinds: [FileEvent.Kind] = []
        while let batch = events.next(milliseconds: 2_000), !batch.isEmpty {
            kinds += batch.filter { $0.name == name }.map(\.kind)
            if kinds.last == last { break }
        }
        return kinds
    }

    @Test("a file written in place reports its writes, then its writer closing it; a rename over it reports the rename")
    func writesAndRenames() throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let events = try FileEvents()
        _ = try events.watch(root)
        let descriptor = open(root + "/a.yaml", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(descriptor >= 0)
        #expect(write(descriptor, "head", 4) == 4)
        #expect(Self.kinds(events, name: "a.yaml", until: .modified) == [.created, .modified])
        #expect(write(descriptor, "tail", 4) == 4)
        close(descriptor)
        #expect(Self.kinds(events, name: "a.yaml", until: .closedAfterWriting) == [.modified, .closedAfterWriting])

        try Data("new".utf8).write(to: URL(fileURLWithPath: root + "/a.yaml.tmp"))
        #expect(rename(root + "/a.yaml.tmp", root + "/a.yaml") == 0)
        #expect(Self.kinds(events, name: "a.yaml", until: .movedIn) == [.movedIn])
        #expect(unlink(root + "/a.yaml") == 0)
        #expect(Self.kinds(events, name: "a.yaml", until: .deleted) == [.deleted])
    }

    @Test("a watched directory removed reports that it is gone; wake ends a wait with nil")
    func directoryGoneAndWake() throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let events = try FileEvents()
        let watch = try events.watch(root + "/")
        try FileManager.default.removeItem(atPath: root)
        let batch = try #require(events.next(milliseconds: 2_000))
        #expect(batch.contains(FileEvent(watch: watch, name: "", kind: .directoryGone)))
        events.wake()
        #expect(events.next(milliseconds: -1) == nil)
    }

    @Test("a path that is not a directory cannot be watched, and says why")
    func notADirectory() throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(FileManager.default.createFile(atPath: root + "/file", contents: nil))
        let events = try FileEvents()
        #expect(throws: FileEventsError.cannotWatch(directory: root + "/file", code: ENOTDIR)) { try events.watch(root + "/file") }
        #expect(throws: FileEventsError.cannotWatch(directory: root + "/missing", code: ENOENT)) { try events.watch(root + "/missing") }
    }

    @Test("why inotify cannot serve is worded so an operator knows what to change")
    func descriptions() {
        #expect(
            FileEventsError.watchLimit(directory: "/srv/Public", limit: 8192).description
                == "cannot watch /srv/Public: the inotify watch limit (fs.inotify.max_user_watches = 8192) is reached")
        #expect(
            FileEventsError.unavailable(EMFILE).description
                == "inotify is unavailable: every inotify instance this user may open (fs.inotify.max_user_instances) is taken")
        #expect(FileEventsError.cannotWatch(directory: "/x", code: EACCES).description == "cannot watch /x: Permission denied")
    }

    @Test("Linux tells whether a file is open for writing, by this process or another")
    func openForWriting() throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/config.yaml"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("routes: []\n".utf8)))
        #expect(FileSystem.isOpenForWriting(path) == false)
        let reader = try #require(FileHandle(forReadingAtPath: path))
        #expect(FileSystem.isOpenForWriting(path) == false, "a reader is no writer")
        let writer = try #require(FileHandle(forWritingAtPath: path))
        #expect(FileSystem.isOpenForWriting(path) == true)
        try writer.close()
        try reader.close()
        #expect(FileSystem.isOpenForWriting(path) == false)

        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "exec 3>>\"$1\"; read line", "sh", path]
        let input = Pipe()
        shell.standardInput = input
        try shell.run()
        defer { shell.terminate() }
        var waits = 0
        while FileSystem.isOpenForWriting(path) != true, waits < 200 {
            usleep(10_000)
            waits += 1
        }
        #expect(FileSystem.isOpenForWriting(path) == true, "another process holds it open for writing")
        try input.fileHandleForWriting.write(contentsOf: Data("done\n".utf8))
        shell.waitUntilExit()
        #expect(FileSystem.isOpenForWriting(path) == false)
        #expect(FileSystem.isOpenForWriting(root) == nil, "a directory has no writers to tell")
        #expect(FileSystem.isOpenForWriting(root + "/missing") == nil)
    }

    @Test("a local file system is not taken for a remote one; a symbolic link's text is read, not followed")
    func fileSystemsAndLinks() throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(FileSystem.remoteFileSystemType(of: root) == nil)
        #expect(FileSystem.remoteTypes.isSuperset(of: ["nfs4", "cifs", "9p", "virtiofs", "fuse.sshfs"]))
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: "..data/config.yaml")
        #expect(FileSystem.symbolicLinkTarget(root + "/link") == "..data/config.yaml")
        #expect(FileSystem.symbolicLinkTarget(root) == nil)
    }
}
