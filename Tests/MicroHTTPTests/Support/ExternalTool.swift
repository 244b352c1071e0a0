import Foundation

/// Runs command-line tools the TLS tests rely on (openssl, curl), failing clearly when one is missing.
enum ExternalTool {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The tool's full path, searched in the usual system directories.
    static func path(of tool: String) throws -> String {
        let candidates = ["/usr/bin", "/usr/local/bin", "/bin"].map { "\($0)/\(tool)" }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Failure(description: "\(tool) is required by this test but was not found in /usr/bin, /usr/local/bin or /bin")
        }
        return found
    }

    /// Runs `tool` with `arguments`, killing it after `timeoutSeconds`; returns its standard output.
    static func run(_ tool: String, _ arguments: [String], timeoutSeconds: Double = 20) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path(of: tool))
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            process.terminate()
            throw Failure(description: "\(tool) did not finish within \(timeoutSeconds) s")
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw Failure(description: "\(tool) exited with \(process.terminationStatus): \(message)")
        }
        return text
    }
}
