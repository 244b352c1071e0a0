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

    /// A doctor for `authority` (`HOST` or `HOST:PORT`).
    package init(table: RouteTable, authority: String) {
        self.table = table
        self.authority = authority.lowercased()
        self.host = String(self.authority.split(separator: ":").first ?? "")
    }

    /// Every check, in order: TLS, the HTTP answer, the file against the table, each route's sample URL, then the
    /// entitlements when given.
    package func examine(caFile: String?, connectTo: String?, entitlements: Entitlements?) throws -> [Finding] {
        var findings: [Finding] = []
        if !table.domains.contains(host) {
            findings.append(
                .fail(
                    "domain", "\(host) is not one of the table's domains (\(table.domains.joined(separator: ", ")))",
                    fix: "add it to domains, or doctor one of those"))
        }
        let fetch = AssociationFetch(host: authority, caFile: caFile, connectTo: connectTo)
        let (tls, file) = try fetchChecked(fetch)
        findings += tls
        if let file {
            let served = checkAnswer(file, into: &findings)
            if let served, table.domains.contains(host) {
                findings += checkAgainstTable(served)
                findings += checkRoutes(served)
            }
        }
        if let entitlements { findings += check(entitlements) }
        return findings
    }

    /// The TLS finding and the answer: on a certificate Apple refuses, the file is fetched again without the check,
    /// so the rest can still be examined.
    func fetchChecked(_ fetch: AssociationFetch) throws -> ([Finding], FetchedFile?) {
        let fix = "serve a certificate from a public CA (Let's Encrypt, for one) whose subjectAltName lists \(host), with its intermediates"
        switch try fetch.run(verification: .full) {
        case .received(let file):
            return ([.ok("tls", "the certificate is trusted and names \(host)")], file)
        case .failed(let failure) where failure.isCertificateRefused:
            let isNameOnly: Bool
            if case .received = try fetch.run(verification: .chainOnly) { isNameOnly = true } else { isNameOnly = false }
            let problem =
                isNameOnly
                ? "the certificate does not name \(host) (\(failure.message)); Apple's CDN refuses it"
                : "the certificate is not trusted (\(failure.message)); Apple's CDN refuses it"
            let finding = Finding.fail("tls", problem, fix: fix)
            if case .received(let file) = try fetch.run(verification: .none) { return ([finding], file) }
            return ([finding], nil)
        case .failed(let failure):
            let problem = failure.isTimeout ? "no answer within \(fetch.timeoutSeconds) s (\(failure.message))" : "no answer: \(failure.message)"
            return (
                [
                    .fail(
                        "fetch", "GET \(fetch.url): \(problem)",
                        fix: "make \(host) answer HTTPS on port 443 from any address, quickly: Apple's CDN does not retry a failure for hours")
                ], nil
            )
        }
    }
}
