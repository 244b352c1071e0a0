/// What resolving one URL gives: the intent the app would dispatch, or why there is none.
public struct ResolveResult: Sendable {
    /// The URL as given.
    public let url: String
    /// Matched or not, and why.
    public let outcome: ResolveOutcome
    /// What the app does in the given state; nil when no state was given or nothing matched.
    public let action: Action?
}

/// Matched or not.
public enum ResolveOutcome: Sendable {
    /// A route matched and its parameters validated.
    case matched(RouteMatch)
    /// No route took the URL.
    case unmatched(Unmatched)
}

/// A route that took a URL, with its decoded, validated parameters.
public struct RouteMatch: Sendable {
    /// The route.
    public let route: Route
    /// The route's position in its table's `routes`.
    public let routeIndex: Int
    /// Declared parameters present in the URL, in declaration order.
    public let parameters: [(name: String, value: String)]
    /// How the URL reached the app.
    public let channel: Channel
    /// The components `*` and `**` took, for canonical links.
    let wildcards: [[String]]

    /// The value of the parameter called `name`.
    public func value(of name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }
}

/// Why a URL did not match, with the detail an operator needs.
public struct Unmatched: Error, Sendable, Equatable {
    /// The reason, one of a fixed set.
    public let reason: UnmatchedReason
    /// A sentence explaining it.
    public let detail: String
    /// The route concerned, for `invalidParameter` and `channelNotAllowed`.
    public let route: String?
    /// The parameter concerned, for `invalidParameter`.
    public let parameter: String?

    /// An outcome with its reason and detail.
    public init(reason: UnmatchedReason, detail: String, route: String? = nil, parameter: String? = nil) {
        self.reason = reason
        self.detail = detail
        self.route = route
        self.parameter = parameter
    }
}

/// The fixed set of reasons a URL does not match.
public enum UnmatchedReason: String, Sendable, CaseIterable {
    case malformedURL, tooLong, unsupportedScheme, foreignHost, noRoute, invalidParameter, channelNotAllowed
}

/// What the app does with a matched URL in a given state.
public enum Action: String, Sendable {
    /// Post the route's notification.
    case dispatch
    /// Drop it: the route's gate does not admit the state.
    case ignore
}

/// A state that is not one of the table's states.
public struct UnknownStateError: Error, Equatable, CustomStringConvertible {
    /// The state given.
    public let state: String
    /// The states the table knows.
    public let known: [String]

    public var description: String {
        "unknown state '\(state)' (known states: \(known.joined(separator: ", ")))"
    }
}
