import ArgumentParser
import DeepLinkRouting

/// `deeplinkd resolve [--state STATE] URL...`: one resolve-result JSON object per line.
struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve", abstract: "Print the intent each URL resolves to, as the app would parse it (JSON lines).")

    @OptionGroup var options: ConfigOptions

    @Option(help: "The app's state (a RootRoute such as ready); adds \"action\": dispatch or ignore.")
    var state: String?

    @Argument(help: "The URLs to resolve.")
    var urls: [String]

    func run() throws {
        let table = try options.load().table
        for url in urls {
            do {
                Console.output(try table.resolve(url, state: state).json(in: table))
            } catch {
                Console.error("deeplinkd: \(error)")
                throw ExitCode.failure
            }
        }
    }
}
