import ArgumentParser
import Foundation
import MicroHTTP

/// `serve`'s HTTPS options: the certificate and key, the GnuTLS priority string and HSTS.
struct TLSOptions: ParsableArguments {
    @Option(help: "PEM certificate chain, to serve HTTPS.")
    var tlsCert: String?

    @Option(help: "PEM private key for --tls-cert.")
    var tlsKey: String?

    @Option(
        help: ArgumentHelp(
            "GnuTLS priority string for --tls-cert (default: Mozilla's intermediate profile, TLS 1.2 and 1.3 with ECDHE and AEAD suites only).",
            valueName: "string"))
    var tlsPriorities: String?

    @Option(
        help: ArgumentHelp("Send Strict-Transport-Security: max-age=SECONDS on every HTTPS answer (off by default; needs --tls-cert).", valueName: "seconds"))
    var hsts: Int?

    @Flag(help: "Add includeSubDomains to --hsts.")
    var hstsIncludeSubdomains = false

    /// Whether these options serve HTTPS.
    var isServingTLS: Bool { tlsCert != nil }

    /// Refuses a certificate without its key (or the other way round), HSTS without TLS or out of range, and a
    /// priority string GnuTLS refuses, before anything starts. Not `validate()`: `serve` calls it first, before its
    /// other checks.
    func check() throws {
        if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together") }
        if let hsts {
            guard isServingTLS else { throw ValidationError("--hsts needs --tls-cert and --tls-key: browsers ignore HSTS over plain HTTP") }
            guard (0...Int(Int32.max)).contains(hsts) else { throw ValidationError("--hsts must be 0...\(Int32.max) seconds, not \(hsts)") }
        } else if hstsIncludeSubdomains {
            throw ValidationError("--hsts-include-subdomains needs --hsts")
        }
        if tlsPriorities != nil, !isServingTLS { throw ValidationError("--tls-priorities needs --tls-cert and --tls-key") }
        if let tlsPriorities, let refusal = policy.prioritiesRefusal {
            throw ValidationError("--tls-priorities '\(tlsPriorities)' \(refusal)")
        }
    }

    /// The policy these options describe.
    var policy: HTTPServer.TLSPolicy {
        var policy = HTTPServer.TLSPolicy()
        if let tlsPriorities { policy.priorities = tlsPriorities }
        policy.strictTransportSecurity = hsts.map { HTTPServer.StrictTransportSecurity(maxAge: $0, includesSubdomains: hstsIncludeSubdomains) }
        return policy
    }

    /// The certificate and key read from their files; nil without `--tls-cert`.
    func credentials() throws -> HTTPServer.TLSCredentials? {
        guard let tlsCert, let tlsKey else { return nil }
        do {
            return HTTPServer.TLSCredentials(
                certificatePEM: try String(contentsOfFile: tlsCert, encoding: .utf8), keyPEM: try String(contentsOfFile: tlsKey, encoding: .utf8))
        } catch {
            throw ValidationError("cannot read the TLS certificate or key: \(error.localizedDescription)")
        }
    }
}
