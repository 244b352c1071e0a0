/// Why the plugin generates no routes for a target, each saying what to change.
enum DeepLinkRoutesPluginError: Error, CustomStringConvertible {
    case noTable(target: String)
    case severalTables(target: String, [String])
    case committedFile(target: String, String)

    var description: String {
        switch self {
        case .noTable(let target):
            "target '\(target)' applies DeepLinkRoutesPlugin but has no \(DeepLinkRoutesPlugin.tableName) among its files: add the table (a copy of the server's) to the target's folder"
        case .severalTables(let target, let paths):
            "target '\(target)' has \(paths.count) files named \(DeepLinkRoutesPlugin.tableName); keep one: \(paths.joined(separator: ", "))"
        case .committedFile(let target, let path):
            "target '\(target)' holds \(path), which the generate-deep-links command writes, so DeepLinkRoutesPlugin generates nothing for it: keep the file and remove the plugin from the target, or delete the file to generate it at build time"
        }
    }
}
