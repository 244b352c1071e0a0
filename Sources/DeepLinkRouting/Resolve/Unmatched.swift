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
    ///
    /// - Parameters:
    ///   - reason: Why nothing matched.
    ///   - detail: The sentence that explains it, as `/resolve` writes it.
    ///   - route: The route concerned, for `invalidParameter` and `channelNotAllowed`.
    ///   - parameter: The parameter concerned, for `invalidParameter`.
    public init(reason: UnmatchedReason, detail: String, route: String? = nil, parameter: String? = nil) {
        self.reason = reason
        self.detail = detail
        self.route = route
        self.parameter = parameter
    }
}
