import ArgumentParser
import Foundation

/// Writing a generated file.
enum GeneratedFile {
    /// Writes `source` to `path`, unless the file already holds exactly it (a build that regenerates it then
    /// recompiles nothing); an error names the file and exits 1.
    static func write(_ source: String, to path: String) throws {
        if FileManager.default.contents(atPath: path) == Data(source.utf8) { return }
        do {
            try Data(source.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            Console.error("deeplinkd: cannot write \(path): \(error.localizedDescription)")
            throw ExitCode.failure
        }
    }
}
