extension Problems {
    /// Checks a route's `copyLink: true`: the route is public, opens from an `https` link, and has a landing page to
    /// offer the copy on. A secret route's link would go to the pasteboard, where every app that reads it gets the
    /// secret, and a link must stay usable after the install, so only an `https` link is copied.
    mutating func checkCopyLink(_ definition: RouteDefinition, scopes: [Scope], label: String) {
        guard !isVouched else { return }
        guard let copyLink = definition.copyLink, copyLink.value else { return }
        let line = copyLink.line ?? definition.line
        if definition.isSecret {
            error(line, "\(label): copyLink is true but the route is secret: its link, secret included, would go to the pasteboard, which other apps read")
        }
        if !scopes.contains(where: { if case .universal = $0 { true } else { $0 == .anyUniversal } }) {
            error(line, "\(label): copyLink is true but the route is not Universal (no universal scope): the page copies the route's https link")
        }
        if definition.landing == nil {
            error(line, "\(label): copyLink is true but the route has no landing page to offer the copy on")
        }
    }
}
