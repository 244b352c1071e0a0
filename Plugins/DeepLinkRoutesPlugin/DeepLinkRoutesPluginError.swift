/// Why the plugin cannot generate the routes.
enum DeepLinkRoutesPluginError: Error, CustomStringConvertible {
    case noTable(target: String)
    case severalTables(target: String, [String])

    var description: String {
        switch self {
        case .noTable(let target):
            "target '\(target)' applies DeepLinkRoutesPlugin but has no \(DeepLinkRoutesPlugin.tableName) among its sources"
        case .severalTables(let target, let paths):
            "target '\(target)' has \(paths.count) files named \(DeepLinkRoutesPlugin.tableName); keep one: \(paths.joined(separator: ", "))"
        }
    }
}
