import ArgumentParser
import DeepLinkConfig
import DeepLinkKotlinGenerator
import DeepLinkRouting
import DeepLinkServer
import DeepLinkSwiftGenerator
import DeepLinkTemplates
import ServerPlatform

/// `deeplinkd check`: validates the config, and with `--public` its templates and static assets, printing every
/// problem as `FILE:LINE: message`.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the route table (and with --public its templates); print every problem and exit 1 if there is an error.")

    @OptionGroup var options: ConfigOptions

    @Option(name: .customLong("public"), help: "Also check the templates in DIR/templates and the assets in DIR/static, as serve loads them.")
    var publicDirectory: String?

    func run() throws {
        let path = options.path
        let templates = publicDirectory.map { $0 + "/templates" }
        let templateNames = templates.flatMap { FileSystem.entries(of: $0) }.map { names in
            Set(names.filter { $0.hasSuffix(".mustache") }.map { String($0.dropLast(".mustache".count)) })
        }
        // The names of the generated files: a table check accepts generates Swift that compiles, and Kotlin too when
        // it names an Android app (`generate kotlin` checks the Kotlin names of any table).
        // The file is read and parsed once for all three.
        let (swiftChecked, definition) = SwiftNameCheck.checkWithDefinition(file: path, templates: templateNames)
        let kotlinChecked = definition.map { swiftChecked.android.isEmpty ? swiftChecked : KotlinNameCheck.adding(to: swiftChecked, definition: $0) }
        let (table, _, _, diagnostics) = kotlinChecked ?? swiftChecked
        for diagnostic in diagnostics { Console.error(diagnostic.formatted(file: path)) }
        var problems = templates.map { LandingTemplates.problems(inDirectory: $0, landings: table?.routes.compactMap(\.landing) ?? []) } ?? []
        if let assets = publicDirectory.map({ $0 + "/static" }), FileSystem.canonicalPath(assets).flatMap(FileSystem.entries(of:)) == nil {
            problems.append(TemplateProblem(file: assets, line: nil, message: "cannot read the static assets directory"))
        }
        for problem in problems { Console.error(problem.description) }
        guard let table else { throw ExitCode.failure }
        let counts = [(table.routes.count, "route"), (table.domains.count, "domain"), (table.schemes.count, "scheme")]
            .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", ")
        try Console.report("\(path): OK (\(counts))")
        guard problems.isEmpty else { throw ExitCode.failure }
        if let templates { try Console.report("\(templates): OK") }
    }
}
