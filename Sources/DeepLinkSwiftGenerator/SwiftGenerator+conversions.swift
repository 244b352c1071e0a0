extension SwiftGenerator {
    /// `EmbeddedTable.parts(of:)`, `EmbeddedTable.link(route:value:)` and `EmbeddedTable.sample(of:)`: the switches
    /// between the cases and the table's names, each split as `switchFunctions` says; and `Route.sample`.
    var embeddedConversions: String {
        var lines = [
            "extension \(name).EmbeddedTable {",
            "    /// A link taken apart: its route, and its values in the order the table declares its parameters (`named(_:)`",
            "    /// adds their names). Only values: a tuple of names per case would take the optimizer minutes in a large table.",
            "    typealias Parts = (route: Route, values: [String?])",
            "",
        ]
        let parts = routes.map { route in
            let body = "return (.\(route.caseName), [" + route.parameters.indices.map { "value\($0)" }.joined(separator: ", ") + "])"
            return SwitchCase(pattern: route.bindingPattern, bareCase: "." + route.caseName, body: [body])
        }
        // Never taken: each case is in one of the switches before. Were it taken, the link would read as a route with no
        // values, which a route with parameters refuses (`validate()`), so `action(in:)` would ignore it.
        let fallback = routes.last.map { ["// Never taken: every case is in one of the switches before.", "return (.\($0.caseName), [])"] }
        lines += switchFunctions(
            summary: ["`link` taken apart."], name: "parts", parameters: "of link: \(name)", arguments: "of: link", result: "Parts", subject: "link",
            cases: parts, fallback: fallback)
        let links = routes.map { route in
            var body: [String] = []
            for (position, parameter) in route.parameters.enumerated() where parameter.isRequired {
                body.append("guard let value\(position) = value(\(SwiftLiteral.string(parameter.name))) else { return nil }")
            }
            for (position, parameter) in route.parameters.enumerated() where !parameter.isRequired {
                body.append("let value\(position) = value(\(SwiftLiteral.string(parameter.name)))")
            }
            // Qualified: `.none` alone, where an optional is expected, would be nil rather than a route called `none`.
            body.append("return \(name)" + route.construction)
            return SwitchCase(pattern: "." + route.caseName, bareCase: "." + route.caseName, body: body)
        }
        lines += [""]
        lines += switchFunctions(
            summary: [
                "The link of `route` with the values `value` gives by the table's parameter names; nil when a required one",
                "is missing. Nothing is validated here.",
            ],
            name: "link", parameters: "route: Route, value: (String) -> String?", arguments: "route: route, value: value", result: "\(name)?",
            subject: "route", cases: links)
        let samples = zip(routes, sampleValues).map { route, values in
            let arguments = route.parameters.map { parameter in "\(parameter.label.trimmingBackticks): \(SwiftLiteral.string(values[parameter.name]))" }
            let construction = route.parameters.isEmpty ? route.caseName : route.caseName + "(" + arguments.joined(separator: ", ") + ")"
            return SwitchCase(pattern: "." + route.caseName, bareCase: "." + route.caseName, body: ["return \(name).\(construction)"])
        }
        lines += [""]
        lines += switchFunctions(
            summary: ["A valid link of `route` (see `Route.sample`)."], name: "sample", parameters: "of route: Route", arguments: "of: route",
            result: name, subject: "route", cases: samples)
        lines += [
            "}", "",
            "extension \(name).Route {",
            "    /// A link of this route whose values keep every rule and, where the route has a link, resolve back to it: for",
            "    /// tests that go through every route (`Route.allCases.map(\\.sample)`).",
            "    \(access)nonisolated var sample: \(name) {",
            "        \(name).EmbeddedTable.sample(of: self)",
            "    }",
            "}", "",
        ]
        return lines.joined(separator: "\n")
    }
}
