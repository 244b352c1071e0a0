import ArgumentParser
import DeepLinkSwiftGenerator
import Foundation

/// `deeplinkd generate swift [--output FILE] [--access-modifier public] [--type-name NAME]`: the app's link type,
/// parsing through DeepLinkRouting.
struct GenerateSwiftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swift",
        abstract: "Write the Swift file an app compiles from the table: the DeepLink enum, parsing, validation, links, stacks and gates.")

    @OptionGroup var options: ConfigOptions

    @Option(name: .shortAndLong, help: "Where to write the file (default: standard output).")
    var output: String?

    @OptionGroup var generatorOptions: GeneratorOptionArguments

    @Flag(help: "Write a DocC article of the generated API (its routes, then every declaration with its summary) instead of the Swift file.")
    var docc = false

    func run() throws {
        let input = generatorOptions.input(tablePath: options.path)
        guard let table = input.table else { throw ExitCode.failure }
        let sourceName = URL(fileURLWithPath: options.path).lastPathComponent
        let source =
            docc
            ? GeneratedAPIArticle(table: table, sourceName: sourceName, options: input.options).markdown()
            : SwiftGenerator(table: table, sourceName: sourceName, options: input.options).source()
        try OutputFile.write(Array(source.utf8), to: output, isUnchangedKept: true)
    }
}
