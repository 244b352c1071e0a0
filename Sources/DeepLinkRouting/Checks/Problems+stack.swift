extension Problems {
    /// Checks every route's `stack`: each entry names a distinct route defined before it, without wildcards, whose
    /// parameters the route declares with rules at least as strict, so the stack can always be built from a match.
    mutating func checkStacks(of routes: [Route], definitions: [RouteDefinition]) {
        guard !isVouched else { return }
        let compiled = Dictionary(routes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for (position, definition) in definitions.enumerated() where !definition.stack.isEmpty {
            let label = "route '\(definition.name.value)'"
            let earlier = Set(definitions[..<position].map(\.name.value))
            var listed: Set<String> = []
            for entry in definition.stack {
                let name = entry.value
                guard listed.insert(name).inserted else {
                    error(entry.line, "\(label): stack lists '\(name)' twice")
                    continue
                }
                guard earlier.contains(name) else {
                    error(entry.line, "\(label): stack names '\(name)', which is not a route defined before it")
                    continue
                }
                guard let below = compiled[name], let route = compiled[definition.name.value] else { continue }
                checkStackEntry(below, of: route, line: entry.line, label: label)
            }
        }
    }

    private mutating func checkStackEntry(_ below: Route, of route: Route, line: Int?, label: String) {
        let place = "\(label): stack route '\(below.name)'"
        if below.pattern.hasWildcards {
            error(line, "\(place) has '*' or '**' in its path, so it cannot be built from parameters")
        }
        for needed in below.parameters {
            guard let carried = route.parameter(named: needed.name) else {
                if needed.rule.isRequired { error(line, "\(place) needs parameter '\(needed.name)', which '\(route.name)' does not declare") }
                continue
            }
            if needed.rule.isRequired, !carried.rule.isRequired {
                error(line, "\(place) needs parameter '\(needed.name)', which is optional in '\(route.name)'")
            }
            let rule = carried.rule
            let fits =
                needed.rule.charset.isSuperset(of: rule.charset) && rule.minimumLength >= needed.rule.minimumLength
                && rule.maximumLength <= needed.rule.maximumLength
            if !fits {
                error(
                    line,
                    "\(place): parameter '\(needed.name)' of '\(route.name)' allows values '\(below.name)' refuses (its charset and length must fit within '\(below.name)''s)"
                )
            }
        }
    }
}
