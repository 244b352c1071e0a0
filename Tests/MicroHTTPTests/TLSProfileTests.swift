import Foundation
import HTTPTestSupport
import MicroHTTP
import Testing

@Suite("The TLS profile: Mozilla intermediate and session resumption")
struct TLSProfileTests {
    /// Serves HTTPS with a fresh certificate of `kind` and `policy`, and runs `body` with the server's port.
    static func withServer(_ kind: TestCertificate.Kind, _ policy: HTTPServer.TLSPolicy = HTTPServer.TLSPolicy(), _ body: (Int) throws -> Void) throws {
        let certificate = try TestCertificate(kind)
        defer { certificate.remove() }
        var configuration = TestServer.configuration()
        configuration.tls = try certificate.credentials()
        configuration.tlsPolicy = policy
        try TestServer.with(configuration, handler: { _ in .response(HTTPResponse(status: 200, body: "ok")) }) { server in
            try body(server.boundPort)
        }
    }

    /// GnuTLS's own defaults, which offer everything the profile leaves out: a probe refused by the profile must be
    /// accepted here, or the probe itself (not the server) is what fails.
    static let permissive = HTTPServer.TLSPolicy(priorities: "NORMAL")

    @Test(
        "deprecated protocols and suites are refused, though GnuTLS's defaults would take them",
        arguments: [
            (TestCertificate.Kind.ecdsa, ["-tls1", "-cipher", "DEFAULT:@SECLEVEL=0"]),
            (.ecdsa, ["-tls1_1", "-cipher", "DEFAULT:@SECLEVEL=0"]),
            (.ecdsa, ["-tls1_2", "-cipher", "ECDHE-ECDSA-AES128-SHA:ECDHE-ECDSA-AES256-SHA:ECDHE-ECDSA-AES128-SHA256:ECDHE-ECDSA-AES256-SHA384"]),
            (.rsa, ["-tls1_2", "-cipher", "ECDHE-RSA-AES128-SHA:ECDHE-RSA-AES256-SHA:ECDHE-RSA-AES128-SHA256:ECDHE-RSA-AES256-SHA384"]),
            (.rsa, ["-tls1_2", "-cipher", "AES128-GCM-SHA256:AES256-GCM-SHA384:AES128-SHA:AES256-SHA:AES128-SHA256"]),
            (.ecdsa, ["-tls1_3", "-ciphersuites", "TLS_AES_128_CCM_SHA256"]),
        ])
    func refusesWhatTheProfileLeavesOut(kind: TestCertificate.Kind, options: [String]) throws {
        try Self.withServer(kind) { port in
            let probe = try TLSProbe.connect(port: port, options)
            #expect(!probe.isAccepted, "agreed on \(probe.protocolVersion ?? "-") \(probe.cipher ?? "-")")
        }
        try Self.withServer(kind, Self.permissive) { port in
            let probe = try TLSProbe.connect(port: port, options)
            #expect(probe.isAccepted, "the probe itself cannot connect to a permissive server: \(probe.transcript)")
        }
    }

    @Test(
        "TLS 1.3 and TLS 1.2 with ECDHE and an AEAD suite are accepted and answered",
        arguments: [
            (TestCertificate.Kind.ecdsa, ["-tls1_3"], "TLSv1.3", "TLS_AES_256_GCM_SHA384"),
            (.ecdsa, ["-tls1_3", "-ciphersuites", "TLS_CHACHA20_POLY1305_SHA256"], "TLSv1.3", "TLS_CHACHA20_POLY1305_SHA256"),
            (.ecdsa, ["-tls1_2", "-cipher", "ECDHE-ECDSA-AES128-GCM-SHA256"], "TLSv1.2", "ECDHE-ECDSA-AES128-GCM-SHA256"),
            (.ecdsa, ["-tls1_2", "-cipher", "ECDHE-ECDSA-CHACHA20-POLY1305"], "TLSv1.2", "ECDHE-ECDSA-CHACHA20-POLY1305"),
            (.rsa, ["-tls1_2", "-cipher", "ECDHE-RSA-AES128-GCM-SHA256"], "TLSv1.2", "ECDHE-RSA-AES128-GCM-SHA256"),
        ])
    func acceptsTheProfile(kind: TestCertificate.Kind, options: [String], version: String, cipher: String) throws {
        try Self.withServer(kind) { port in
            let probe = try TLSProbe.connect(port: port, options)
            #expect(probe.protocolVersion == version)
            #expect(probe.cipher == cipher)
            #expect(probe.transcript.contains("HTTP/1.1 200 OK"))
        }
    }

    @Test(
        "of every TLS 1.2 suite openssl offers, only the ECDHE AEAD ones are accepted",
        arguments: [
            (TestCertificate.Kind.ecdsa, ["ECDHE-ECDSA-AES128-GCM-SHA256", "ECDHE-ECDSA-AES256-GCM-SHA384", "ECDHE-ECDSA-CHACHA20-POLY1305"]),
            (.rsa, ["ECDHE-RSA-AES128-GCM-SHA256", "ECDHE-RSA-AES256-GCM-SHA384", "ECDHE-RSA-CHACHA20-POLY1305"]),
        ])
    func acceptsExactlyTheProfileSuites(kind: TestCertificate.Kind, expected: [String]) throws {
        let suites = try TLSProbe.clientSuitesForTLS12()
        #expect(suites.count > 30, "openssl lists only \(suites)")
        try Self.withServer(kind) { port in
            let accepted = try suites.filter { try TLSProbe.connect(port: port, ["-tls1_2", "-cipher", "\($0):@SECLEVEL=0"]).isAccepted }
            #expect(accepted.sorted() == expected.sorted())
        }
    }

    @Test(
        "a returning client resumes its session with a ticket, unless resumption is off",
        arguments: [("-tls1_3", true), ("-tls1_2", true), ("-tls1_3", false), ("-tls1_2", false)])
    func resumesSessions(version: String, resumesSessions: Bool) throws {
        let session = FileManager.default.temporaryDirectory.appendingPathComponent("tls-session-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: session) }
        try Self.withServer(.ecdsa, HTTPServer.TLSPolicy(resumesSessions: resumesSessions)) { port in
            let first = try TLSProbe.connect(port: port, [version], sessionOut: session)
            #expect(first.isAccepted && !first.isResumed)
            #expect(first.transcript.contains("TLS session ticket:") == resumesSessions)
            // Without a ticket openssl saves no TLS 1.3 session at all: there is nothing to offer back.
            guard FileManager.default.fileExists(atPath: session) else {
                #expect(!resumesSessions && version == "-tls1_3")
                return
            }
            for _ in 0..<3 {
                let returning = try TLSProbe.connect(port: port, [version], sessionIn: session)
                #expect(returning.protocolVersion == first.protocolVersion)
                #expect(returning.isResumed == resumesSessions)
                #expect(returning.transcript.contains("HTTP/1.1 200 OK"))
            }
        }
    }
}
