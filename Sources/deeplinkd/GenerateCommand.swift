import ArgumentParser

/// `deeplinkd generate`: source code generated from the route table.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate", abstract: "Generate source code from the route table.",
        subcommands: [GenerateSwiftCommand.self, GenerateVectorsCommand.self, GenerateKotlinCommand.self, GenerateAndroidManifestCommand.self])
}
