extension RouteTable {
    /// Builds the links for an intent: a route name and its parameter values, each validated.
    public func links(route name: String, parameters: [String: String]) throws(LinkError) -> Links {
        guard let route = route(named: name) else { throw .unknownRoute(name, known: routes.map(\.name)) }
        guard !route.pattern.hasWildcards else { throw .wildcardRoute(name) }
        if let unknown = parameters.keys.sorted().first(where: { route.parameter(named: $0) == nil }) {
            throw .unknownParameter(route: name, parameter: unknown, known: route.parameters.map(\.name))
        }
        for parameter in route.parameters {
            guard let value = parameters[parameter.name] else {
                if parameter.rule.isRequired { throw .missingParameter(route: name, parameter: parameter.name) }
                continue
            }
            if let violation = parameter.rule.validate(value[...]) {
                throw .invalidParameter(route: name, parameter: parameter.name, violation)
            }
        }
        return links(for: route, value: { parameters[$0] }, wildcards: [])
    }

    /// The canonical links of a matched URL: the same intent written on the route's first domain and scheme.
    public func links(for match: RouteMatch) -> Links {
        links(for: match.route, value: match.value(of:), wildcards: match.wildcards)
    }

    private func links(for route: Route, value: (String) -> String?, wildcards: [[String]]) -> Links {
        let path = route.pattern.render(value: value, wildcards: wildcards)
        let query = route.parameters.filter { !$0.isInPath }.compactMap { parameter in
            value(parameter.name).map { "\(parameter.name.percentEncoded())=\($0.percentEncoded())" }
        }
        let suffix = query.isEmpty ? "" : "?" + query.joined(separator: "&")
        let domain = domains.first { Channel.universal(host: $0).tier(of: route.scopes) != nil }
        let scheme = schemes.first { Channel.app(scheme: $0).tier(of: route.scopes) != nil }
        return Links(
            universal: domain.map { "https://\($0)/\(path)\(suffix)" },
            app: scheme.map { "\($0)://\(path)\(suffix)" })
    }
}

extension PathPattern {
    /// The path (without a leading `/`), each component percent-encoded, parameters and wildcards filled in.
    func render(value: (String) -> String?, wildcards: [[String]]) -> String {
        var pieces: [String] = []
        var nextWildcard = wildcards.makeIterator()
        for component in components {
            switch component {
            case .literal(let text):
                pieces.append(text.percentEncoded())
            case .parameter(let name, let prefix, let suffix):
                pieces.append(prefix.percentEncoded() + (value(name) ?? "").percentEncoded() + suffix.percentEncoded())
            case .wildcard, .rest:
                pieces.append(contentsOf: (nextWildcard.next() ?? []).map { $0.percentEncoded() })
            }
        }
        return pieces.joined(separator: "/")
    }
}
