import ArgumentParser
import MicroHTTP

/// `serve`'s options for how HTTPS is offered: the GnuTLS priority string and HSTS.
struct TLSPolicyOptions: ParsableArguments {
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

    /// Refuses HSTS without TLS or out of range, and a priority string GnuTLS refuses, before anything starts.
    func validate(servingTLS: Bool) throws {
        if let hsts {
            guard servingTLS else { throw ValidationError("--hsts needs --tls-cert and --tls-key: browsers ignore HSTS over plain HTTP") }
            guard (0...Int(Int32.max)).contains(hsts) else { throw ValidationError("--hsts must be 0...\(Int32.max) seconds, not \(hsts)") }
        } else if hstsIncludeSubdomains {
            throw ValidationError("--hsts-include-subdomains needs --hsts")
        }
        if tlsPriorities != nil, !servingTLS { throw ValidationError("--tls-priorities needs --tls-cert and --tls-key") }
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
}
