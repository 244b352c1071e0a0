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
