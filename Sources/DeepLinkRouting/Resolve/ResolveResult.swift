/// What resolving one URL gives: the intent the app would dispatch, or why there is none.
public struct ResolveResult: Sendable {
    /// The URL as given.
    public let url: String
    /// Matched or not, and why.
    public let outcome: ResolveOutcome
    /// What the app does in the given state with the given features; nil when neither was given, when the one not
    /// given decides, or when nothing matched.
    public let action: Action?
    /// Why the app ignores the URL, when it does because of a feature.
    public let ignoreReason: IgnoreReason?
}

/// Why a matched URL is ignored, when the route's gate is not the reason.
public enum IgnoreReason: String, Sendable {
    /// The route requires a feature the app does not have enabled.
    case featureDisabled
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
    /// The alias that matched, when the route's canonical pattern did not.
    public let via: PathPattern?
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
    /// Drop it: the route's gate does not admit the state, or its feature is not enabled.
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

/// A feature that is not one of the table's features.
public struct UnknownFeatureError: Error, Equatable, CustomStringConvertible {
    /// The feature given.
    public let feature: String
    /// The features the table knows.
    public let known: [String]

    public var description: String {
        "unknown feature '\(feature)' (known features: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
    }
}

/// A state or feature given to a resolve that the table does not know.
public enum ResolveInputError: Error, Equatable, CustomStringConvertible {
    /// The state is unknown.
    case state(UnknownStateError)
    /// A feature is unknown.
    case feature(UnknownFeatureError)

    public var description: String {
        switch self {
        case .state(let error): error.description
        case .feature(let error): error.description
        }
    }
}
