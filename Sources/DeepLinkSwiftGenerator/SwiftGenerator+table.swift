import DeepLinkRouting

extension SwiftGenerator {
    /// `DeepLinkTable`: the table as a `RouteTableDefinition` literal, compiled on first use, and the conversions.
    var embeddedTable: String {
        [
            "/// The route table the links come from, embedded as Swift values and compiled by DeepLinkRouting on first use.",
            "enum DeepLinkTable {",
            "    /// The table as written in \(sourceName).",
            "    static let definition = " + definitionLiteral,
            "",
            "    /// The compiled table; its `table` is nil only if this DeepLinkRouting refuses what `deeplinkd check` accepted.",
            "    static let compilation = RouteTable.compile(definition)",
            "",
            "    /// The outcome of every parse when the embedded table does not compile.",
            "    static var unavailable: Unmatched {",
            "        let problems = compilation.diagnostics.map(\\.description).joined(separator: \"; \")",
            "        return Unmatched(reason: .noRoute, detail: \"the embedded route table does not compile: \\(problems)\")",
            "    }",
            "",
            "    /// The outcome of a parse whose route this code has no case for: the table and the code are out of step.",
            "    static func disagreement(_ match: RouteMatch) -> Unmatched {",
            "        let detail = \"route '\\(match.route.name)' matched, but this code has no case for it: generate it again from the table\"",
            "        return Unmatched(reason: .noRoute, detail: detail, route: match.route.name)",
            "    }",
            "",
            matchConversion,
            "",
            intentConversion,
            "",
            linkBuilding,
            "}",
        ].joined(separator: "\n") + "\n"
    }

    private var definitionLiteral: String {
        let app = table.app
        var lines = ["RouteTableDefinition("]
        lines.append(
            "        app: AppDefinition(name: \(located(app.name)), appIDs: \(locatedList(app.appIDs)), appStoreID: \(app.appStoreID.map(located) ?? "nil"), webCredentials: \(app.webCredentials)),"
        )
        lines.append("        domains: \(locatedList(table.domains)), schemes: \(locatedList(table.schemes)),")
        lines.append("        states: \(locatedList(table.states)),")
        let gates = table.gates.keys.sorted().map { name in
            let members = table.states.filter { table.gates[name]?.contains($0) ?? false }
            return "GateDefinition(name: \(located(name)), states: \(locatedList(members)))"
        }
        lines.append("        gates: [" + gates.joined(separator: ", ") + "],")
        if !table.features.isEmpty { lines.append("        features: \(locatedList(table.features)),") }
        lines.append("        routes: [")
        for route in table.routes { lines.append("            " + routeLiteral(route) + ",") }
        lines.append("        ])")
        return lines.joined(separator: "\n")
    }

    private func routeLiteral(_ route: Route) -> String {
        var arguments = ["name: \(located(route.name))", "path: \(located(route.pattern.description))"]
        if !route.aliases.isEmpty { arguments.append("aliases: \(locatedList(route.aliases.map(\.description)))") }
        arguments.append("scopes: \(locatedList(route.scopes.map(\.description)))")
        if !route.parameters.isEmpty {
            let parameters = route.parameters.map { parameter in
                let rule = parameter.rule
                let required = parameter.isInPath ? "" : ", isRequired: \(rule.isRequired)"
                return
                    "ParameterDefinition(name: \(SwiftLiteral.string(parameter.name)), charset: \(SwiftLiteral.string(rule.charset.source)), minimumLength: \(rule.minimumLength), maximumLength: \(rule.maximumLength)\(required))"
            }
            arguments.append("parameters: [" + parameters.joined(separator: ", ") + "]")
        }
        if let notification = route.notification { arguments.append("notification: \(located(notification))") }
        if let gate = route.gate { arguments.append("gate: \(located(gate))") }
        if let feature = route.feature { arguments.append("feature: \(located(feature))") }
        if route.isSecret { arguments.append("isSecret: true") }
        if let landing = route.landing { arguments.append("landing: \(located(landing))") }
        if !route.stack.isEmpty { arguments.append("stack: \(locatedList(route.stack))") }
        return "RouteDefinition(" + arguments.joined(separator: ", ") + ")"
    }

    private func located(_ value: String) -> String {
        "Located(\(SwiftLiteral.string(value)))"
    }

    private func locatedList(_ values: [String]) -> String {
        "[" + values.map(located).joined(separator: ", ") + "]"
    }
}
