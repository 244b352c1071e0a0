import Foundation
import MicroHTTP
import Testing

@Suite("Serving HTTPS")
struct TLSTests {
    /// Makes a throw-away self-signed P-256 certificate for localhost, valid one day.
    static func selfSignedCredentials() throws -> HTTPServer.TLSCredentials {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("microhttp-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let certificate = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        _ = try ExternalTool.run(
            "openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                "-subj", "/CN=localhost", "-keyout", key, "-out", certificate,
            ])
        return HTTPServer.TLSCredentials(
            certificatePEM: try String(contentsOfFile: certificate, encoding: .utf8),
            keyPEM: try String(contentsOfFile: key, encoding: .utf8)
        )
    }

    @Test("a request over HTTPS is answered and reported as TLS")
    func httpsIsServed() throws {
        var configuration = TestServer.configuration()
        configuration.tls = try Self.selfSignedCredentials()
        try TestServer.with(
            configuration,
            handler: { request in
                .response(HTTPResponse(status: 203, body: "secure=\(request.isTLS) \(request.target)"))
            }
        ) { server in
            let output = try ExternalTool.run(
                "curl",
                [
                    "-sk", "--max-time", "10", "-o", "-", "-w", "\n%{http_code}",
                    "https://127.0.0.1:\(server.boundPort)/tls?x=%41",
                ])
            #expect(output == "secure=true /tls?x=%41\n203")
        }
    }
}
