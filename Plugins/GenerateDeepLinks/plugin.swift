import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-deep-links [--target NAME]… [--check]`: writes the
/// Swift of each target's `deeplinkd.yaml` into the target's folder as `DeepLinkRoutes.swift`, for a team that reviews
/// and commits generated code rather than generating it at build time. `--check` writes nothing and fails when a
/// committed file is not what its table generates (for CI).
@main
struct GenerateDeepLinks: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let isCheck = extractor.extractFlag(named: "check") > 0
        let targets = try names.isEmpty ? context.package.targets : context.package.targets(named: names)
        let tool = try context.tool(named: "deeplinkd-routes").url
        for table in Self.orphanTables(in: context.package.directoryURL, targets: context.package.targets) {
            Diagnostics.error(
                "\(table.path): its folder holds no Swift file, so SwiftPM drops the target before any plugin runs and nothing is generated from it: add a Swift file to the folder (the target's own link handling, or a comment)"
            )
        }
        var generated = 0
        for target in targets.compactMap({ $0 as? SourceModuleTarget }) {
            guard let table = target.sourceFiles.map(\.url).first(where: { $0.lastPathComponent == "deeplinkd.yaml" }) else { continue }
            try Self.run(tool, table: table, isCheck: isCheck)
            generated += 1
        }
        if generated == 0 { Diagnostics.error("no target \(names.isEmpty ? "" : "of \(names.joined(separator: ", ")) ")holds a deeplinkd.yaml") }
    }

    /// The tables in `Sources/*/` of the package at `root` whose folder is no target's: SwiftPM dropped the target for
    /// having no Swift file.
    static func orphanTables(in root: URL, targets: [any Target]) -> [URL] {
        let folders = Set(targets.compactMap { ($0 as? SourceModuleTarget)?.directoryURL.standardizedFileURL.path })
        let sources = root.appending(path: "Sources")
        let entries = (try? FileManager.default.contentsOfDirectory(at: sources, includingPropertiesForKeys: nil)) ?? []
        return entries.filter { !folders.contains($0.standardizedFileURL.path) }.map { $0.appending(path: "deeplinkd.yaml") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }.sorted { $0.path < $1.path }
    }

    /// Runs `deeplinkd-routes` on `table`, writing (or checking) `DeepLinkRoutes.swift` beside it.
    static func run(_ tool: URL, table: URL, isCheck: Bool) throws {
        let folder = table.deletingLastPathComponent()
        var arguments = ["--config", table.path, "--output", folder.appending(path: "DeepLinkRoutes.swift").path]
        let options = folder.appending(path: "deeplinkd-generator.yaml")
        if FileManager.default.fileExists(atPath: options.path) { arguments += ["--generator-config", options.path] }
        if isCheck { arguments.append("--check") }
        let process = try Process.run(tool, arguments: arguments)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw GenerateDeepLinksError.failed(table: table.path) }
        print(isCheck ? "\(folder.path)/DeepLinkRoutes.swift is what \(table.lastPathComponent) generates" : "wrote \(folder.path)/DeepLinkRoutes.swift")
    }
}

/// Why the command failed (deeplinkd-routes has printed the problems).
enum GenerateDeepLinksError: Error, CustomStringConvertible {
    case failed(table: String)

    var description: String {
        switch self {
        case .failed(let table): "deeplinkd-routes failed on \(table); see the problems above"
        }
    }
}
