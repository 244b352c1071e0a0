extension HTTPServer {
    /// HTTP Strict Transport Security (RFC 6797): how long browsers must reach this host over HTTPS only.
    package struct StrictTransportSecurity: Sendable, Equatable {
        /// Seconds browsers remember the rule (`max-age`); 0 tells them to forget it.
        package var maxAge: Int
        /// Whether the rule covers every subdomain too (`includeSubDomains`).
        package var includesSubdomains: Bool

        /// Creates the rule; subdomains are left out unless asked for.
        package init(maxAge: Int, includesSubdomains: Bool = false) {
            self.maxAge = maxAge
            self.includesSubdomains = includesSubdomains
        }

        /// The header's value, for example `max-age=31536000; includeSubDomains`.
        package var headerValue: String {
            "max-age=\(maxAge)" + (includesSubdomains ? "; includeSubDomains" : "")
        }
    }
}
