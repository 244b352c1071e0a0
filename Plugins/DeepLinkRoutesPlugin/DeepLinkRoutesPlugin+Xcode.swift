#if canImport(XcodeProjectPlugin)
    import PackagePlugin
    import XcodeProjectPlugin

    /// The same for an Xcode app target: its input files are searched for the table.
    extension DeepLinkRoutesPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            try Self.commands(
                files: target.inputFiles.map(\.url), target: target.displayName, workDirectory: context.pluginWorkDirectoryURL,
                tool: context.tool(named: "deeplinkd-routes").url)
        }
    }
#endif
