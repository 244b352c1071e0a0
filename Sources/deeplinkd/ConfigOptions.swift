import ArgumentParser
import DeepLinkConfig

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
