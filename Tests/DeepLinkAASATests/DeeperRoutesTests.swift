import Testing

@testable import DeepLinkAASA
@testable import DeepLinkRouting

@Suite("Which exclusions an AASA leaves out is decided without comparing every pair of routes")
struct DeeperRoutesTests {
    /// Random routes over a few literals, parameters, `*` and `**`, one to four components long.
    static func randomRoutes(count: Int, seed: UInt64) throws -> [Route] {
        var generator = Generator(state: seed)
        let rule = ParameterRule(charset: try CharacterClass("a-z"), minimumLength: 1, maximumLength: 8, isRequired: true)
        return try (0..<count).map { number in
            var components: [String] = []
            for position in 0..<Int.random(in: 1...4, using: &generator) {
                switch Int.random(in: 0..<20, using: &generator) {
                case 0...14: components.append(["a", "b", "c", "d", "e"].randomElement(using: &generator) ?? "a")
                case 15...17: components.append("x$(p\(position))")
                case 18: components.append("*")
                default: components.append("**")
                }
                if components.last == "**" { break }
            }
            let pattern = try PathPattern(parsing: components.joined(separator: "/"))
            let parameters = pattern.components.enumerated().compactMap { position, component -> Route.Parameter? in
                guard case .parameter(let name, _, _) = component else { return nil }
                return Route.Parameter(name: name, rule: rule, component: position)
            }
            return Route(
                name: "r\(number)", pattern: pattern, scopes: [.anyUniversal], parameters: parameters, notification: "n", gate: nil,
                isSecret: false, landing: nil, line: nil)
        }
    }

    @Test("the index agrees with couldBeDeeper(than:spanningAt:) over every other route", arguments: 1...20)
    func agreesWithEveryPair(seed: UInt64) throws {
        let routes = try Self.randomRoutes(count: 25, seed: seed)
        let deeper = DeeperRoutes(routes)
        for route in routes {
            for position in route.pattern.components.indices {
                let everyPair = routes.contains { $0.name != route.name && $0.couldBeDeeper(than: route, spanningAt: position) }
                #expect(deeper.containsDeeper(than: route, spanningAt: position) == everyPair, "\(route.pattern) at \(position)")
            }
        }
    }

    @Test("a deeper route blocks an exclusion only where its literals agree with the route's")
    func literalsDecide() throws {
        let rule = ParameterRule(charset: try CharacterClass("a-z"), minimumLength: 1, maximumLength: 8, isRequired: true)
        let routes = try ["a/x$(p)", "a/b/c", "b/x$(q)", "b/c/**", "c/*/d"].enumerated().map { number, text in
            let pattern = try PathPattern(parsing: text)
            return Route(
                name: "r\(number)", pattern: pattern, scopes: [.anyUniversal],
                parameters: pattern.parameterNames.map { Route.Parameter(name: $0, rule: rule, component: 1) }, notification: "n", gate: nil,
                isSecret: false, landing: nil, line: nil)
        }
        let deeper = DeeperRoutes(routes)
        #expect(deeper.containsDeeper(than: routes[0], spanningAt: 0))
        #expect(deeper.containsDeeper(than: routes[0], spanningAt: 1))
        #expect(deeper.containsDeeper(than: routes[2], spanningAt: 1))
        #expect(!deeper.containsDeeper(than: routes[4], spanningAt: 1))
        #expect(!deeper.containsDeeper(than: routes[1], spanningAt: 2))
    }

    private struct Generator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }
}
