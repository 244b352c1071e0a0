import DeepLinkAASA
import Foundation

extension Doctor {
    /// The HTTP answer's checks (redirect, status, `Content-Type`, size, JSON); the file when it can be read. A
    /// failed check ends the list, but for `Content-Type`: the file can still be examined.
    func checkAnswer(_ file: FetchedFile, into findings: inout [Finding]) -> ServedAssociation? {
        let checks: [(finding: (FetchedFile) -> Finding, isBlocking: Bool)] = [
            (redirectFinding, true), (statusFinding, true), (contentTypeFinding, false), (sizeFinding, true),
        ]
        for check in checks {
            let finding = check.finding(file)
            findings.append(finding)
            if check.isBlocking, !finding.isPassed { return nil }
        }
        do {
            let served = try ServedAssociation(body: file.body)
            findings.append(.ok("json", "a JSON object"))
            return served
        } catch {
            findings.append(.fail("json", error.description, fix: "serve the file the table generates (deeplinkd aasa)"))
            return nil
        }
    }

    private func redirectFinding(_ file: FetchedFile) -> Finding {
        guard (300..<400).contains(file.status) else { return .ok("redirect", "none") }
        let target = file.location.map { " to \($0)" } ?? ""
        return .fail(
            "redirect", "the answer is a \(file.status) redirect\(target), and Apple's CDN follows no redirect",
            fix:
                "serve the file itself at https://\(host)/.well-known/apple-app-site-association: exempt it from host, HTTPS, trailing-slash and login redirects"
        )
    }

    private func statusFinding(_ file: FetchedFile) -> Finding {
        guard file.status != 200 else { return .ok("status", "200") }
        return .fail(
            "status", "the answer is \(file.status), not 200; Apple's CDN caches the failure and devices get no Universal Links",
            fix: "serve the file with 200 to any client (no login, WAF or bot rule may refuse the user agent AASA-Bot/1.0.0)")
    }

    private func contentTypeFinding(_ file: FetchedFile) -> Finding {
        let mediaType = file.contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard mediaType != "application/json" else { return .ok("content-type", file.contentType ?? "") }
        return .fail(
            "content-type", "Content-Type is \(file.contentType.map { "'\($0)'" } ?? "missing"), not application/json",
            fix: "send Content-Type: application/json for /.well-known/apple-app-site-association")
    }

    private func sizeFinding(_ file: FetchedFile) -> Finding {
        guard file.isOverLimit else { return .ok("size", "\(file.body.count) bytes (limit \(AASAGenerator.sizeLimit))") }
        return .fail(
            "size", "the body is over \(AASAGenerator.sizeLimit) bytes, and iOS drops larger files",
            fix: "serve the file the table generates (deeplinkd aasa), or fewer, broader components")
    }
}
