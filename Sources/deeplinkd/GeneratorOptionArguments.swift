import ArgumentParser
import DeepLinkSwiftGenerator

/// The generator options of `generate swift` and `generate vectors`: flags over `deeplinkd-generator.yaml`.
struct GeneratorOptionArguments: ParsableArguments {
    @Option(
        name: .customLong("generator-config"),
        help: "The generator options file (default: deeplinkd-generator.yaml beside the table, when there is one).")
    var path: String?

    @Option(help: "The access level of the generated API: internal (the default) or public. Overrides the options file.")
    var accessModifier: SwiftGeneratorOptions.AccessModifier?

    @Option(help: "The name of the one top-level type the file declares (default DeepLink). Overrides the options file.")
    var typeName: String?

    /// The table at `tablePath` and the options, every problem printed as `FILE:LINE: error: message`; the table is
    /// nil when one is an error.
    func input(tablePath: String) -> GeneratorInput {
        let input = GeneratorInput(tablePath: tablePath, optionsPath: path, accessModifier: accessModifier, typeName: typeName)
        for problem in input.problems { Console.error(problem.description) }
        return input
    }
}

extension SwiftGeneratorOptions.AccessModifier: ExpressibleByArgument {}
