import ArgumentParser
import DeepLinkConfig
import DeepLinkSwiftGenerator
import Foundation

/// `deeplinkd generate swift [--output FILE]`: the app's `DeepLink` enum, parsing through DeepLinkRouting.
struct GenerateSwiftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swift",
        abstract: "Write the Swift file an app compiles from the table: the DeepLink enum, parsing, links, stacks and gates.")

    @OptionGroup var options: ConfigOptions

    @Option(name: .shortAndLong, help: "Where to write the file (default: standard output).")
    var output: String?

    func run() throws {
        let table = try options.load().table
        let sourceName = URL(fileURLWithPath: options.path).lastPathComponent
        let source = SwiftGenerator(table: table, sourceName: sourceName).source()
        try OutputFile.write(Array(source.utf8), to: output, isUnchangedKept: true)
    }
}
