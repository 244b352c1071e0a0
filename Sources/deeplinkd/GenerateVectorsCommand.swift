import ArgumentParser
import DeepLinkSwiftGenerator
import Foundation

/// `deeplinkd generate vectors [--output FILE]`: golden vectors of the table as JSON, for an app's tests.
struct GenerateVectorsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vectors",
        abstract:
            "Write golden vectors of the table as JSON: URL, state and features, and the route and parameters, action (dispatch, wait or ignore) and reason /resolve gives, with the route's presentation and hold expiry."
    )

    @OptionGroup var options: ConfigOptions

    @Option(name: .shortAndLong, help: "Where to write the file (default: standard output).")
    var output: String?

    func run() throws {
        let input = GeneratorInput(tablePath: options.path)
        for problem in input.problems { Console.error(problem.description) }
        guard let table = input.table else { throw ExitCode.failure }
        let json = GoldenVectors(table: table, sourceName: URL(fileURLWithPath: options.path).lastPathComponent).json()
        try OutputFile.write(Array(json.utf8), to: output)
    }
}
