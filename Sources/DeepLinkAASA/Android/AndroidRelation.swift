/// A Digital Asset Links relation deeplinkd writes for an Android app.
package enum AndroidRelation: String, Sendable, CaseIterable {
    /// `delegate_permission/common.handle_all_urls`: the app opens the site's links (App Links).
    case handleAllURLs = "handle_all_urls"
    /// `delegate_permission/common.get_login_creds`: the app and the site share passwords and passkeys (Credential
    /// Manager), Android's twin of the AASA's `webcredentials`.
    case getLoginCredentials = "get_login_creds"

    /// The relation string of a statement.
    package var statement: String { "delegate_permission/common.\(rawValue)" }
}
