import DeepLinkRouting

/// One rule of an association file before it is written for a platform: a route pattern's own claim, or the
/// exclusion of the paths where one of its components would have to span a `/`.
///
/// The order and the exclusions are decided once, here, for the AASA's `components` and Android's
/// `dynamic_app_link_components` alike: the routes open on the domain in `Precedence` order (a route's aliases right
/// after it, as the resolver tries them), each pattern's exclusions before its own claim.
struct AssociationClaim {
    /// The route, or one of its aliases as a route of its own.
    let route: Route
    /// For an exclusion, the component whose value would span a `/`; nil for the pattern's own claim.
    let spanningPosition: Int?

    /// Whether a match keeps the app closed.
    var isExclusion: Bool { spanningPosition != nil }

    /// The claims of `table` on the domain `host`, in file order.
    static func claims(for host: String, in table: RouteTable) -> [AssociationClaim] {
        let routes = Channel.universal(host: host).inPrecedenceOrder(table.routes).flatMap(\.everyPattern)
        let deeper = DeeperRoutes(routes)
        return routes.flatMap { route in
            exclusionPositions(for: route, deeper: deeper).map { AssociationClaim(route: route, spanningPosition: $0) }
                + [AssociationClaim(route: route, spanningPosition: nil)]
        }
    }

    /// The components of `route` that need an exclusion: one per `*` or parameter, so that the app opens only for
    /// paths with the pattern's number of components.
    ///
    /// None when the pattern ends in `**` (any depth is valid there), and none where a deeper route of the same table
    /// could be excluded by it (the app then still opens; the parser decides).
    private static func exclusionPositions(for route: Route, deeper: DeeperRoutes) -> [Int] {
        let components = route.pattern.components
        guard components.last != .rest else { return [] }
        return components.indices.filter { position in
            let component = components[position]
            guard component == .wildcard || component.isParameter else { return false }
            return !deeper.containsDeeper(than: route, spanningAt: position)
        }
    }

    /// The path glob (`*` any run of characters, `?` one), each literal written by `literal`: the glob of the
    /// pattern, or for an exclusion with the spanning component's value as `*/?*`.
    func pathGlob(literal: (String) -> String) -> String {
        pathGlob(upTo: route.pattern.components.count, literal: literal)
    }

    /// The path glob of the components before `end`, from its leading `/`.
    func pathGlob(upTo end: Int, literal: (String) -> String) -> String {
        let globs = route.pattern.components.prefix(end).enumerated().map { position, component in
            position == spanningPosition ? Self.spanningGlob(for: component, literal: literal) : glob(for: component, literal: literal)
        }
        return "/" + globs.joined(separator: "/")
    }

    /// The required query parameters, each claimed as at least one character (`?*`), in declaration order.
    var requiredQueryParameters: [String] {
        guard spanningPosition == nil else { return [] }
        return route.parameters.filter { !$0.isInPath && $0.rule.isRequired && $0.rule.minimumLength > 0 }.map(\.name)
    }

    private func glob(for component: PathComponent, literal: (String) -> String) -> String {
        switch component {
        case .literal(let text): return literal(text)
        case .wildcard: return "?*"
        case .rest: return "*"
        case .parameter(let name, let prefix, let suffix):
            let isEmptyAllowed = (route.parameter(named: name)?.rule.minimumLength ?? 1) == 0
            return literal(prefix) + (isEmptyAllowed ? "*" : "?*") + literal(suffix)
        }
    }

    /// The glob for a component that contains a `/` followed by at least one character.
    private static func spanningGlob(for component: PathComponent, literal: (String) -> String) -> String {
        if case .parameter(_, let prefix, let suffix) = component { return literal(prefix) + "*/?*" + literal(suffix) }
        return "*/?*"
    }
}

extension PathComponent {
    var isParameter: Bool {
        if case .parameter = self { true } else { false }
    }
}
