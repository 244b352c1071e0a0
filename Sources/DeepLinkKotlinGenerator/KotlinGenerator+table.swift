import DeepLinkRouting

extension KotlinGenerator {
    /// `DeepLinkTable`: the table as data, and the resolver that reads it.
    var tableObject: String {
        var lines = [
            KotlinRuntime.data,
            "/** The route table of \(KotlinLiteral.comment(sourceName)) as data, and the server's resolver over it. */",
            "internal object DeepLinkTable {",
            "    internal val domains: Array<String> = arrayOf(\(table.domains.map(KotlinLiteral.string).joined(separator: ", ")))",
            "    internal val schemes: Array<String> = arrayOf(\(table.schemes.map(KotlinLiteral.string).joined(separator: ", ")))", "",
            "    internal val routes: Array<DeepLinkRouteData> = arrayOf(",
        ]
        lines.append(table.routes.indices.map { "        " + routeData(at: $0) }.joined(separator: ",\n"))
        lines += [
            "    )", "", "    /** Every pattern, each route's aliases right after it: the order of `Precedence` within a tier. */",
            "    internal val entries: Array<DeepLinkEntry> = arrayOf(",
        ]
        var entries: [String] = []
        for (index, route) in table.routes.enumerated() {
            entries.append("DeepLinkEntry(\(index), \(pieces(route.pattern, route)), \(positions(route.pattern, route)), null)")
            for alias in route.aliases {
                entries.append("DeepLinkEntry(\(index), \(pieces(alias, route)), \(positions(alias, route)), \(KotlinLiteral.string(alias.description)))")
            }
        }
        lines.append(entries.map { "        " + $0 }.joined(separator: ",\n"))
        lines += ["    )", "", "    /** The class for a route's values (declaration order); null only if a required one is missing. */"]
        lines.append("    internal fun link(route: Int, values: Array<String?>): DeepLink? {")
        lines.append("        return when (route) {")
        for route in routes {
            let arguments = route.parameters.enumerated().map { position, parameter in
                parameter.isRequired ? "values[\(position)] ?: return null" : "values[\(position)]"
            }
            lines.append(
                "            \(route.index) -> "
                    + (route.parameters.isEmpty ? "DeepLink.\(route.className)" : "DeepLink.\(route.className)(" + arguments.joined(separator: ", ") + ")"))
        }
        lines += [
            "            else -> null", "        }", "    }", "", KotlinRuntime.resolver, KotlinRuntime.bytes, KotlinRuntime.matching, KotlinRuntime.links, "}",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    private func routeData(at index: Int) -> String {
        let route = table.routes[index]
        let origins = LinkOrigins(of: route, domains: table.domains, schemes: table.schemes)
        let parameters = route.parameters.enumerated().map { position, parameter in
            let ranges = parameter.rule.charset.ranges.flatMap { [String($0.lowerBound), String($0.upperBound)] }.joined(separator: ", ")
            return "DeepLinkParameter(\(position), \(KotlinLiteral.string(parameter.name)), intArrayOf(\(ranges)), \(parameter.rule.minimumLength), "
                + "\(parameter.rule.maximumLength), \(parameter.rule.isRequired))"
        }
        let scopes = route.scopes.map { KotlinLiteral.string($0.description) }.joined(separator: ", ")
        return
            "DeepLinkRouteData(\(KotlinLiteral.string(route.name)), arrayOf<String>(\(scopes)), arrayOf<DeepLinkParameter>(\(parameters.joined(separator: ", "))), "
            + "\(pieces(route.pattern, route)), \(positions(route.pattern, route)), \(KotlinLiteral.string(origins.universal)), \(KotlinLiteral.string(origins.app)))"
    }

    private func pieces(_ pattern: PathPattern, _ route: Route) -> String {
        let pieces = pattern.components.map { component -> String in
            switch component {
            case .literal(let text): return "DeepLinkPiece(DeepLinkPiece.LITERAL, \(KotlinLiteral.string(text)), \"\", \"\", -1)"
            case .wildcard: return "DeepLinkPiece(DeepLinkPiece.WILDCARD, \"\", \"\", \"\", -1)"
            case .rest: return "DeepLinkPiece(DeepLinkPiece.REST, \"\", \"\", \"\", -1)"
            case .parameter(let name, let prefix, let suffix):
                let index = route.parameters.firstIndex { $0.name == name } ?? -1
                return "DeepLinkPiece(DeepLinkPiece.PARAMETER, \"\", \(KotlinLiteral.string(prefix)), \(KotlinLiteral.string(suffix)), \(index))"
            }
        }
        return "arrayOf<DeepLinkPiece>(" + pieces.joined(separator: ", ") + ")"
    }

    /// For each parameter of `route`, the component of `pattern` that captures it, or -1 (a query parameter).
    private func positions(_ pattern: PathPattern, _ route: Route) -> String {
        let positions = route.parameters.map { parameter in
            pattern.components.firstIndex {
                if case .parameter(let name, _, _) = $0 { name == parameter.name } else { false }
            } ?? -1
        }
        return "intArrayOf(" + positions.map(String.init).joined(separator: ", ") + ")"
    }
}
