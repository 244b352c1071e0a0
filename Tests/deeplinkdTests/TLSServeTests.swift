import Foundation
import HTTPTestSupport
import Testing

@testable import deeplinkd

@Suite("deeplinkd serve over TLS, in process: profile, resumption, HSTS", .hangLimit)
struct TLSServeTests {
    @Test("the default profile refuses TLS 1.1 and CBC, resumes TLS 1.3 sessions and sends HSTS when asked")
    func profileAndHSTS() throws {
        let certificate = try TestCertificate(.ecdsa)
        defer { certificate.remove() }
        let server = try LiveServer([
            "--tls-cert", certificate.certificatePath, "--tls-key", certificate.keyPath, "--hsts", "31536000", "--hsts-include-subdomains",
        ])
        defer { server.stop() }
        #expect(try !TLSProbe.connect(port: server.port, ["-tls1_1", "-cipher", "DEFAULT:@SECLEVEL=0"]).isAccepted)
        #expect(try !TLSProbe.connect(port: server.port, ["-tls1_2", "-cipher", "ECDHE-ECDSA-AES128-SHA:ECDHE-ECDSA-AES128-SHA256"]).isAccepted)

        let session = certificate.directory + "/session.pem"
        let first = try TLSProbe.connect(port: server.port, ["-tls1_3"], path: "/healthz", sessionOut: session)
        #expect(first.protocolVersion == "TLSv1.3" && !first.isResumed)
        let returning = try TLSProbe.connect(port: server.port, ["-tls1_3"], path: "/healthz", sessionIn: session)
        #expect(returning.protocolVersion == "TLSv1.3" && returning.isResumed)
        #expect(returning.transcript.contains("HTTP/1.1 200 OK"))

        for path in ["/.well-known/apple-app-site-association", "/no-such-page"] {
            let answer = try TLSProbe.connect(port: server.port, [], path: path).transcript
            #expect(answer.contains("\r\nStrict-Transport-Security: max-age=31536000; includeSubDomains\r\n"), "\(path)")
        }
    }

    @Test("serves HTTPS with a certificate and key, says so in its serving line, and without --hsts sends no Strict-Transport-Security")
    func noHSTSByDefault() throws {
        let certificate = try TestCertificate(.ecdsa)
        defer { certificate.remove() }
        let server = try LiveServer(["--tls-cert", certificate.certificatePath, "--tls-key", certificate.keyPath])
        defer { server.stop() }
        let answer = try TLSProbe.connect(port: server.port, [], path: "/.well-known/apple-app-site-association").transcript
        #expect(answer.contains("HTTP/1.1 200 OK\r\n"))
        #expect(answer.contains("Content-Type: application/json\r\n"))
        #expect(!answer.lowercased().contains("strict-transport-security"))
        #expect(server.output.contains("\"url\":\"https://127.0.0.1:\(server.port)\""))
    }

    @Test(
        "TLS options that cannot work are refused before anything starts",
        arguments: [
            (["--hsts", "60"], false, "--hsts needs --tls-cert and --tls-key: browsers ignore HSTS over plain HTTP"),
            (["--hsts-include-subdomains"], true, "--hsts-include-subdomains needs --hsts"),
            (["--hsts=-1"], true, "--hsts must be 0...2147483647 seconds, not -1"),
            (["--tls-priorities", "NORMAL"], false, "--tls-priorities needs --tls-cert and --tls-key"),
            (["--tls-priorities", "NORMAL:+NOPE"], true, "--tls-priorities 'NORMAL:+NOPE' is refused by GnuTLS at '+NOPE': The request is invalid."),
            (["--tls-priorities", "NONE"], true, "--tls-priorities 'NONE' is refused by GnuTLS: No or insufficient priorities were set."),
        ])
    func badOptions(arguments: [String], withCertificate: Bool, message: String) throws {
        let tls = withCertificate ? ["--tls-cert", "cert.pem", "--tls-key", "key.pem"] : []
        let result = try Deeplinkd.run(["serve", "--port", "0"] + tls + arguments)
        #expect(result.status == 64)
        #expect(result.error.contains("Error: \(message)\n"), "\(result.error)")
    }
}
