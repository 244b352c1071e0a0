import ArgumentParser
import DeepLinkAASA
import DeepLinkConfig
import DeepLinkRouting

/// `deeplinkd aasa`: the apple-app-site-association the table generates.
struct AASACommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa", abstract: "Print the apple-app-site-association JSON generated from the table.")

    @OptionGroup var options: ConfigOptions

    @Option(help: "The domain to generate it for (default: the first domain).")
    var domain: String?

    func run() throws {
        let table = try options.load().table
        if let domain, !table.domains.contains(domain.lowercased()) {
            Console.error("deeplinkd: '\(domain)' is not one of the configured domains (\(table.domains.joined(separator: ", ")))")
            throw ExitCode.failure
        }
        let json = AASAGenerator(table: table).json(for: domain)
        Console.output(String(json.dropLast()))
    }
}
