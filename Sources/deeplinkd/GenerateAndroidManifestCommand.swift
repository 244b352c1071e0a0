import ArgumentParser
import DeepLinkAASA
import DeepLinkConfig
import Foundation

/// `deeplinkd generate android-manifest [--activity NAME] [--output FILE]`: the intent filters of the app's link activity.
struct GenerateAndroidManifestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "android-manifest",
        abstract: "Write the intent filters the table implies: a verified App Links filter per domain, a filter per custom scheme.")

    @OptionGroup var options: ConfigOptions

    @Option(name: .long, help: "Write a whole manifest adding the filters to this activity (for a flavor's or a library's AndroidManifest.xml).")
    var activity: String?

    @Option(name: .shortAndLong, help: "Where to write it (default: standard output).")
    var output: String?

    func run() throws {
        let table = try options.load().table
        let xml = AndroidManifestGenerator(table: table, sourceName: URL(fileURLWithPath: options.path).lastPathComponent).xml(activity: activity)
        try OutputFile.write(Array(xml.utf8), to: output, isUnchangedKept: true)
    }
}
