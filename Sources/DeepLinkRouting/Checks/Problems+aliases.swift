extension Problems {
    /// Checks a route's aliases against its canonical pattern; returns the valid ones as routes of their own.
    ///
    /// An alias must capture the same path parameters (by name) and have the same wildcards, in order, as the path:
    /// a URL matched by an alias then carries everything the canonical link needs.
    mutating func checkAliases(_ definition: RouteDefinition, of route: Route, label: String) -> [Route] {
        var aliases: [Route] = []
        for text in definition.aliases {
            let line = text.line ?? definition.line
            let place = "\(label): alias '\(text.value)'"
            let pattern: PathPattern
            do throws(PatternSyntaxError) {
                pattern = try PathPattern(parsing: text.value)
            } catch {
                self.error(line, "\(label): bad alias pattern '\(text.value)': \(error)")
                continue
            }
            let errorsBefore = errorCount
            for case .literal(let dot) in pattern.components where dot == "." || dot == ".." {
                error(line, "\(place): path component '\(dot)' is a dot segment, which browsers remove before sending a URL, so no URL can match")
            }
            let names = Set(pattern.parameterNames)
            let expected = Set(route.pattern.parameterNames)
            if names != expected {
                error(
                    line,
                    "\(place) captures \(Self.list(names)) but path '\(route.pattern)' captures \(Self.list(expected)); every pattern of a route must capture the same parameters"
                )
            }
            if pattern.wildcardKinds != route.pattern.wildcardKinds {
                error(line, "\(place) has other wildcards than path '\(route.pattern)'; every pattern of a route must have the same '*' and '**', in order")
            }
            for case .parameter(let name, "", "") in pattern.components where route.parameter(named: name)?.rule.minimumLength == 0 {
                error(line, "\(place): parameter '\(name)' fills a whole path component, which is never empty; min must be at least 1")
            }
            if errorCount == errorsBefore { aliases.append(route.alias(pattern, line: text.line)) }
        }
        return aliases
    }

    private static func list(_ names: Set<String>) -> String {
        names.isEmpty ? "no parameter" : names.sorted().map { "'\($0)'" }.joined(separator: ", ")
    }
}

extension PathPattern {
    /// The pattern's `*` and `**`, in order.
    var wildcardKinds: [PathComponent] {
        components.filter { $0 == .wildcard || $0 == .rest }
    }
}
