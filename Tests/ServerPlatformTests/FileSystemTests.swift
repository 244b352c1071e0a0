import Foundation
import Testing

@testable import ServerPlatform

@Suite("Reading files through the C library")
struct FileSystemTests {
    static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-fs-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path + "/sub", withIntermediateDirectories: true)
        return path
    }

    @Test("a file's bytes come back whole, also past the 64 KiB read size")
    func contents() throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: root + "/big"))
        try Data().write(to: URL(fileURLWithPath: root + "/empty"))
        #expect(try FileSystem.contents(of: root + "/big") == bytes)
        #expect(try FileSystem.contents(of: root + "/empty") == [])
    }

    @Test("missing files and directories are told apart")
    func readErrors() throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(throws: FileSystem.ReadError.noSuchFile) { try FileSystem.contents(of: root + "/missing") }
        #expect(throws: FileSystem.ReadError.noSuchFile) { try FileSystem.contents(of: root + "/missing/deeper") }
        #expect(throws: FileSystem.ReadError.notARegularFile(kind: "a directory")) { try FileSystem.contents(of: root + "/sub") }
    }

    @Test(
        "each reason a file cannot be read is worded as the diagnostics quote it",
        arguments: [
            (FileSystem.ReadError.noSuchFile, "no such file"), (.permissionDenied, "permission denied"),
            (.notARegularFile(kind: "a directory"), "it is a directory, not a regular file"),
            (.notARegularFile(kind: "a named pipe (FIFO)"), "it is a named pipe (FIFO), not a regular file"),
            (.failed(EIO), "Input/output error"),
        ])
    func readErrorWords(error: FileSystem.ReadError, words: String) {
        #expect(error.description == words)
    }

    @Test(
        "a FIFO or a device is refused without waiting for a writer or reading the device",
        // A bound for the hang a blocked open or read would be, not a measure (a loaded machine under TSan).
        .timeLimit(.minutes(60)),
        arguments: [
            ("fifo", "a named pipe (FIFO)"), ("/dev/null", "a character device"), ("/dev/zero", "a character device"),
        ])
    func specialFiles(name: String, kind: String) throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = name.hasPrefix("/") ? name : root + "/" + name
        if !name.hasPrefix("/") { #expect(mkfifo(path, 0o600) == 0) }
        #expect(throws: FileSystem.ReadError.notARegularFile(kind: kind)) { try FileSystem.contents(of: path) }
    }

    @Test("entries are listed sorted without . and ..; paths are made canonical through symbolic links")
    func entriesAndPaths() throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for name in ["b.css", "a.svg", ".hidden"] { try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/" + name)) }
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/sub/../a.svg")
        #expect(FileSystem.entries(of: root) == [".hidden", "a.svg", "b.css", "link", "sub"])
        #expect(FileSystem.entries(of: root + "/missing") == nil)
        let canonicalRoot = try #require(FileSystem.canonicalPath(root))
        #expect(FileSystem.canonicalPath(root + "/link") == canonicalRoot + "/a.svg")
        #expect(FileSystem.canonicalPath(root + "/sub/../b.css") == canonicalRoot + "/b.css")
        #expect(FileSystem.canonicalPath(root + "/missing") == nil)
        #expect(FileSystem.isRegularFile(root + "/link"))
        #expect(!FileSystem.isRegularFile(root + "/sub"))
    }
}
