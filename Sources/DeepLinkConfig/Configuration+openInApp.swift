import DeepLinkRouting

extension Configuration {
    /// The problems of `openInAppDomain`: it must be one of `domains` (the AASA and the app's entitlement cover only
    /// those), and never the host a page it serves is on, since iOS keeps a tap on a link to the page's own host in
    /// Safari. A page is on the host its route's canonical link names (the first domain the route opens on), so that
    /// host may not be the alternate one; a Universal-only route with a landing page that does not open on it gets a
    /// warning, as its page has no button.
    static func openInAppProblems(_ domain: Located<String>, domains: [Located<String>], table: RouteTable?) -> [Diagnostic] {
        let host = domain.value.lowercased()
        let line = domain.line
        guard domains.contains(where: { $0.value.lowercased() == host }) else {
            let listed = domains.map(\.value).joined(separator: ", ")
            return [
                Diagnostic(
                    .error, line: line,
                    "openInAppDomain '\(domain.value.visible)' is not one of domains (\(listed)): the AASA and the app's entitlement cover only those; add it to domains"
                )
            ]
        }
        guard domains.first?.value.lowercased() != host else {
            return [
                Diagnostic(
                    .error, line: line,
                    "openInAppDomain '\(host)' is the first of domains, the host links and pages are written on: a tap on a link to the page's own host stays in Safari; name another host of domains"
                )
            ]
        }
        guard let table else { return [] }
        return table.routes.compactMap { route in
            guard route.landing != nil, route.isUniversal, !route.isAppScheme else { return nil }
            let pageHost = table.domains.first { Channel.universal(host: $0).tier(of: route.scopes) != nil }
            if pageHost == host {
                return Diagnostic(
                    .error, line: route.line,
                    "route '\(route.name)': its links and landing page are on openInAppDomain '\(host)' (the first host its scopes open): the Open in \(table.app.name) button would link to the page's own host, where a tap stays in Safari"
                )
            }
            guard Channel.universal(host: host).tier(of: route.scopes) == nil else { return nil }
            return Diagnostic(
                .warning, line: route.line,
                "route '\(route.name)': its scopes do not open it on openInAppDomain '\(host)', so its landing page has no Open in \(table.app.name) button"
            )
        }
    }
}
