package import DeepLinkAASA
import Foundation

extension Doctor {
    /// The Android checks, for a table with `android:` apps: `https://HOST/.well-known/assetlinks.json` fetched as
    /// Android's verifier fetches it (HTTPS with a trusted certificate, no redirect followed), its answer (status,
    /// `application/json`, size, a JSON statement list), each app's statement against the file the table generates
    /// (`expected`: package, relations, fingerprints, dynamic rules), and the signing certificates of
    /// `apkFingerprints` (from `--apk-cert`) against the served file.
    package func examineAndroid(
        apps: [AndroidApp], expected: [UInt8], caFile: String?, connectTo: String?, apkFingerprints: [String]
    ) throws -> [Finding] {
        var fetch = AssociationFetch(host: authority, path: "/.well-known/assetlinks.json", caFile: caFile, connectTo: connectTo)
        fetch.userAgent = "deeplinkd-doctor (Android App Links verification check)"
        var findings: [Finding] = []
        let file: FetchedFile
        switch try fetch.run(verification: .full) {
        case .received(let received):
            findings.append(.ok("android tls", "the certificate is trusted and names \(host)"))
            file = received
        case .failed(let failure) where failure.isCertificateRefused:
            findings.append(
                .fail(
                    "android tls", "the certificate is refused (\(failure.message)); Android's verifier checks it against the device's trusted roots",
                    fix: "serve a certificate from a public CA whose subjectAltName lists \(host), with its intermediates"))
            guard case .received(let received) = try fetch.run(verification: .none) else { return findings }
            file = received
        case .failed(let failure):
            return findings + [
                .fail("android fetch", "GET \(fetch.url): no answer: \(failure.message)", fix: "make \(host) answer HTTPS on port 443 from any address")
            ]
        }
        guard let served = checkAndroidAnswer(file, url: fetch.url, into: &findings) else { return findings }
        guard let generated = try? ServedAssetLinks(body: expected) else { return findings }
        for app in apps { findings += checkStatement(of: app, served: served, generated: generated) }
        findings += checkApkCertificates(apkFingerprints, served: served)
        return findings
    }

    /// The commands that make a device verify the app's links again and show the result, one per package.
    package static func androidDeviceCommands(for apps: [AndroidApp]) -> [String] {
        apps.flatMap { ["adb shell pm verify-app-links --re-verify \($0.package)", "adb shell pm get-app-links \($0.package)"] }
    }

    private func checkAndroidAnswer(_ file: FetchedFile, url: String, into findings: inout [Finding]) -> ServedAssetLinks? {
        let fix = "serve the file the table generates (deeplinkd assetlinks --domain \(host)) at \(url)"
        if (300..<400).contains(file.status) {
            let target = file.location.map { " to \($0)" } ?? ""
            findings.append(
                .fail(
                    "android redirect", "the answer is a \(file.status) redirect\(target), and Android's verifier follows no redirect, so no link verifies",
                    fix: "serve the file itself at \(url): exempt it from host, HTTPS and trailing-slash redirects"))
            return nil
        }
        findings.append(.ok("android redirect", "none"))
        guard file.status == 200 else {
            findings.append(.fail("android status", "the answer is \(file.status), not 200, so Android reads an empty statement list", fix: fix))
            return nil
        }
        findings.append(.ok("android status", "200"))
        let mediaType = file.contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        findings.append(
            mediaType == "application/json"
                ? .ok("android content-type", file.contentType ?? "")
                : .fail(
                    "android content-type", "Content-Type is \(file.contentType.map { "'\($0)'" } ?? "missing"), not application/json, which Android requires",
                    fix: "send Content-Type: application/json for /.well-known/assetlinks.json"))
        guard !file.isOverLimit else {
            findings.append(.fail("android size", "the body is over \(AASAGenerator.sizeLimit) bytes; the doctor read no further", fix: fix))
            return nil
        }
        findings.append(.ok("android size", "\(file.body.count) bytes"))
        do {
            let served = try ServedAssetLinks(body: file.body)
            findings.append(.ok("android json", "a statement list (\(served.statements.count) apps)"))
            return served
        } catch {
            findings.append(.fail("android json", "\(error.description), so Android reads no statement", fix: fix))
            return nil
        }
    }
}
