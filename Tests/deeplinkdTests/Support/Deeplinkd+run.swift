import ArgumentParser
import Foundation
import Glibc
import Synchronization

@testable import deeplinkd

/// `deeplinkd` commands run in this process, as the tool runs them (`Deeplinkd.status(running:)`, the code of its
/// `main`), with what they write to standard output and error captured by the task that runs them.
extension Deeplinkd {
    /// The repository, which is the tests' working directory: the default table is `config/deeplinkd.yaml` there.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// How a command ended: its exit status and what it wrote.
    struct Result {
        let status: Int32
        /// Standard output, as bytes.
        let outputBytes: [UInt8]
        /// Standard error, as bytes.
        let errorBytes: [UInt8]
        /// Standard output, read as UTF-8.
        var output: String { String(decoding: outputBytes, as: UTF8.self) }
        /// Standard error, read as UTF-8.
        var error: String { String(decoding: errorBytes, as: UTF8.self) }
    }

    /// Why a command is not run in this process.
    struct NotInProcess: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `deeplinkd arguments` in this process from the repository, with its standard streams captured. A `serve`
    /// that gets past its options is refused: it would take this process's signals and log; `LiveServer` starts the
    /// server it builds, and Tests/system runs the process.
    static func run(_ arguments: [String]) throws -> Result {
        if (try? parseAsRoot(arguments)) is ServeCommand {
            throw NotInProcess(description: "serve runs in Tests/system, or through LiveServer: \(arguments)")
        }
        _ = isInRepository
        let capture = StandardStreamsCapture()
        let exitStatus = Console.$sink.withValue(capture) { Self.status(running: arguments) }
        return Result(status: exitStatus, outputBytes: capture.bytes(of: STDOUT_FILENO), errorBytes: capture.bytes(of: STDERR_FILENO))
    }

    /// Whether the process works in the repository, made so once, before the first command or server: their default
    /// paths are relative (`config/deeplinkd.yaml`, `Public`), as the tool's are from a checkout. No test sets
    /// another directory, so the one change is the same whichever test makes it, and `swift test` run from the
    /// repository (as `make test` does) makes none.
    static let isInRepository: Bool = FileManager.default.currentDirectoryPath == root.path || chdir(root.path) == 0
}

/// The standard output and error of one command run in this process, kept apart, as `Console` writes them.
final class StandardStreamsCapture: ConsoleSink {
    private let streams = Mutex<[Int32: [UInt8]]>([:])

    func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        streams.withLock { $0[descriptor, default: []] += bytes }
        return nil
    }

    /// What was written to `descriptor` so far.
    func bytes(of descriptor: Int32) -> [UInt8] {
        streams.withLock { $0[descriptor] ?? [] }
    }
}
