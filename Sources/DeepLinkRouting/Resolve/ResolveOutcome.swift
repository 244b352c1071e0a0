/// Matched or not.
public enum ResolveOutcome: Sendable {
    /// A route matched and its parameters validated.
    case matched(RouteMatch)
    /// No route took the URL.
    case unmatched(Unmatched)
}
