import Foundation
import Testing

/// Runs `deeplinkd arguments`, stopping it with SIGKILL when it is still running after `seconds`; the result's
/// `status` is then nil.
func runWithDeadline(_ arguments: [String], seconds: Double) throws -> (status: Int32?, error: String) {
    let process = Process()
    process.executableURL = Deeplinkd.binary
    process.arguments = arguments
    process.currentDirectoryURL = Deeplinkd.root
    process.environment = Deeplinkd.environment
    let error = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = error
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    guard finished.wait(timeout: .now() + seconds) == .success else {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return (nil, String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
    return (process.terminationStatus, String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
}

@Suite("deeplinkd check refuses what serve would refuse")
struct CheckCommandTests {
    @Test("check and serve refuse a FIFO as the config at once instead of waiting for a writer", arguments: ["check", "serve"])
    func fifoConfig(command: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-fifo-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/deeplinkd.yaml"
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try runWithDeadline([command, "--config", fifo] + (command == "serve" ? ["--port", "0"] : []), seconds: 10)
        #expect(result.status == 1)
        #expect(result.error.contains("\(fifo): cannot read the config: it is a named pipe (FIFO), not a regular file"))
        if command == "check" { #expect(result.error == "\(fifo): cannot read the config: it is a named pipe (FIFO), not a regular file\n") }
    }
}

@Suite("deeplinkd check --public checks landings against the templates")
struct CheckPublicTests {
    @Test("a landing whose template differs in case fails check --public with the config's file and line, as serve would")
    func landingCase() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-landing-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = directory + "/deeplinkd.yaml"
        let text = try String(contentsOfFile: Deeplinkd.root.appendingPathComponent("config/deeplinkd.yaml").path, encoding: .utf8)
        try text.replacingOccurrences(of: "landing: charger", with: "landing: Charger").write(toFile: config, atomically: true, encoding: .utf8)
        let line = (text.components(separatedBy: "\n").firstIndex { $0.contains("landing: charger") } ?? 0) + 1

        let withTemplates = try Deeplinkd.run(["check", "--config", config, "--public", "Public"])
        #expect(withTemplates.status == 1)
        #expect(
            withTemplates.error
                == "\(config):\(line): route 'charger': landing 'Charger' has no template Charger.mustache (there is charger.mustache: template names are case-sensitive)\n"
        )
        let serve = try runWithDeadline(["serve", "--config", config, "--public", "Public", "--port", "0"], seconds: 20)
        #expect(serve.status == 1)
        #expect(serve.error.contains("Charger.mustache"))
    }
}
