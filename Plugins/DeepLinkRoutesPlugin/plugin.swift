import Foundation
import PackagePlugin

/// Generates the table's Swift at build time from the `deeplinkd.yaml` among a target's files, with
/// `deeplinkd-routes` (what `deeplinkd generate swift` writes, without the server), so the app never compiles
/// against a stale table; `deeplinkd-generator.yaml` beside it sets the access level and the type's name. Problems of
/// the table are reported as `FILE:LINE: error:` and `warning:`, which SwiftPM and Xcode show on the table's line.
@main
struct DeepLinkRoutesPlugin: BuildToolPlugin {
    /// The table file the plugin looks for.
    static let tableName = "deeplinkd.yaml"
    /// The options file it passes on when the target holds one.
    static let optionsName = "deeplinkd-generator.yaml"
    /// The file the command plugin writes into a target; a target holding it compiles that file, and the plugin
    /// generates nothing for it.
    static let committedName = "DeepLinkRoutes.swift"

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try Self.commands(
            files: target.sourceFiles.map(\.url), target: target.name, workDirectory: context.pluginWorkDirectoryURL,
            tool: context.tool(named: "deeplinkd-routes").url)
    }

    /// The command that writes the Swift of the one table among `files` into `workDirectory`.
    static func commands(files: [URL], target: String, workDirectory: URL, tool: URL) throws -> [Command] {
        let tables = files.filter { $0.lastPathComponent == tableName }
        guard let table = tables.first else { throw DeepLinkRoutesPluginError.noTable(target: target) }
        guard tables.count == 1 else { throw DeepLinkRoutesPluginError.severalTables(target: target, tables.map(\.path)) }
        // A file the generate-deep-links command wrote is compiled as it is: generating it again would declare its
        // types twice.
        if let committed = files.first(where: { $0.lastPathComponent == committedName }) {
            Diagnostics.warning(DeepLinkRoutesPluginError.committedFile(target: target, committed.path).description)
            return []
        }
        let options = files.first { $0.lastPathComponent == optionsName && $0.deletingLastPathComponent() == table.deletingLastPathComponent() }
        let output = workDirectory.appending(path: committedName)
        var arguments = ["--config", table.path, "--output", output.path]
        if let options { arguments += ["--generator-config", options.path] }
        return [
            .buildCommand(
                displayName: "Generating \(committedName) from \(tableName) for \(target)", executable: tool, arguments: arguments,
                inputFiles: [table] + (options.map { [$0] } ?? []), outputFiles: [output])
        ]
    }
}
