import ArgumentParser

/// `deeplinkd`: the route table's command-line front.
@main
struct Deeplinkd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deeplinkd",
        abstract: "A self-hosted Universal Link domain driven by one ordered route table.",
        subcommands: [
            ServeCommand.self, ResolveCommand.self, LinkCommand.self, AASACommand.self, AssetLinksCommand.self, CheckCommand.self, GenerateCommand.self,
            InitCommand.self,
            QRCommand.self, DoctorCommand.self,
        ]
    )
}
