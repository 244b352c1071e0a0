import ArgumentParser
import DeepLinkConfig
import Foundation

/// `--config FILE`, falling back to `DEEPLINKD_CONFIG`, then `config/deeplinkd.yaml`.
struct ConfigOptions: ParsableArguments {
    @Option(name: .long, help: "The route table (default: $DEEPLINKD_CONFIG, else config/deeplinkd.yaml).")
    var config: String?

    /// The config path in effect.
    var path: String {
        config ?? Environment.value(of: "DEEPLINKD_CONFIG") ?? "config/deeplinkd.yaml"
    }

    /// Loads the config, or prints every problem and exits 1.
    func load() throws -> Configuration {
        do {
            return try Configuration(contentsOf: path)
        } catch {
            Console.error(error.description)
            throw ExitCode.failure
        }
    }
}

/// Writes to the standard streams without the shared-state globals Swift 6 rejects.
enum Console {
    /// Prints one line to standard output.
    static func output(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Prints one line to standard error.
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// Environment variables, read with `getenv`: `ProcessInfo` copies the whole environment into a dictionary.
enum Environment {
    /// The value of the variable `name`, or nil when it is not set.
    static func value(of name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
