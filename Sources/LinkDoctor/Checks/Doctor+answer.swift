import DeepLinkAASA
import Foundation

extension Doctor {
    /// The HTTP answer's checks (redirect, status, `Content-Type`, size, JSON); the file when it can be read.
    func checkAnswer(_ file: FetchedFile, into findings: inout [Finding]) -> ServedAssociation? {
        let fixRedirect =
            "serve the file itself at https://\(host)/.well-known/apple-app-site-association: exempt it from host, HTTPS, trailing-slash and login redirects"
        if (300..<400).contains(file.status) {
            let target = file.location.map { " to \($0)" } ?? ""
            findings.append(.fail("redirect", "the answer is a \(file.status) redirect\(target), and Apple's CDN follows no redirect", fix: fixRedirect))
            return nil
        }
        findings.append(.ok("redirect", "none"))
        guard file.status == 200 else {
            findings.append(
                .fail(
                    "status", "the answer is \(file.status), not 200; Apple's CDN caches the failure and devices get no Universal Links",
                    fix: "serve the file with 200 to any client (no login, WAF or bot rule may refuse the user agent AASA-Bot/1.0.0)"))
            return nil
        }
        findings.append(.ok("status", "200"))
        let mediaType = file.contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if mediaType == "application/json" {
            findings.append(.ok("content-type", file.contentType ?? ""))
        } else {
            findings.append(
                .fail(
                    "content-type", "Content-Type is \(file.contentType.map { "'\($0)'" } ?? "missing"), not application/json",
                    fix: "send Content-Type: application/json for /.well-known/apple-app-site-association"))
        }
        if file.isOverLimit {
            findings.append(
                .fail(
                    "size", "the body is over \(AASAGenerator.sizeLimit) bytes, and iOS drops larger files",
                    fix: "serve the file the table generates (deeplinkd aasa), or fewer, broader components"))
            return nil
        }
        findings.append(.ok("size", "\(file.body.count) bytes (limit \(AASAGenerator.sizeLimit))"))
        do {
            let served = try ServedAssociation(body: file.body)
            findings.append(.ok("json", "a JSON object"))
            return served
        } catch {
            findings.append(.fail("json", "\(error.description), so iOS cannot read it", fix: "serve the file the table generates (deeplinkd aasa)"))
            return nil
        }
    }
}
