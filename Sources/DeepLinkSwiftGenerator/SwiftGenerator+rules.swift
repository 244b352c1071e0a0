extension SwiftGenerator {
    /// `EmbeddedTable.validate(route:parameters:)`, `links(of:)` and `stack(of:)`: the table's rules.
    var embeddedRules: String {
        """
        extension \(name).EmbeddedTable {
            /// Throws unless `parameters` are the values of `route`, each keeping its rule.
            nonisolated static func validate(route: Route, parameters: [String: String]) throws(Unmatched) {
                guard let table, let compiled = table.route(named: route.rawValue) else { throw unavailable }
                for name in parameters.keys.sorted() where compiled.parameter(named: name) == nil {
                    throw Unmatched(reason: .invalidParameter, detail: "route '\\(route.rawValue)' has no parameter '\\(name)'", route: route, parameter: name)
                }
                for parameter in compiled.parameters {
                    let place = "route '\\(route.rawValue)': parameter '\\(parameter.name)'"
                    guard let value = parameters[parameter.name] else {
                        guard !parameter.rule.isRequired else {
                            throw Unmatched(reason: .invalidParameter, detail: place + " is required but missing", route: route, parameter: parameter.name)
                        }
                        continue
                    }
                    if let violation = parameter.rule.validate(value[...]) {
                        throw Unmatched(reason: .invalidParameter, detail: "\\(place) \\(violation)", route: route, parameter: parameter.name)
                    }
                }
                // A value that makes a `.` or `..` path segment keeps its rule but opens nothing: browsers remove the segment.
                guard !compiled.pattern.hasWildcards else { return }
                do {
                    _ = try table.links(route: route.rawValue, parameters: parameters)
                } catch {
                    throw Unmatched(reason: .invalidParameter, detail: String(describing: error), route: route)
                }
            }

            /// The canonical links of `link`; nil when the table cannot build them.
            nonisolated static func links(of link: \(name)) -> Links? {
                try? table?.links(route: link.route.rawValue, parameters: link.parameters)
            }

            /// The table's stack of `link`'s route, built from `link`'s values, then `link`.
            nonisolated static func stack(of link: \(name)) -> [\(name)] {
                let values = link.parameters
                let below = (compiledRoute(link.route)?.stack ?? []).compactMap { name in
                    Route(rawValue: name).flatMap { route in self.link(route: route, value: { values[$0] }) }
                }
                return below + [link]
            }
        }

        """
    }
}
