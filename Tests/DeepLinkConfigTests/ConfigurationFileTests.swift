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

    @Test(
        "a config that is a FIFO or a device is refused without waiting for a writer or reading the device",
        .timeLimit(.minutes(1)),
        arguments: [
            ("fifo", "a named pipe (FIFO)"), ("/dev/null", "a character device"), ("/dev/zero", "a character device"),
        ])
    func specialFiles(name: String, kind: String) throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = name.hasPrefix("/") ? name : root + "/" + name
        if !name.hasPrefix("/") { #expect(mkfifo(path, 0o600) == 0) }
        #expect(
            Configuration.check(file: path).diagnostics.map { $0.formatted(file: "f") } == ["f: cannot read the config: it is \(kind), not a regular file"])
        #expect(throws: ConfigurationError.self) { try Configuration(contentsOf: path) }
    }

    @Test("a config that is not UTF-8 is refused with that reason")
    func configNotUTF8() throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data([0x64, 0x6F, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: root + "/bad.yaml"))
        #expect(Configuration.check(file: root + "/bad.yaml").diagnostics.map { $0.formatted(file: "f") } == ["f: the config is not UTF-8 text"])
    }
}
