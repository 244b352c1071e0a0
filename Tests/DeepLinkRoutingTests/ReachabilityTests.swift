import Testing

@testable import DeepLinkRouting

/// The shadowing and overlap analysis compares each route only with the routes `PatternTrie` finds; these tests
/// hold it to what comparing every pair reports.
@Suite("The reachability analysis finds every shadow and overlap without comparing every pair")
struct ReachabilityTests {
    typealias T = ExpresScanTable

    static let domains = ["a.example", "b.example"]
    static let schemes = ["app", "other"]

    /// Random routes over a small alphabet, so that many of them share, cover or overlap paths.
    static func randomDefinitions(count: Int, using generator: inout SeededGenerator) -> [RouteDefinition] {
        let literals = ["a", "b", "x-1", "1", "x-a.z"]
        let shapes = [("", ""), ("x-", ""), ("", ".z"), ("x-", ".z"), ("x", "")]
        let charsets = ["a-z", "0-9", "a-z0-9", "a-z0-9.-", "1"]
        let scopes = [nil, ["app"], ["universal:a.example"], ["universal:b.example", "app:other"], ["universal", "app:app"]]
        return (0..<count).map { number in
            var components: [String] = []
            var parameters: [(String, String, Int?, Int?, Bool?)] = []
            for position in 0..<Int.random(in: 1...3, using: &generator) {
                switch Int.random(in: 0..<10, using: &generator) {
                case 0...3: components.append(literals.randomElement(using: &generator) ?? "a")
                case 4...7:
                    let (prefix, suffix) = shapes.randomElement(using: &generator) ?? ("", "")
                    components.append("\(prefix)$(p\(position))\(suffix)")
                    let minimum = Int.random(in: 1...2, using: &generator)
                    parameters.append(
                        ("p\(position)", charsets.randomElement(using: &generator) ?? "a-z", minimum, minimum + Int.random(in: 0...3, using: &generator), nil))
                case 8: components.append("*")
                default: components.append("**")
                }
                if components.last == "**" { break }
            }
            if Bool.random(using: &generator) {
                parameters.append(("q", charsets.randomElement(using: &generator) ?? "a-z", 1, 4, Bool.random(using: &generator)))
            }
            var route = T.route(
                "r\(number)", components.joined(separator: "/"), scopes: scopes.randomElement(using: &generator) ?? nil, parameters, "n\(number)")
            // An alias now and then: the same parameters and wildcards under one more literal.
            if Int.random(in: 0..<3, using: &generator) == 0 {
                route.aliases = [Located("\(literals.randomElement(using: &generator) ?? "a")/\(route.path.value)")]
            }
            return route
        }
    }

    /// The routes of `definitions` compiled one by one, as `RouteTable.compile` does before the analysis.
    static func compiled(_ definitions: [RouteDefinition]) -> [Route] {
        var problems = Problems()
        let context = RouteContext(domains: domains, schemes: schemes, gates: [:])
        return definitions.compactMap { problems.check($0, in: context) }
    }

    @Test("on random tables the analysis reports exactly what comparing every pair of routes reports", arguments: 1...20)
    func sameAsEveryPair(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let routes = Self.compiled(Self.randomDefinitions(count: 60, using: &generator))
        var fast = Problems()
        fast.checkReachability(of: routes, domains: Self.domains, schemes: Self.schemes)
        var everyPair = Problems()
        everyPair.checkReachabilityComparingEveryPair(of: routes, domains: Self.domains, schemes: Self.schemes)
        #expect(!everyPair.all.isEmpty)
        #expect(fast.all == everyPair.all)
    }

    @Test("the trie finds every route that covers or may overlap a pattern", arguments: 1...10)
    func trieFindsEveryRelatedRoute(seed: UInt64) {
        var generator = SeededGenerator(seed: seed &+ 100)
        let routes = Self.compiled(Self.randomDefinitions(count: 80, using: &generator))
        let trie = PatternTrie(routes.map(\.pattern))
        var related = 0
        for (index, route) in routes.enumerated() {
            let candidates = Set(trie.candidates(for: route.pattern))
            for (otherIndex, other) in routes.enumerated() where other.covers(route) || other.mayOverlap(route) {
                related += 1
                #expect(candidates.contains(otherIndex), "\(other.pattern) and \(route.pattern)")
            }
            #expect(candidates.contains(index))
        }
        #expect(related > routes.count)
    }

    @Test("deliberate shadows and overlaps among 2,000 distinct routes are each reported, and nothing else")
    func largeMixedTable() {
        var definitions: [RouteDefinition] = (0..<2_000).map { number in
            switch number % 4 {
            case 0: T.route("r\(number)", "r\(number)/$(id)", [("id", "A-Za-z0-9", 1, 64, nil)], "n")
            case 1: T.route("r\(number)", "p/\(number)", scopes: ["universal", "app"], [], "n")
            case 2: T.route("r\(number)", "q\(number)/$(a)/x-$(b)", [("a", "a-z", nil, nil, nil), ("b", "0-9", nil, nil, nil)], "n")
            default: T.route("r\(number)", "s/\(number)/$(id)", scopes: ["app:other"], [("id", "0-9", nil, nil, nil)], "n")
            }
        }
        definitions += [
            T.route("digits", "r40/$(n)", [("n", "0-9", 1, 10, nil)], "n"),
            T.route("letters", "p/$(n)", scopes: ["app"], [("n", "a-z", 1, 10, nil)], "n"),
            T.route("prefixed", "q42/$(a)/x-$(b)", scopes: ["universal:b.example"], [("a", "a-z", nil, nil, nil), ("b", "0-9", nil, nil, nil)], "n"),
            T.route("wide", "s/7/$(id)", scopes: ["app:other"], [("id", "0-9a-f", 1, 10, nil)], "n"),
            T.route("everything", "s/7/**", scopes: ["app:other"], [], "n"),
            T.route("after", "s/7/1", scopes: ["app:other"], [], "n"),
        ]
        var problems = Problems()
        problems.checkReachability(of: Self.compiled(definitions), domains: Self.domains, schemes: Self.schemes)
        #expect(
            problems.all.map { ($0.severity == .warning ? "warning: " : "") + $0.message } == [
                "warning: route 'r42' can never match on https://b.example: route 'prefixed' matches every URL it would",
                "route 'digits' can never match: route 'r40' matches every URL it would",
                "warning: route 'wide' overlaps route 'r7': some URLs match both, and 'r7' wins",
                "warning: route 'everything' overlaps route 'r7': some URLs match both, and 'r7' wins",
                "warning: route 'everything' overlaps route 'wide': some URLs match both, and 'wide' wins",
                "route 'after' can never match: route 'r7' matches every URL it would",
            ])
    }
}

extension Problems {
    /// The analysis as it was before `PatternTrie`: every route compared with every route tried before it.
    mutating func checkReachabilityComparingEveryPair(of table: [Route], domains: [String], schemes: [String]) {
        let channels = domains.map(Channel.universal) + schemes.map(Channel.app)
        let routes = table.flatMap(\.everyPattern)
        for (position, route) in routes.enumerated() {
            let label = route.isAlias ? "route '\(route.name)' alias '\(route.pattern)'" : "route '\(route.name)'"
            var shadowedOn: [(Channel, Route)] = []
            var openOn: [Channel] = []
            var overlapping: [Route] = []
            for channel in channels {
                guard let tier = channel.tier(of: route.scopes) else { continue }
                openOn.append(channel)
                let earlier = routes.enumerated().filter { other in
                    guard other.offset != position, let otherTier = channel.tier(of: other.element.scopes) else { return false }
                    return otherTier < tier || (otherTier == tier && other.offset < position)
                }.map(\.element)
                if let winner = earlier.first(where: { $0.covers(route) }) {
                    shadowedOn.append((channel, winner))
                } else {
                    for other in earlier
                    where other.name != route.name && other.mayOverlap(route) && !other.isSetApartByQuery(from: route)
                        && !overlapping.contains(where: { $0.name == other.name })
                    {
                        overlapping.append(other)
                    }
                }
            }
            if !openOn.isEmpty, shadowedOn.count == openOn.count, let winner = shadowedOn.first?.1 {
                error(route.line, "\(label) can never match: route '\(winner.name)' matches every URL it would")
                continue
            }
            for (channel, winner) in shadowedOn {
                warning(route.line, "\(label) can never match on \(channel.displayName): route '\(winner.name)' matches every URL it would")
            }
            for other in overlapping {
                warning(route.line, "\(label) overlaps route '\(other.name)': some URLs match both, and '\(other.name)' wins")
            }
        }
    }
}
