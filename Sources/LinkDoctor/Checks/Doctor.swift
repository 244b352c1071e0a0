import DeepLinkAASA
package import DeepLinkRouting

/// `deeplinkd doctor`: fetches a link domain's `apple-app-site-association` as Apple's CDN does and checks what it
/// gets against Apple's serving rules, the file the table generates, and the app's entitlements.
package struct Doctor: Sendable {
    /// The route table the domain should serve.
    package let table: RouteTable
    /// The host examined, lower-cased, without a port.
    package let host: String
    /// The host and port the request goes to (`links.example.com`, `localhost:8443`).
    package let authority: String
    /// The table's `openInAppDomain`: the host of the landing pages' Open in the app button, which the app's
    /// entitlement must name under `applinks` too.
    package var openInAppDomain: String?

    /// A doctor for `authority` (`HOST`, `HOST:PORT` or `[IPv6]:PORT`). A trailing dot of the host is dropped:
    /// `links.example.com.` names the same domain, which the table and the entitlements write without it.
    package init(table: RouteTable, authority: String) {
        self.table = table
        let lowered = authority.lowercased()
        var host = lowered
        var port = ""
        if lowered.hasPrefix("["), let close = lowered.firstIndex(of: "]") {
            host = String(lowered[...close])
            port = String(lowered[lowered.index(after: close)...])
        } else if let colon = lowered.lastIndex(of: ":") {
            host = String(lowered[..<colon])
            port = String(lowered[colon...])
        }
        if host.hasSuffix("."), host.count > 1 { host.removeLast() }
        self.host = host
        self.authority = host + port
    }

    /// Every check, in order, each reported as soon as it is known: TLS, the HTTP answer, the file against the
    /// table, each route's sample URL, then the entitlements when given. Throws `UnusableCAFile` when the CA
    /// certificates given cannot be loaded (doctor's input, not the server's fault), and what `report` throws.
    package func examine(caFile: String?, connectTo: String?, entitlements: Entitlements?, report: (Finding) throws -> Void) throws {
        if !table.domains.contains(host) {
            try report(
                .fail(
                    "domain", "\(host) is not one of the table's domains (\(table.domains.joined(separator: ", ")))",
                    fix: "add it to domains, or doctor one of those"))
        }
        let fetch = AssociationFetch(host: authority, caFile: caFile, connectTo: connectTo)
        if let file = try fetchChecked(fetch, caFile: caFile, report: report) {
            var findings: [Finding] = []
            let served = checkAnswer(file, into: &findings)
            if let served, table.domains.contains(host) {
                findings += checkAgainstTable(served)
                findings += checkRoutes(served)
            }
            for finding in findings { try report(finding) }
        }
        if let entitlements {
            for finding in check(entitlements) { try report(finding) }
        }
    }

    /// Reports the TLS finding (or why nothing answered) and returns the answer. On a certificate Apple refuses, a
    /// second handshake that checks only the chain tells a wrong name from an untrusted chain; it sends no request,
    /// so a slow body cannot delay or change the verdict. The file is then fetched again without the check, so the
    /// rest can still be examined.
    func fetchChecked(_ fetch: AssociationFetch, caFile: String?, report: (Finding) throws -> Void) throws -> FetchedFile? {
        let fix = "serve a certificate from a public CA (Let's Encrypt, for one) whose subjectAltName lists \(host), with its intermediates"
        switch try fetch.run(verification: .full) {
        case .received(let file):
            try report(.ok("tls", "the certificate is trusted and names \(host)"))
            return file
        case .failed(let failure) where failure.isCAFileUnusable:
            throw UnusableCAFile(path: caFile ?? "", reason: failure.message)
        case .failed(let failure) where failure.isCertificateRefused:
            let isNameOnly: Bool
            if case .received = try fetch.run(verification: .chainOnly, isHandshakeOnly: true) { isNameOnly = true } else { isNameOnly = false }
            let problem =
                isNameOnly
                ? "the certificate does not name \(host) (\(failure.message)); Apple's CDN refuses it"
                : "the certificate is not trusted (\(failure.message)); Apple's CDN refuses it"
            try report(.fail("tls", problem, fix: fix))
            switch try fetch.run(verification: .none) {
            case .received(let file): return file
            case .failed(let failure):
                try report(fetchFinding(failure, fetch))
                return nil
            }
        case .failed(let failure):
            try report(fetchFinding(failure, fetch))
            return nil
        }
    }

    /// The finding for a fetch that got no HTTP answer.
    private func fetchFinding(_ failure: FetchFailure, _ fetch: AssociationFetch) -> Finding {
        let problem = failure.isTimeout ? "no answer within \(fetch.timeoutSeconds) s (\(failure.message))" : "no answer: \(failure.message)"
        return .fail(
            "fetch", "GET \(fetch.url): \(problem)",
            fix: "make \(host) answer HTTPS on port 443 from any address, quickly: Apple's CDN does not retry a failure for hours")
    }
}
