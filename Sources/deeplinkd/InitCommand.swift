import ArgumentParser
import DeepLinkConfig
import DeepLinkRouting

/// `deeplinkd init`: a commented starter table for a new app, which `check` accepts.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Write a commented starter route table for a new app (it passes check).")

    @Option(name: .shortAndLong, help: "The file to write; an existing file is never overwritten (a device, FIFO or /dev/stdout is written into).")
    var output = "deeplinkd.yaml"

    @Option(help: "The app's name, shown on landing pages.")
    var name = "MyApp"

    @Option(help: "The app's TEAMID.bundle.id.")
    var appID = "ABCDE12345.com.example.myapp"

    @Option(help: "The Universal Link host.")
    var domain = "links.example.com"

    @Option(help: "A custom URL scheme.")
    var scheme = "myapp"

    func run() throws {
        let starter = StarterTable(name: name, appID: appID, domain: domain, scheme: scheme)
        // The table must pass check before it is written: a value check refuses is reported with the option that
        // gave it (the file does not exist yet, so no message names it), and nothing is written.
        let errors = Configuration.check(yaml: starter.yaml).diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else {
            // A refused option also empties a list routes rely on: those consequences are left out when it is named.
            let named = errors.compactMap { error in starter.option(onLine: error.line).map { "\($0): \(error.message)" } }
            let messages = named.isEmpty ? errors.map { "the starter table with these options: \($0.message)" } : named
            for message in messages { Console.error("deeplinkd: \(message)") }
            throw ExitCode.failure
        }
        let bytes = Array(starter.yaml.utf8)
        guard case .file(let target) = try OutputTarget(path: output) else {
            return try OutputFile.write(bytes, to: output)
        }
        let directory = try OutputDirectory(path: OutputTarget.directory(of: target))
        guard try directory.create(OutputTarget.name(of: target), with: bytes, place: output) else {
            Console.error("deeplinkd: \(output) exists; init never overwrites a table")
            throw ExitCode.failure
        }
        try Console.report("wrote \(output); edit it, then run: deeplinkd check --config \(output)")
    }
}
