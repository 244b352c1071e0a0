import DeepLinkBytes
import DeepLinkRouting

/// Turns path patterns into Apple's component globs (`*` any run of characters, `/` included; `?` one character).
enum AASAPattern {
    /// The component that opens the app for `route`.
    static func inclusion(for route: Route) -> AASAComponent {
        let globs = route.pattern.components.map { glob(for: $0, in: route) }
        let query = route.parameters.filter { !$0.isInPath && $0.rule.isRequired && $0.rule.minimumLength > 0 }
            .map { (name: $0.name.aasaPercentEncoded, glob: "?*") }
        return AASAComponent(path: path(globs), query: query, isExcluded: false, comment: "\(route.name): /\(route.pattern)")
    }

    /// Exclusions for URLs whose parameter or `*` would have to span a `/`: one per such component, so that the
    /// app opens only for paths with the pattern's number of components.
    ///
    /// Left out when the pattern ends in `**` (any depth is valid there), and left out where a deeper route of
    /// the same table could be excluded by it (the app then still opens; the parser decides).
    static func exclusions(for route: Route, deeper: DeeperRoutes) -> [AASAComponent] {
        let components = route.pattern.components
        guard components.last != .rest else { return [] }
        return components.indices.compactMap { position -> AASAComponent? in
            let component = components[position]
            guard component == .wildcard || component.isParameter else { return nil }
            if deeper.containsDeeper(than: route, spanningAt: position) { return nil }
            var globs = components.map { glob(for: $0, in: route) }
            globs[position] = spanningGlob(for: component)
            return AASAComponent(path: path(globs), query: [], isExcluded: true, comment: "\(route.name): deeper paths do not match")
        }
    }

    private static func path(_ globs: [String]) -> String {
        "/" + globs.joined(separator: "/")
    }

    private static func glob(for component: PathComponent, in route: Route) -> String {
        switch component {
        case .literal(let text): return text.aasaLiteral
        case .wildcard: return "?*"
        case .rest: return "*"
        case .parameter(let name, let prefix, let suffix):
            let isEmptyAllowed = (route.parameter(named: name)?.rule.minimumLength ?? 1) == 0
            return prefix.aasaLiteral + (isEmptyAllowed ? "*" : "?*") + suffix.aasaLiteral
        }
    }

    /// The glob for a component that contains a `/` followed by at least one character.
    private static func spanningGlob(for component: PathComponent) -> String {
        if case .parameter(_, let prefix, let suffix) = component { return prefix.aasaLiteral + "*/?*" + suffix.aasaLiteral }
        return "*/?*"
    }
}

extension PathComponent {
    var isParameter: Bool {
        if case .parameter = self { true } else { false }
    }
}

extension Route {
    /// Whether this route may accept a path that `other`'s exclusion at `position` would block: a path longer
    /// than `other`'s pattern that agrees with it before `position`.
    func couldBeDeeper(than other: Route, spanningAt position: Int) -> Bool {
        let mine = pattern.components
        let theirs = other.pattern.components
        guard mine.count > theirs.count || mine.last == .rest else { return false }
        return zip(mine.prefix(position), theirs.prefix(position)).allSatisfy { pair in
            switch pair {
            case (.literal(let a), .literal(let b)): a == b
            default: true
            }
        }
    }
}

extension String {
    /// The literal as it appears in a percent-encoded URL path, with Apple's glob characters escaped.
    var aasaLiteral: String {
        var bytes: [UInt8] = []
        ByteWriter.append(to: &bytes, capacity: 3 * utf8.count) { writer in
            for byte in utf8 {
                if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "\\") {
                    writer.write(UInt8(ascii: "\\"))
                    writer.write(byte)
                } else {
                    writer.writePercentEncoded(byte, keeping: .pathSafe)
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A query item name as it appears in a percent-encoded query.
    var aasaPercentEncoded: String {
        ASCIISet.pathSafe.containsAll(utf8) ? self : aasaLiteral
    }
}
