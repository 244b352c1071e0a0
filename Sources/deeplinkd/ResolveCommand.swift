import ArgumentParser
import DeepLinkConfig
import DeepLinkRouting
import DeepLinkWire

/// `deeplinkd resolve [--state STATE] [--feature NAME]... [--app-version V] URL...`: one resolve-result JSON object per line.
struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve", abstract: "Print the intent each URL resolves to, as the app would parse it (JSON lines).")

    @OptionGroup var options: ConfigOptions

    @Option(help: "The app's state (one of the table's states, such as ready); adds \"action\": dispatch, wait (with the reason the app holds it) or ignore.")
    var state: String?

    @Option(
        name: .customLong("feature"),
        help: "An app feature the user has (repeatable); a route requiring another is \"action\": ignore, \"reason\": featureDisabled.")
    var features: [String] = []

    @Flag(help: "The user has no app feature: every route that requires one is ignored (without it or --feature, the answer only names the feature).")
    var noFeatures = false

    @Option(
        name: .customLong("app-version"),
        help: "The app's version (2.3); a route whose minAppVersion is newer is \"action\": update with its \"minAppVersion\", before any gate or feature.")
    var appVersion: String?

    @Argument(help: "The URLs to resolve.")
    var urls: [String]

    func validate() throws {
        if let appVersion {
            do throws(AppVersionError) {
                _ = try AppVersion(parsing: appVersion)
            } catch {
                throw ValidationError("--app-version \(error)")
            }
        }
    }

    func run() throws {
        let table = try options.load().table
        let version = try appVersion.map { text throws(AppVersionError) in try AppVersion(parsing: text) }
        let enabled = features.isEmpty && !noFeatures ? nil : Set(features)
        for url in urls {
            let json: String
            do {
                json = try table.resolve(url, state: state, features: enabled, appVersion: version).json()
            } catch {
                Console.error("deeplinkd: \(error)")
                throw ExitCode.failure
            }
            try Console.output(json)
        }
    }
}
