import DeepLinkRouting
import Foundation

extension SwiftGenerator {
    /// The table as `RouteTableDefinition` values: the app, domains, schemes, states, gates and features as code, the
    /// routes as one JSON object a line. Data, not code, for the routes: a constant or an expression per route takes
    /// the compiler's optimizer minutes for a large table, a string literal nothing.
    var embeddedDefinition: String {
        let app = table.app
        var lines = [
            "extension \(name).EmbeddedTable {",
            "    /// The table as written in \(sourceName).",
            "    nonisolated static let definition = RouteTableDefinition(",
            "        app: app, domains: \(locatedList(table.domains)), schemes: \(locatedList(table.schemes)),",
            "        states: \(locatedList(table.states)), gates: gates, features: \(locatedList(table.features)), routes: routes.map(\\.definition))",
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
        lines += [
            "",
            "    /// The routes, in table order, one JSON object a line, each with the Swift names of its case and labels.",
            "    nonisolated static let routesJSON = \"\"\"",
            "        [",
        ]
        let objects = routes.map { SwiftLiteral.multilineLine(Self.json(routeLine(of: $0))) }
        lines += objects.enumerated().map { "        " + $1 + ($0 < objects.count - 1 ? "," : "") }
        lines += [
            "        ]",
            "        \"\"\"",
            "",
            "    /// The routes decoded; empty only if this file was edited by hand, which `table` then refuses.",
            "    nonisolated static let routes: [RouteLine] = \(embeddedRoutesDecoding) ?? []",
            "}",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    /// The JSON of one route: what the table says of it, and the Swift names the generated code gives it.
    private func routeLine(of generated: GeneratedRoute) -> [String: Any] {
        let route = generated.route
        var line: [String: Any] = ["name": route.name, "path": route.pattern.description, "case": generated.bareCaseName]
        line["scopes"] = route.scopes.map(\.description)
        if !route.aliases.isEmpty { line["aliases"] = route.aliases.map(\.description) }
        if !route.parameters.isEmpty {
            line["parameters"] = zip(route.parameters, generated.parameters).map { parameter, named in
                var object: [String: Any] = [
                    "name": parameter.name, "label": named.bareLabel, "charset": parameter.rule.charset.source, "min": parameter.rule.minimumLength,
                    "max": parameter.rule.maximumLength,
                ]
                if !parameter.isInPath { object["required"] = parameter.rule.isRequired }
                return object
            }
        }
        line["notification"] = route.notification
        line["gate"] = route.gate
        line["feature"] = route.feature
        if route.isSecret { line["secret"] = true }
        line["landing"] = route.landing
        if !route.stack.isEmpty { line["stack"] = route.stack }
        let delivery = route.delivery
        if !delivery.waitStates.isEmpty { line["wait"] = table.states.filter(delivery.waitStates.contains) }
        if delivery.resumes { line["resume"] = true }
        // The defaults are left out: the generated code reads a missing key as the default.
        if delivery.expiry != Delivery.defaultExpiry { line["expiry"] = delivery.expiry }
        if delivery.presentation != (route.isSecret ? .none : .replace) { line["presentation"] = delivery.presentation.rawValue }
        line["minAppVersion"] = route.minAppVersion?.text
        return line
    }

    /// `object` as one line of JSON, keys sorted, `/` left alone.
    static func json(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private func located(_ value: String) -> String {
        "Located(\(SwiftLiteral.string(value)))"
    }

    private func locatedList(_ values: [String]) -> String {
        "[" + values.map(located).joined(separator: ", ") + "]"
    }
}
