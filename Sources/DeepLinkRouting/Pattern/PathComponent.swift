/// One `/`-separated piece of a path pattern.
///
/// Matching priority is stated once, here: a URL component is compared against the pattern component at the same
/// position; literals compare exactly (case-sensitive, after percent-decoding), `*` takes any one component,
/// `**` takes the rest of the path (zero or more components) and may only come last, and a parameter takes one
/// component that starts with its prefix and ends with its suffix, capturing what lies between.
public enum PathComponent: Sendable, Hashable {
    /// A fixed component, decoded form (`c`).
    case literal(String)
    /// `*`: exactly one non-empty component.
    case wildcard
    /// `**`: the rest of the path, zero or more components; last only.
    case rest
    /// `prefix$(name)suffix`: one component, the part between prefix and suffix captured as `name`.
    case parameter(name: String, prefix: String, suffix: String)
}

extension PathComponent: CustomStringConvertible {
    /// The component as written in a pattern.
    public var description: String {
        switch self {
        case .literal(let text): text
        case .wildcard: "*"
        case .rest: "**"
        case .parameter(let name, let prefix, let suffix): "\(prefix)$(\(name))\(suffix)"
        }
    }
}
