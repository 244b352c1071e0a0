import DeepLinkRouting
import Foundation
import Testing

@testable import DeepLinkConfig

@Suite("Reading the config file")
struct ConfigurationFileTests {
    static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-config-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    // The limit bounds the hang an open that waits for a writer would be; not a measure: under `make tsan` on a busy
    // machine a test's clock runs for as long as the whole run while it waits for a thread.
    @Test("a config that is a FIFO or a device is refused, named by its kind, without waiting for a writer", .timeLimit(.minutes(60)))
    func specialFiles() throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(mkfifo(root + "/fifo", 0o600) == 0)
        for (path, kind) in [(root + "/fifo", "a named pipe (FIFO)"), ("/dev/null", "a character device"), ("/dev/zero", "a character device")] {
            let diagnostics = Configuration.check(file: path).diagnostics.map { $0.formatted(file: "f") }
            #expect(diagnostics == ["f: cannot read the config: it is \(kind), not a regular file"], "\(path)")
            #expect(throws: ConfigurationError.self) { try Configuration(contentsOf: path) }
        }
    }

    @Test("a config that is not UTF-8 is refused with that reason")
    func configNotUTF8() throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data([0x64, 0x6F, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: root + "/bad.yaml"))
        #expect(Configuration.check(file: root + "/bad.yaml").diagnostics.map { $0.formatted(file: "f") } == ["f: the config is not UTF-8 text"])
    }
}
