import Foundation
import Testing

@testable import deeplinkd

@Suite("deeplinkd doctor against good and broken Android deployments", .serialized)
struct DoctorAndroidTests {
    static let release = "3B:7A:0C:D4:19:E2:56:81:AF:4C:92:6D:E0:17:B8:35:C9:04:FA:62:1E:8D:73:A5:D0:4B:E9:26:7F:13:C8:5A"
    static let debug = "A1:96:2F:44:0B:D8:7C:E3:15:6A:B0:39:D2:84:F7:1C:60:E5:2A:9B:47:C3:08:DE:71:B5:3F:92:6C:0A:E8:14"

    /// The default table without its `android:` section, for the Apple-only doctor tests.
    static func tableWithoutAndroid(_ certificates: DoctorCertificates) throws -> String {
        let text = try String(contentsOf: Deeplinkd.root.appendingPathComponent("config/deeplinkd.yaml"), encoding: .utf8)
        guard let start = text.range(of: "android:\n"), let end = text.range(of: "routes:", range: start.upperBound..<text.endIndex) else { return "" }
        return try certificates.write(text.replacingCharacters(in: start.lowerBound..<end.lowerBound, with: ""), to: "no-android-\(UUID().uuidString).yaml")
    }

    /// A link domain serving the AASA the table generates and `assetLinks`, answering the latter as `mode` says.
    static func domain(serving assetLinks: String, _ mode: FakeLinkDomain.Mode = .asIs, certificates: DoctorCertificates) throws -> FakeLinkDomain {
        let aasa = try Deeplinkd.run(["aasa"]).output
        return try FakeLinkDomain(
            serving: [FakeLinkDomain.aasaPath: Array(aasa.utf8), FakeLinkDomain.assetLinksPath: Array(assetLinks.utf8)], mode,
            at: FakeLinkDomain.assetLinksPath, certificates: certificates)
    }

    func doctor(port: Int, certificates: DoctorCertificates, _ arguments: [String] = []) throws -> (status: Int32, lines: [String]) {
        let result = try Deeplinkd.run(
            ["doctor", "https://\(DoctorTests.host)", "--connect-to", "127.0.0.1:\(port)", "--cacert", certificates.caPath] + arguments)
        return (result.status, result.output.split(separator: "\n").map(String.init))
    }

    @Test("the real server passes every Android check, the APK certificates of apksigner and keytool included, and doctor prints the adb commands")
    func healthy() throws {
        let site = try DoctorSite()
        defer { site.remove() }
        let apksigner = try site.certificates.write(
            "Signer #1 certificate DN: CN=ExpresScan\nSigner #1 certificate SHA-256 digest: \(Self.release.replacingOccurrences(of: ":", with: "").lowercased())\nSigner #1 certificate SHA-1 digest: 0a1b\n",
            to: "apksigner.txt")
        let keytool = try site.certificates.write(
            "Certificate fingerprints:\n\t SHA1: 0A:1B\n\t SHA256: \(Self.debug)\nSignature algorithm name: SHA256withRSA\n", to: "keytool.txt")
        let result = try doctor(port: site.port, certificates: site.certificates, ["--apk-cert", apksigner, "--apk-cert", keytool])
        #expect(result.status == 0, "\(result.lines)")
        let android = result.lines.filter { $0.contains(" android ") || $0.hasPrefix("on a device") }
        #expect(
            android == [
                "ok   android tls: the certificate is trusted and names links.example.com", "ok   android redirect: none", "ok   android status: 200",
                "ok   android content-type: application/json", "ok   android size: 1765 bytes", "ok   android json: a statement list (2 apps)",
                "ok   android package com.polarisexpress.expresscan: listed", "ok   android fingerprints com.polarisexpress.expresscan: 1 listed",
                "ok   android dynamic rules com.polarisexpress.expresscan: the 16 the table generates for links.example.com",
                "ok   android package com.polarisexpress.expresscan.debug: listed", "ok   android fingerprints com.polarisexpress.expresscan.debug: 1 listed",
                "ok   android dynamic rules com.polarisexpress.expresscan.debug: the 16 the table generates for links.example.com",
                "ok   android apk certificate \(Self.release): listed for com.polarisexpress.expresscan",
                "ok   android apk certificate \(Self.debug): listed for com.polarisexpress.expresscan.debug",
                "on a device: adb shell pm verify-app-links --re-verify com.polarisexpress.expresscan",
                "on a device: adb shell pm get-app-links com.polarisexpress.expresscan",
                "on a device: adb shell pm verify-app-links --re-verify com.polarisexpress.expresscan.debug",
                "on a device: adb shell pm get-app-links com.polarisexpress.expresscan.debug",
            ])
        #expect(result.lines.last == "links.example.com: all 29 checks pass")
    }

    @Test(
        "a redirect, a lower-case fingerprint, a missing package and stale rules each give their finding",
        arguments: [
            (
                "redirect",
                [
                    "FAIL android redirect: the answer is a 301 redirect to https://www.links.example.com/.well-known/assetlinks.json, and Android's verifier follows no redirect, so no link verifies. Fix: serve the file itself at https://links.example.com/.well-known/assetlinks.json: exempt it from host, HTTPS and trailing-slash redirects"
                ]
            ),
            (
                "lower-case",
                [
                    "FAIL android fingerprints com.polarisexpress.expresscan: \(release.lowercased()) is in lower case; Android compares fingerprints upper-case, so it matches no certificate. Fix: deploy the current table (deeplinkd serve reloads it on SIGHUP or with --watch), or serve the output of deeplinkd assetlinks --domain links.example.com"
                ]
            ),
            (
                "missing package",
                [
                    "FAIL android package com.polarisexpress.expresscan.debug: the file has no statement for com.polarisexpress.expresscan.debug (it lists com.polarisexpress.expresscan), so Android verifies none of its links. Fix: deploy the current table (deeplinkd serve reloads it on SIGHUP or with --watch), or serve the output of deeplinkd assetlinks --domain links.example.com"
                ]
            ),
            (
                "stale rules",
                ["com.polarisexpress.expresscan", "com.polarisexpress.expresscan.debug"].map {
                    #"FAIL android dynamic rules \#($0): out of date: 16 served, 16 generated; #1 is {"/":"/station/*/?*","exclude":true} where the table generates {"/":"/c/*/?*","exclude":true}. Fix: deploy the current table (deeplinkd serve reloads it on SIGHUP or with --watch), or serve the output of deeplinkd assetlinks --domain links.example.com"#
                }
            ),
        ] as [(String, [String])])
    func broken(deployment: String, findings: [String]) throws {
        let certificates = try DoctorCertificates()
        defer { certificates.remove() }
        var generated = try Deeplinkd.run(["assetlinks"]).output
        switch deployment {
        case "lower-case": generated = generated.replacingOccurrences(of: Self.release, with: Self.release.lowercased())
        case "missing package":
            let statements = try #require(try JSONSerialization.jsonObject(with: Data(generated.utf8)) as? [Any])
            generated = String(decoding: try JSONSerialization.data(withJSONObject: [statements[0]]), as: UTF8.self)
        case "stale rules": generated = generated.replacingOccurrences(of: "/c/", with: "/station/")
        default: break
        }
        let domain = try Self.domain(serving: generated, deployment == "redirect" ? .redirect : .asIs, certificates: certificates)
        try #require(domain.port > 0)
        let result = try doctor(port: domain.port, certificates: certificates)
        #expect(result.status == 1)
        #expect(result.lines.filter { $0.hasPrefix("FAIL") } == findings, "\(result.lines)")
    }

    @Test("an APK certificate no statement lists fails, and a file that is no certificate output is an error")
    func apkCertificate() throws {
        let certificates = try DoctorCertificates()
        defer { certificates.remove() }
        let domain = try Self.domain(serving: try Deeplinkd.run(["assetlinks"]).output, certificates: certificates)
        let other = Array(repeating: "0F", count: 32).joined(separator: ":")
        let keytool = try certificates.write("\t SHA256: \(other)\n", to: "other.txt")
        let result = try doctor(port: domain.port, certificates: certificates, ["--apk-cert", keytool])
        #expect(
            result.lines.filter { $0.hasPrefix("FAIL") } == [
                "FAIL android apk certificate \(other): no statement lists it, so an APK signed with it opens no App Link (with Play App Signing, the certificate on devices is Play's). Fix: add it to the app's sha256CertFingerprints in the table and deploy"
            ])
        let empty = try certificates.write("no fingerprint here\n", to: "empty.txt")
        let refused = try Deeplinkd.run([
            "doctor", "https://\(DoctorTests.host)", "--connect-to", "127.0.0.1:\(domain.port)", "--cacert", certificates.caPath, "--apk-cert", empty,
        ])
        #expect(refused.status == 1)
        #expect(
            refused.error.contains(
                "\(empty) holds no SHA-256 fingerprint: give the output of apksigner verify --print-certs APK or keytool -printcert -jarfile APK"))
    }
}
