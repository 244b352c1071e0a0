#if canImport(XcodeProjectPlugin)
    import PackagePlugin
    import XcodeProjectPlugin

    /// The same for the targets of an Xcode project (File > Packages or the project's context menu).
    extension GenerateDeepLinks: XcodeCommandPlugin {
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            var extractor = ArgumentExtractor(arguments)
            let names = extractor.extractOption(named: "target")
            let isCheck = extractor.extractFlag(named: "check") > 0
            let tool = try context.tool(named: "deeplinkd-routes").url
            for target in context.xcodeProject.targets where names.isEmpty || names.contains(target.displayName) {
                guard let table = target.inputFiles.map(\.url).first(where: { $0.lastPathComponent == "deeplinkd.yaml" }) else { continue }
                try Self.run(tool, table: table, isCheck: isCheck)
            }
        }
    }
#endif
