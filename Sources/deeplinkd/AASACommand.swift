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
        let documents = try options.load().documents
        guard let file = documents.appleAppSiteAssociation(for: domain) else {
            Console.error("deeplinkd: '\(domain ?? "")' is not one of the configured domains (\(documents.domains.joined(separator: ", ")))")
            throw ExitCode.failure
        }
        try Console.output(String(decoding: file.dropLast(), as: UTF8.self))
    }
}
