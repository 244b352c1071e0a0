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

    /// Runs the command the process's arguments name and exits with its status.
    static func main() {
        StandardStreams.prepare()
        StandardStreams.end(status: status(running: Array(CommandLine.arguments.dropFirst())))
    }

    /// Parses `arguments` and runs the command, as ArgumentParser's own `main` does, but with every message (help
    /// included) written through `Console`: output that cannot be written (a full disk, a closed or broken pipe) is
    /// reported on standard error with status 1. Returns the exit status.
    static func status(running arguments: [String]) -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let failure as OutputFailure {
            Console.error("deeplinkd: \(failure)")
            return 1
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success, !message.isEmpty {
                do throws(OutputFailure) {
                    try Console.output(message)
                } catch {
                    Console.error("deeplinkd: \(error)")
                    return 1
                }
            } else if !message.isEmpty {
                Console.error(message)
            }
            return code.rawValue
        }
    }
}
