import Foundation
import Testing

@testable import deeplinkd

@Suite("deeplinkd doctor against real and broken link domains", .serialized)
struct DoctorTests {
    static let host = "links.example.com"

    /// `deeplinkd doctor https://links.example.com` sent to 127.0.0.1:PORT, trusting the test CA unless told not to.
    func doctor(port: Int, certificates: DoctorCertificates, trusted: Bool = true, _ arguments: [String] = []) throws -> Deeplinkd.Result {
        let trust = trusted ? ["--cacert", certificates.caPath] : []
        // The Apple checks alone: DoctorAndroidTests checks the default table's android section.
        let config = arguments.contains("--config") ? [] : ["--config", try DoctorAndroidTests.tableWithoutAndroid(certificates)]
        return try Deeplinkd.run(["doctor", "https://\(Self.host)", "--connect-to", "127.0.0.1:\(port)"] + trust + config + arguments)
    }

    /// Doctor against `site` with `--entitlements` of a file listing `domains` (and `arguments`): its result, and the
    /// file's path.
    func doctor(_ site: DoctorSite, entitlements domains: [String], _ arguments: [String] = []) throws -> (Deeplinkd.Result, entitlements: String) {
        let entitlements = try site.certificates.entitlements(domains)
        return (try doctor(port: site.port, certificates: site.certificates, arguments + ["--entitlements", entitlements]), entitlements)
    }

    /// The default table with `original` replaced, in a file of `scratch`.
    func table(_ original: String, _ replacement: String, in scratch: ScratchDirectory) throws -> String {
        let text = try DefaultTable.text()
        #expect(text.contains(original))
        return try scratch.write(text.replacingOccurrences(of: original, with: replacement), to: "table-\(UUID().uuidString).yaml")
    }

    @Test("the real server over HTTPS with a CA-signed certificate passes every check, entitlements included, and doctor exits 0")
    func healthy() throws {
        let site = try DoctorSite()
        defer { site.remove() }
        let (result, _) = try doctor(
            site, entitlements: ["applinks:links.example.com", "applinks:open.links.example.com", "webcredentials:links.example.com?mode=developer"])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(
            result.output.split(separator: "\n").map(String.init) == [
                "ok   tls: the certificate is trusted and names links.example.com",
                "ok   redirect: none",
                "ok   status: 200",
                "ok   content-type: application/json",
                "ok   size: 890 bytes (limit 131072)",
                "ok   json: a JSON object",
                "ok   app IDs: ABCDE12345.com.polarisexpress.expresscan",
                "ok   components: the 10 the table generates for links.example.com",
                "ok   webcredentials: ABCDE12345.com.polarisexpress.expresscan",
                "ok   route charger: https://links.example.com/c/x opens the app",
                "ok   route charger alias charger/$(id): https://links.example.com/charger/x opens the app",
                "ok   route magicEmailSignIn: https://links.example.com/m/xxxxxxxxxxxxxxxx opens the app",
                "ok   route userQrSignIn: https://links.example.com/u/xxxx opens the app",
                "ok   route registrationError: https://links.example.com/auth/callback?error=x opens the app",
                "ok   route registrationCallback: https://links.example.com/auth/callback?code=x opens the app",
                "ok   entitlement applinks:links.example.com: applinks:links.example.com",
                "ok   entitlement applinks:open.links.example.com (openInAppDomain): applinks:open.links.example.com",
                "ok   entitlement webcredentials:links.example.com: webcredentials:links.example.com?mode=developer (alternate mode: only development-signed builds on devices in that mode; remove it before the App Store)",
                "links.example.com: all 18 checks pass",
            ])
    }

    @Test(
        "a certificate the CA did not sign, or one for another host, fails the TLS check; the rest is still examined",
        arguments: [
            (
                "wrong.example.com", true,
                "FAIL tls: the certificate does not name links.example.com (SSL: no alternative certificate subject name matches target host name 'links.example.com'); Apple's CDN refuses it. Fix: serve a certificate from a public CA (Let's Encrypt, for one) whose subjectAltName lists links.example.com, with its intermediates"
            ),
            (
                "links.example.com", false,
                "FAIL tls: the certificate is not trusted (SSL certificate problem: unable to get local issuer certificate); Apple's CDN refuses it. Fix: serve a certificate from a public CA (Let's Encrypt, for one) whose subjectAltName lists links.example.com, with its intermediates"
            ),
        ])
    func certificate(certifiedHost: String, trusted: Bool, finding: String) throws {
        let site = try DoctorSite(for: certifiedHost)
        defer { site.remove() }
        let result = try doctor(port: site.port, certificates: site.certificates, trusted: trusted)
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == finding)
        #expect(lines.contains("ok   components: the 10 the table generates for links.example.com"))
        #expect(lines.last == "links.example.com: 1 of 15 checks fail")
    }

    @Test(
        "a stale deployment (another table served) fails where the file differs from what the table generates",
        arguments: [
            (
                "path: c/$(id)", "path: station/$(id)",
                [
                    #"FAIL components: a stale deployment: 10 served, 10 generated; #1 is {"/":"/station/*/?*","comment":"charger: deeper paths do not match","exclude":true} where the table generates {"/":"/c/*/?*","comment":"charger: deeper paths do not match","exclude":true}. Fix: deploy the current table (deeplinkd serve reloads it on SIGHUP or with --watch), or serve the output of deeplinkd aasa --domain links.example.com"#,
                    "FAIL route charger: https://links.example.com/c/x does not open ABCDE12345.com.polarisexpress.expresscan: no component matches it. Fix: deploy the AASA the table generates (deeplinkd aasa --domain links.example.com)",
                ]
            ),
            (
                "appIDs: [ABCDE12345.com.polarisexpress.expresscan]", "appIDs: [ABCDE12345.com.polarisexpress.old]",
                [
                    "FAIL app IDs: applinks does not list ABCDE12345.com.polarisexpress.expresscan and lists ABCDE12345.com.polarisexpress.old, which the table does not. Fix: deploy the current table (deeplinkd serve reloads it on SIGHUP or with --watch), or serve the output of deeplinkd aasa --domain links.example.com",
                    "FAIL webcredentials: webcredentials.apps does not list ABCDE12345.com.polarisexpress.expresscan. Fix: deploy the current table (deeplinkd serve reloads it on SIGHUP or with --watch), or serve the output of deeplinkd aasa --domain links.example.com",
                ]
                    + [
                        "charger: https://links.example.com/c/x", "charger alias charger/$(id): https://links.example.com/charger/x",
                        "magicEmailSignIn: https://links.example.com/m/xxxxxxxxxxxxxxxx",
                        "userQrSignIn: https://links.example.com/u/xxxx", "registrationError: https://links.example.com/auth/callback?error=x",
                        "registrationCallback: https://links.example.com/auth/callback?code=x",
                    ].map {
                        "FAIL route \($0) does not open ABCDE12345.com.polarisexpress.expresscan: no applinks entry lists the app. Fix: deploy the AASA the table generates (deeplinkd aasa --domain links.example.com)"
                    }
            ),
        ])
    func stale(original: String, replacement: String, findings: [String]) throws {
        let scratch = try ScratchDirectory("stale")
        defer { scratch.remove() }
        let site = try DoctorSite(["--config", try table(original, replacement, in: scratch)])
        defer { site.remove() }
        let result = try doctor(port: site.port, certificates: site.certificates)
        #expect(result.status == 1)
        let failures = result.output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("FAIL") }
        #expect(failures == findings)
    }

    @Test(
        "broken HTTP answers each give their finding",
        arguments: [
            (
                FakeLinkDomain.Mode.redirect,
                "FAIL redirect: the answer is a 301 redirect to https://www.links.example.com/.well-known/apple-app-site-association, and Apple's CDN follows no redirect. Fix: serve the file itself at https://links.example.com/.well-known/apple-app-site-association: exempt it from host, HTTPS, trailing-slash and login redirects"
            ),
            (
                .textPlain,
                "FAIL content-type: Content-Type is 'text/plain', not application/json. Fix: send Content-Type: application/json for /.well-known/apple-app-site-association"
            ),
            (
                .html,
                "FAIL content-type: Content-Type is 'text/html', not application/json. Fix: send Content-Type: application/json for /.well-known/apple-app-site-association\nFAIL json: the body is not JSON (line 1, column 1: '<' where a value belongs), so neither Apple's CDN nor iOS can read it. Fix: serve the file the table generates (deeplinkd aasa)"
            ),
            (
                .notFound,
                "FAIL status: the answer is 404, not 200; Apple's CDN caches the failure and devices get no Universal Links. Fix: serve the file with 200 to any client (no login, WAF or bot rule may refuse the user agent AASA-Bot/1.0.0)"
            ),
            (
                .tooLarge,
                "FAIL size: the body is over 131072 bytes, and iOS drops larger files. Fix: serve the file the table generates (deeplinkd aasa), or fewer, broader components"
            ),
        ])
    func brokenAnswers(mode: FakeLinkDomain.Mode, finding: String) throws {
        let certificates = try DoctorCertificates()
        defer { certificates.remove() }
        let aasa = try Deeplinkd.run(["aasa"]).output
        let domain = try FakeLinkDomain(serving: [FakeLinkDomain.aasaPath: Array(aasa.utf8)], mode, certificates: certificates)
        try #require(domain.port > 0)
        let result = try doctor(port: domain.port, certificates: certificates)
        #expect(result.status == 1)
        let failures = result.output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("FAIL") }
        #expect(failures == finding.split(separator: "\n").map(String.init), "\(result.output)")
    }

    @Test("an entitlements file without the table's domain fails for each service the table uses")
    func entitlementsWithoutTheDomain() throws {
        let site = try DoctorSite()
        defer { site.remove() }
        let (result, entitlements) = try doctor(site, entitlements: ["applinks:links.example.org", "webcredentials:*.example.com"])
        #expect(result.status == 1)
        let failures = result.output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("FAIL") }
        #expect(
            failures == [
                "FAIL entitlement applinks:links.example.com: \(entitlements) does not name it, so iOS never opens its links in the app. Fix: add applinks:links.example.com to com.apple.developer.associated-domains (Signing & Capabilities > Associated Domains)",
                "FAIL entitlement applinks:open.links.example.com (openInAppDomain): \(entitlements) does not name it, so iOS never opens its links in the app, and the landing pages' Open in ExpresScan button, which links there, stays in Safari. Fix: add applinks:open.links.example.com to com.apple.developer.associated-domains (Signing & Capabilities > Associated Domains)",
            ])
        #expect(result.output.contains("ok   entitlement webcredentials:links.example.com: webcredentials:*.example.com\n"))
    }

    @Test("an entitlements file that names the link domain but not the openInAppDomain fails for it alone, naming the button")
    func entitlementsWithoutTheOpenInAppDomain() throws {
        let site = try DoctorSite()
        defer { site.remove() }
        let (result, entitlements) = try doctor(site, entitlements: ["applinks:links.example.com", "webcredentials:links.example.com"])
        #expect(result.status == 1)
        #expect(
            result.output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("FAIL") } == [
                "FAIL entitlement applinks:open.links.example.com (openInAppDomain): \(entitlements) does not name it, so iOS never opens its links in the app, and the landing pages' Open in ExpresScan button, which links there, stays in Safari. Fix: add applinks:open.links.example.com to com.apple.developer.associated-domains (Signing & Capabilities > Associated Domains)"
            ])
        let wildcard = try doctor(site, entitlements: ["applinks:*.example.com", "webcredentials:links.example.com"])
        #expect(wildcard.0.status == 0, "\(wildcard.0.output)")
    }

    @Test("with App Clips, doctor checks the appclips section and the appclips: entitlement (which takes no wildcard)")
    func appClips() throws {
        let config = "Tests/DeepLinkAASATests/Golden/appclip.yaml"
        let site = try DoctorSite(["--config", config])
        defer { site.remove() }
        let (result, without) = try doctor(
            site, entitlements: ["applinks:links.example.com", "webcredentials:links.example.com", "appclips:*.example.com"], ["--config", config])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("ok   appclips: ABCDE12345.com.polarisexpress.expresscan.Clip"))
        #expect(
            lines.filter { $0.hasPrefix("FAIL") } == [
                "FAIL entitlement appclips:links.example.com: \(without) does not name it, so iOS never offers the App Clip for its links. Fix: add appclips:links.example.com to com.apple.developer.associated-domains (Signing & Capabilities > Associated Domains)"
            ])
        let with = try doctor(
            site, entitlements: ["applinks:links.example.com", "webcredentials:links.example.com", "appclips:links.example.com"], ["--config", config])
        #expect(with.0.status == 0)
    }

    @Test("doctor takes only an https://HOST URL")
    func badURL() throws {
        for url in ["http://links.example.com", "https://links.example.com/path", "https://user@links.example.com"] {
            let result = try Deeplinkd.run(["doctor", url])
            #expect(result.status == 64, "\(url)")
        }
        #expect(
            try Deeplinkd.run(["doctor", "http://links.example.com"]).error.contains(
                "Error: 'http://links.example.com' is not an https:// URL: Apple fetches the AASA over HTTPS only"))
    }
}
