import DeepLinkBytes
import DeepLinkRouting

extension AssociationDocuments {
    /// Warnings about the dynamic App Links rules of `table`: a route whose own sample URL the rules of a domain do
    /// not claim (it can never open the app there on Android 15+), and a parameter whose value may hold the character
    /// Android's `*` stops at (such links stay in the browser there).
    static func androidProblems(in table: RouteTable) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for route in table.routes.flatMap(\.everyPattern) where route.isUniversal {
            problems += stopCharacterProblems(route)
        }
        let generator = AssetLinksGenerator(table: table, apps: [])
        for domain in table.domains {
            let rules = generator.dynamicRules(for: domain)
            for route in Channel.universal(host: domain).inPrecedenceOrder(table.routes).flatMap(\.everyPattern) {
                guard let sample = route.sample(on: domain), let problem = unclaimed(sample, by: rules) else { continue }
                problems.append(
                    Diagnostic(
                        .warning, line: route.line,
                        "route '\(route.name)' (/\(route.pattern)): its dynamic App Links rules never open the app for \(sample.url) on Android 15+: \(problem)"
                    ))
            }
        }
        return problems
    }

    /// Why `rules` do not claim `sample`, or nil when they do.
    private static func unclaimed(_ sample: (url: String, path: String, query: String?), by rules: [DynamicRule]) -> String? {
        let path = (try? PercentEncoding.decoded(sample.path)) ?? sample.path
        let query = (sample.query ?? "").split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String($0) }
            return (name: parts[0], value: parts.count > 1 ? ((try? PercentEncoding.decoded(parts[1])) ?? parts[1]) : "")
        }
        guard let index = rules.firstIndex(where: { AndroidGlob.matches($0, path: path, query: query) }) else { return "no rule matches it" }
        return rules[index].isExcluded ? "rule \(index + 1) ('\(rules[index].path)', exclude) matches it first" : nil
    }

    /// A warning per component whose `*` the character after it can stop early: a parameter whose charset holds it.
    private static func stopCharacterProblems(_ route: Route) -> [Diagnostic] {
        let components = route.pattern.components
        return components.indices.compactMap { position in
            guard case .parameter(let name, _, let suffix) = components[position], let rule = route.parameter(named: name)?.rule else { return nil }
            // A last component ends at the path's end, but its exclusion for deeper paths reads an encoded `/` as one.
            let stop = suffix.unicodeScalars.first ?? "/"
            guard rule.charset.contains(stop) else { return nil }
            return Diagnostic(
                .warning, line: route.line,
                "route '\(route.name)' (/\(route.pattern)): parameter '\(name)' may contain '\(stop)', where Android's dynamic App Links rules end its '*', so on Android 15+ a link whose '\(name)' holds '\(stop)' opens the browser"
            )
        }
    }
}

extension PercentEncoding {
    /// `text` decoded, or as it is when it holds no escape.
    static func decoded(_ text: String) throws(PercentDecodingError) -> String {
        var text = text
        let result = text.withUTF8 { bytes in Result { () throws(PercentDecodingError) in try decoded(bytes) } }
        return try result.get() ?? text
    }
}
