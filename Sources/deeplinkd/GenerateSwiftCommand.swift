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
        guard let output else {
            FileHandle.standardOutput.write(Data(source.utf8))
            return
        }
        // Unchanged bytes are not rewritten, so a build that regenerates the file does not recompile what uses it.
        if FileManager.default.contents(atPath: output) == Data(source.utf8) { return }
        do {
            try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            Console.error("deeplinkd: cannot write \(output): \(error.localizedDescription)")
            throw ExitCode.failure
        }
    }
}
