package import DeepLinkRouting

extension Configuration {
    /// The table definition config YAML declares, with its lines, before the table is checked; nil when the YAML does
    /// not declare one (`check(yaml:)` says why). The Swift generator checks its names on it.
    package static func definition(yaml: String) -> RouteTableDefinition? {
        var parser = ConfigurationParser()
        return parser.parse(yaml)?.0
    }
}
