import PackagePlugin

/// Generates `DeepLink.swift` at build time from the `deeplinkd.yaml` among a target's sources, with
/// `deeplinkd-routes` (what `deeplinkd generate swift` writes, without the server), so the app never compiles
/// against a stale table.
@main
struct DeepLinkRoutesPlugin: BuildToolPlugin {
    /// The table file the plugin looks for.
    static let tableName = "deeplinkd.yaml"

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tables = target.sourceFiles.filter { $0.url.lastPathComponent == Self.tableName }
        guard let table = tables.first else { throw DeepLinkRoutesPluginError.noTable(target: target.name) }
        guard tables.count == 1 else { throw DeepLinkRoutesPluginError.severalTables(target: target.name, tables.map(\.url.path)) }
        let output = context.pluginWorkDirectoryURL.appending(path: "DeepLink.swift")
        return [
            .buildCommand(
                displayName: "Generating DeepLink.swift from \(table.url.lastPathComponent) for \(target.name)",
                executable: try context.tool(named: "deeplinkd-routes").url,
                arguments: ["--config", table.url.path, "--output", output.path],
                inputFiles: [table.url],
                outputFiles: [output])
        ]
    }
}
