import Foundation

/// Runs the `openssl` command-line tool for the TLS tests, which rely on it (the Makefile's TEST_PACKAGES install it).
enum OpenSSLTool {
    /// How a finished `openssl` run ended: its exit status and what it wrote.
    struct Outcome {
        let status: Int32
        let output: String
        let errors: String
    }

    /// Why `openssl` could not be run to the end.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `openssl arguments` with `input` on its standard input, killing it after `timeoutSeconds`; a non-zero exit
    /// is part of the outcome, not an error.
    static func run(_ arguments: [String], input: String = "", timeoutSeconds: Double = 20) throws -> Outcome {
        let path = "/usr/bin/openssl"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(description: "openssl is required by this test but \(path) is missing (make test-deps installs it)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        // A file, not a pipe: an openssl that exits before reading its input cannot make a write raise SIGPIPE here.
        let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("openssl-input-\(UUID().uuidString)")
        try Data(input.utf8).write(to: inputFile)
        defer { try? FileManager.default.removeItem(at: inputFile) }
        let standardInput = try FileHandle(forReadingFrom: inputFile)
        defer { try? standardInput.close() }
        process.standardInput = standardInput
        try process.run()
        // openssl writes a few kilobytes at most here, well within what a pipe holds until it exits.
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            process.terminate()
            throw Failure(description: "openssl \(arguments.first ?? "") did not finish within \(timeoutSeconds) s")
        }
        return Outcome(
            status: process.terminationStatus,
            output: String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            errors: String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
}
