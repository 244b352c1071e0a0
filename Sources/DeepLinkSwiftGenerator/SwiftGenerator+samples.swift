import DeepLinkRouting

extension SwiftGenerator {
    /// A sample of each route's values, in table order: required values only, each the shortest its rule allows,
    /// made of the first characters in `preferredCharacters` the charset holds. Where the route has links, a sample
    /// whose link another route would take (or that does not resolve back to the same values) is replaced by the next
    /// candidate; when no candidate comes back, the first one that keeps the rules is kept.
    var sampleValues: [[String: String]] {
        table.routes.map(sample(of:))
    }

    /// The characters samples are made of, in order of preference.
    static let preferredCharacters = Array("a0AbB1cC2xyzXYZ_-~.".unicodeScalars)

    private func sample(of route: Route) -> [String: String] {
        let required = route.parameters.filter(\.rule.isRequired)
        guard !required.isEmpty else { return [:] }
        var fallback: [String: String]?
        for attempt in 0..<Self.preferredCharacters.count {
            var values: [String: String] = [:]
            for parameter in required {
                // Every required value is written, even one that breaks its rule, so the sample compiles.
                values[parameter.name] = Self.value(keeping: parameter.rule, attempt: attempt) ?? ""
            }
            guard (try? table.links(route: route.name, parameters: values)) != nil || route.pattern.hasWildcards else { continue }
            fallback = fallback ?? values
            if resolvesBack(route, values) { return values }
        }
        return fallback ?? [:]
    }

    /// Whether every link of `values` resolves to `route` with exactly `values`.
    private func resolvesBack(_ route: Route, _ values: [String: String]) -> Bool {
        guard !route.pattern.hasWildcards, let links = try? table.links(route: route.name, parameters: values) else { return true }
        return [links.universal, links.app].compactMap(\.self).allSatisfy { link in
            guard case .matched(let match) = table.resolve(link), match.route.name == route.name else { return false }
            return Dictionary(match.parameters.map { ($0.name, $0.value) }) { first, _ in first } == values
        }
    }

    /// A value of the shortest length `rule` allows (one character unless it must be empty or longer), of the
    /// `attempt`-th preferred character the charset holds (counting round), or of its first character when it holds
    /// none of them.
    static func value(keeping rule: ParameterRule, attempt: Int) -> String? {
        let preferred = preferredCharacters.filter(rule.charset.contains)
        let first = rule.charset.ranges.first.flatMap { Unicode.Scalar($0.lowerBound) }
        guard let character = preferred.isEmpty ? first : preferred[attempt % preferred.count] else { return nil }
        let length = min(max(rule.minimumLength, 1), rule.maximumLength)
        return String(String.UnicodeScalarView(repeatElement(character, count: length)))
    }
}
