import DeepLinkRouting

extension SwiftGenerator {
    /// The table as `RouteTableDefinition` values: one constant per route and a list of them, never one expression of
    /// every route, which the type checker takes time and memory to the square of the routes for.
    var embeddedDefinition: String {
        let app = table.app
        var lines = [
            "extension \(name).EmbeddedTable {",
            "    /// The table as written in \(sourceName).",
            "    nonisolated static let definition = RouteTableDefinition(",
            "        app: app, domains: \(locatedList(table.domains)), schemes: \(locatedList(table.schemes)),",
            "        states: \(locatedList(table.states)), gates: gates, features: \(locatedList(table.features)), routes: routes)",
            "",
            "    nonisolated static let app = AppDefinition(",
            "        name: \(located(app.name)), appIDs: \(locatedList(app.appIDs)), appStoreID: \(app.appStoreID.map(located) ?? "nil"),",
            "        webCredentials: \(app.webCredentials))",
            "",
        ]
        let gates = table.gates.keys.sorted().map { name in
            let members = table.states.filter { table.gates[name]?.contains($0) ?? false }
            return "        GateDefinition(name: \(located(name)), states: \(locatedList(members))),"
        }
        lines.append("    nonisolated static let gates: [GateDefinition] = [" + (gates.isEmpty ? "]" : ""))
        if !gates.isEmpty { lines += gates + ["    ]"] }
        lines.append("")
        let constants = table.routes.indices.map { "route\($0)" }
        lines.append("    nonisolated static let routes: [RouteDefinition] = [" + (constants.isEmpty ? "]" : ""))
        for row in stride(from: 0, to: constants.count, by: 10) {
            lines.append("        " + constants[row..<min(row + 10, constants.count)].joined(separator: ", ") + ",")
        }
        if !constants.isEmpty { lines.append("    ]") }
        for (index, route) in table.routes.enumerated() {
            lines += ["", "    /// `\(route.name.visible)`.", "    nonisolated static let route\(index) = " + routeLiteral(route)]
        }
        return (lines + ["}", ""]).joined(separator: "\n")
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
