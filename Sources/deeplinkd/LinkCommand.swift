import ArgumentParser
import DeepLinkConfig
import DeepLinkRouting

/// `deeplinkd link ROUTE NAME=VALUE...`: the Universal Link and app link for an intent.
struct LinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link", abstract: "Build the links for a route and its parameter values (JSON).")

    @OptionGroup var options: ConfigOptions

    @Argument(help: "The route name, such as charger.")
    var route: String

    @Argument(help: "Parameter values as NAME=VALUE.")
    var values: [String] = []

    func run() throws {
        let parameters = try ParameterArguments.parse(values)
        let table = try options.load().table
        let links: Links
        do {
            links = try table.links(route: route, parameters: parameters)
        } catch {
            Console.error("deeplinkd: \(error)")
            throw ExitCode.failure
        }
        try Console.output(links.json)
    }
}
