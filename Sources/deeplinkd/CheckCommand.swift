import ArgumentParser
import DeepLinkConfig
import DeepLinkRouting

/// `deeplinkd check`: validates the config and prints every problem as `FILE:LINE: message`.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Validate the route table; print every problem and exit 1 if there is an error.")

    @OptionGroup var options: ConfigOptions

    func run() throws {
        let path = options.path
        let (table, _, diagnostics) = Configuration.check(file: path)
        for diagnostic in diagnostics { Console.error(diagnostic.formatted(file: path)) }
        guard let table else { throw ExitCode.failure }
        let counts = [(table.routes.count, "route"), (table.domains.count, "domain"), (table.schemes.count, "scheme")]
            .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", ")
        Console.output("\(path): OK (\(counts))")
    }
}
