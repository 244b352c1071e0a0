import ArgumentParser
import Foundation

/// `doctor`'s options for how it reaches the domain: whom to trust and where to connect.
struct DoctorConnectionOptions: ParsableArguments {
    @Option(help: "PEM file of CA certificates to trust instead of the system's.")
    var cacert: String?

    @Option(name: .customLong("connect-to"), help: "ADDRESS:PORT to connect to instead of HOST (a server not yet in DNS).")
    var connectTo: String?

    /// `--connect-to` in curl's form: any host and port of the request go to ADDRESS:PORT.
    var curlConnectTo: String? {
        connectTo.map { "::" + $0 }
    }

    /// Refuses a `--cacert` that cannot be read or holds no PEM certificate, as doctor's own input error: left to
    /// libcurl, it would read as a TLS failure of the server. Each certificate block must hold base64 of a DER
    /// sequence; what libcurl still cannot load is reported by the doctor as the same kind of error.
    func checkCACertificates() throws {
        guard let cacert else { return }
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(cacert)
        } catch {
            throw ValidationError("--cacert: \(error)")
        }
        let blocks = String(decoding: bytes, as: UTF8.self).components(separatedBy: "-----BEGIN CERTIFICATE-----").dropFirst()
        guard !blocks.isEmpty else {
            throw ValidationError("--cacert \(cacert): no PEM certificate in it (no -----BEGIN CERTIFICATE----- line); give the CA certificates in PEM form")
        }
        for (number, block) in blocks.enumerated() {
            let base64 = (block.components(separatedBy: "-----END CERTIFICATE-----").first ?? "").filter { !$0.isWhitespace }
            guard block.contains("-----END CERTIFICATE-----"), Data(base64Encoded: base64)?.first == 0x30 else {
                throw ValidationError(
                    "--cacert \(cacert): PEM block \(number + 1) is not a certificate (base64 of a DER certificate between BEGIN and END lines)")
            }
        }
    }
}
