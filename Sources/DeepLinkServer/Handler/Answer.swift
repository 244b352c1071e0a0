import MicroHTTP

/// A reply with what may be logged about it.
struct Answer {
    let reply: HTTPReply
    let endpoint: Endpoint
    /// The path for the access log when it differs from the request's path (secret values redacted).
    let loggedPath: String?
    /// The resolve outcomes it produced, for metrics.
    var outcomes: ResolveOutcomes
    /// The route whose landing page it is, and the domain it was opened on, for `deeplinkd_link_opens_total`.
    let opened: (route: String, channel: String)?

    /// An answer; `opened` names the route of a landing page served, opened on the domain `channel`.
    init(
        _ reply: HTTPReply, endpoint: Endpoint, loggedPath: String? = nil, outcomes: ResolveOutcomes = .none, opened route: String? = nil,
        on channel: String = ""
    ) {
        self.reply = reply
        self.endpoint = endpoint
        self.loggedPath = loggedPath
        self.outcomes = outcomes
        opened = route.map { ($0, channel) }
    }

    /// The path the access log shows for `request`: never a query, never a secret.
    func loggedPath(for request: HTTPRequest) -> Substring {
        loggedPath.map { Substring($0) } ?? request.path
    }
}
