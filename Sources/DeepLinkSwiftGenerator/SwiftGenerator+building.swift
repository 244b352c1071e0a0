import DeepLinkRouting

extension SwiftGenerator {
    /// `universalLink`, `appLink` and `stack`.
    var building: String {
        var lines = [
            "extension DeepLink {",
            "    /// The canonical Universal Link (as `/link` gives it); nil when no domain may open the route, its path has",
            "    /// `*` or `**`, or a value breaks its parameter's rule.",
            "    public var universalLink: URL? {",
            "        DeepLinkTable.links(of: self)?.universal.flatMap { URL(string: $0) }",
            "    }",
            "",
            "    /// The canonical custom-scheme link; nil when no scheme may open the route, or as for `universalLink`.",
            "    public var appLink: URL? {",
            "        DeepLinkTable.links(of: self)?.app.flatMap { URL(string: $0) }",
            "    }",
            "",
            "    /// The navigation stack this link opens, outermost first, ending with the link itself: reset the path, then push.",
            "    public var stack: [DeepLink] {",
        ]
        let stacked = routes.filter { !$0.route.stack.isEmpty }
        if stacked.isEmpty {
            lines.append("        [self]")
        } else {
            lines.append("        switch self {")
            for route in stacked {
                let below = route.route.stack.compactMap { name in routes.first { $0.route.name == name } }
                let used = Set(below.flatMap { $0.parameters.map(\.name) })
                let elements = below.map { entry in stackElement(entry, from: route) } + ["self"]
                lines.append("        case \(route.pattern(using: used)): [" + elements.joined(separator: ", ") + "]")
            }
            if stacked.count < routes.count { lines.append("        default: [self]") }
            lines.append("        }")
        }
        lines += ["    }", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// `.site(site: value0)`: a stack route built from the values `route` carries (`check` guarantees they fit).
    private func stackElement(_ entry: GeneratedRoute, from route: GeneratedRoute) -> String {
        guard !entry.parameters.isEmpty else { return "." + entry.caseName }
        let arguments = entry.parameters.map { parameter in
            return "\(parameter.label.trimmingBackticks): \(route.local(of: parameter.name) ?? "nil")"
        }
        return ".\(entry.caseName)(" + arguments.joined(separator: ", ") + ")"
    }

    /// `DeepLinkTable.links(of:)`.
    var linkBuilding: String {
        """
            /// The canonical links of `link`; nil when the table cannot build them.
            static func links(of link: DeepLink) -> Links? {
                let intent = intent(of: link)
                return try? compilation.table?.links(route: intent.route, parameters: intent.parameters)
            }
        """
    }
}
