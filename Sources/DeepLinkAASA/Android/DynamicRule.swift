import DeepLinkBytes
import DeepLinkRouting

/// One entry of `dynamic_app_link_components`: Android 15's twin of an AASA component, without `comment` (Android
/// discards the whole list when a field is one it does not know).
package struct DynamicRule: Sendable, Equatable {
    /// The `/` glob, matched against the path as Android's `Uri.getPath()` gives it (percent-decoded).
    package let path: String
    /// The `?` dictionary: query parameter name to value glob, in declaration order.
    package let query: [QueryMatcher]
    /// Whether a match keeps the app closed.
    package let isExcluded: Bool

    /// One `?` entry.
    package struct QueryMatcher: Sendable, Equatable {
        /// The parameter name, decoded.
        package let name: String
        /// The glob its value must match.
        package let glob: String
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.string("/", path)
        if !query.isEmpty {
            writer.beginObject("?")
            for matcher in query { writer.string(matcher.name, matcher.glob) }
            writer.endObject()
        }
        if isExcluded { writer.bool("exclude", true) }
        writer.endObject()
    }

    /// The rules for `claim`, decoded literals as Android's matcher reads the path: before a pattern's own claim, an
    /// exclusion of an empty segment where a component's glob starts with a wildcard (Android keeps `//` in the path,
    /// where `?` would take the second `/`; the resolver drops empty segments); then the claim; and for a claim whose
    /// glob does not end in `*`, the same with a trailing `/`; for one ending in `**`, the path without it (Android does not drop it, and the resolver takes
    /// `/auth/callback/` as `/auth/callback`).
    static func rules(for claim: AssociationClaim) -> [DynamicRule] {
        let path = claim.pathGlob { $0 }
        guard !claim.isExclusion else { return [DynamicRule(path: path, query: [], isExcluded: true)] }
        let components = claim.route.pattern.components
        let emptySegments = components.indices.filter { components[$0].startsWithWildcard }.map { position in
            let before = AssociationClaim(route: claim.route, spanningPosition: nil).pathGlob(upTo: position) { $0 }
            return DynamicRule(path: before + (position > 0 ? "/" : "") + "/*", query: [], isExcluded: true)
        }
        let query = claim.requiredQueryParameters.map { QueryMatcher(name: $0, glob: "?*") }
        let rule = DynamicRule(path: path, query: query, isExcluded: false)
        // `docs/**` takes `/docs` too, which `/docs/*` does not match.
        if components.last == .rest, path.hasSuffix("/*"), path != "/*" {
            return emptySegments + [rule, DynamicRule(path: String(path.dropLast(2)), query: query, isExcluded: false)]
        }
        guard !path.hasSuffix("*"), path != "/" else { return emptySegments + [rule] }
        return emptySegments + [rule, DynamicRule(path: path + "/", query: query, isExcluded: false)]
    }
}

extension PathComponent {
    /// Whether its glob starts with `?`: a `*`, or a parameter without a prefix (a `**` may take an empty segment).
    var startsWithWildcard: Bool {
        switch self {
        case .literal: false
        case .wildcard: true
        case .rest: false
        case .parameter(_, let prefix, _): prefix.isEmpty
        }
    }
}
