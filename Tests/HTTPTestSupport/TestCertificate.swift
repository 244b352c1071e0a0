import Foundation
package import MicroHTTP

/// A throw-away self-signed certificate for localhost, valid one day, made with openssl at test time.
package struct TestCertificate: Sendable {
    /// The key type the certificate is made for; it decides which TLS 1.2 suites a server can offer with it.
    package enum Kind: String, Sendable {
        /// An ECDSA key on P-256: ECDHE-ECDSA suites.
        case ecdsa
        /// A 2048-bit RSA key: ECDHE-RSA suites, and RSA key exchange where a server allows it.
        case rsa
    }

    /// The directory holding both files; ``remove()`` deletes it.
    package let directory: String
    /// The certificate's PEM file.
    package let certificatePath: String
    /// The unencrypted private key's PEM file.
    package let keyPath: String

    /// Makes a key of `kind` and a certificate for it in a new temporary directory.
    package init(_ kind: Kind) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinkd-cert-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        certificatePath = directory + "/cert.pem"
        keyPath = directory + "/key.pem"
        let key = kind == .ecdsa ? ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"] : ["-newkey", "rsa:2048"]
        let made = try OpenSSLTool.run(
            ["req", "-x509"] + key + ["-nodes", "-days", "1", "-subj", "/CN=localhost", "-keyout", keyPath, "-out", certificatePath])
        guard made.status == 0 else {
            remove()
            throw OpenSSLTool.Failure(description: "openssl req exited with \(made.status): \(made.errors)")
        }
    }

    /// The certificate and key as MicroHTTP takes them.
    package func credentials() throws -> HTTPServer.TLSCredentials {
        HTTPServer.TLSCredentials(
            certificatePEM: try String(contentsOfFile: certificatePath, encoding: .utf8), keyPEM: try String(contentsOfFile: keyPath, encoding: .utf8))
    }

    /// Deletes both files.
    package func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }
}
