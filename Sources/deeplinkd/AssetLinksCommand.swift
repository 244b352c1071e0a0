import ArgumentParser
import DeepLinkAASA
import DeepLinkConfig

/// `deeplinkd assetlinks`: the `assetlinks.json` the table generates for a domain.
struct AssetLinksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetlinks", abstract: "Print the assetlinks.json generated from the table's android section for a domain.")

    @OptionGroup var options: ConfigOptions

    @Option(help: "The domain to generate it for (default: the first domain).")
    var domain: String?

    func run() throws {
        let configuration = try options.load()
        guard !configuration.android.isEmpty else {
            Console.error("deeplinkd: \(options.path) has no android section, so there is no assetlinks.json")
            throw ExitCode.failure
        }
        let documents = configuration.documents
        guard let file = documents.assetLinks(for: domain) else {
            Console.error("deeplinkd: '\(domain ?? "")' is not one of the configured domains (\(documents.domains.joined(separator: ", ")))")
            throw ExitCode.failure
        }
        try Console.output(String(decoding: file.dropLast(), as: UTF8.self))
    }
}
