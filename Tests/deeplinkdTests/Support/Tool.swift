import Foundation

/// Runs the tools the tests check deeplinkd's output with (openssl, zbarimg, rsvg-convert), which share no code with
/// it; `make test-deps` installs them.
enum Tool {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `tool` to its end and returns its standard output; its standard error (zbarimg's D-Bus chatter, openssl's
    /// progress) is dropped. A tool that is missing or exits non-zero is a failure.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        guard let path = ["/usr/bin", "/usr/local/bin", "/bin"].map({ "\($0)/\(tool)" }).first(where: FileManager.default.isExecutableFile) else {
            throw Failure(description: "\(tool) is required by this test but was not found (make test-deps installs it)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
