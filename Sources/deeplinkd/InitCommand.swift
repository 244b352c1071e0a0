import ArgumentParser
import DeepLinkConfig
import Foundation

/// `deeplinkd init`: a commented starter table for a new app, which `check` accepts.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Write a commented starter route table for a new app (it passes check).")

    @Option(name: .shortAndLong, help: "The file to write; an existing file is never overwritten.")
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
        let text = StarterTable(name: name, appID: appID, domain: domain, scheme: scheme).yaml
        do {
            // The table must pass check before it is written: a bad --app-id or --domain is reported, not saved.
            _ = try Configuration(yaml: text, file: output)
        } catch {
            Console.error(error.description)
            throw ExitCode.failure
        }
        if FileManager.default.fileExists(atPath: output) {
            Console.error("deeplinkd: \(output) exists; init never overwrites a table")
            throw ExitCode.failure
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .withoutOverwriting)
        } catch {
            Console.error("deeplinkd: cannot write \(output): \(error.localizedDescription)")
            throw ExitCode.failure
        }
        Console.output("wrote \(output); edit it, then run: deeplinkd check --config \(output)")
    }
}
