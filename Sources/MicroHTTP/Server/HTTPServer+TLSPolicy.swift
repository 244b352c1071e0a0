extension HTTPServer {
    /// How HTTPS is offered: the protocol versions and cipher suites, session resumption and HSTS.
    ///
    /// Read only when ``Configuration/tls`` is set, except that HSTS without TLS is a configuration problem.
    package struct TLSPolicy: Sendable, Equatable {
        /// Mozilla's "intermediate" profile as a GnuTLS priority string: TLS 1.2 and 1.3 only, ECDHE key exchange
        /// only (no RSA key transport, no finite-field DHE), AEAD suites only (AES-GCM and ChaCha20-Poly1305, no CBC),
        /// and the X25519, P-256 and P-384 groups. The client picks among these suites, all of which are strong.
        ///
        /// `gnutls-cli --priority '…' -l` lists the 9 suites it enables: TLS_AES_128_GCM_SHA256,
        /// TLS_AES_256_GCM_SHA384 and TLS_CHACHA20_POLY1305_SHA256 under TLS 1.3, and ECDHE-ECDSA and ECDHE-RSA with
        /// AES-128-GCM, AES-256-GCM and ChaCha20-Poly1305 under TLS 1.2.
        package static let intermediatePriorities =
            "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2:-KX-ALL:+ECDHE-ECDSA:+ECDHE-RSA"
            + ":-CIPHER-ALL:+AES-128-GCM:+AES-256-GCM:+CHACHA20-POLY1305:-MAC-ALL:+AEAD"
            + ":-GROUP-ALL:+GROUP-X25519:+GROUP-SECP256R1:+GROUP-SECP384R1"

        /// The GnuTLS priority string (`man gnutls_priority_init`); ``intermediatePriorities`` by default.
        package var priorities: String
        /// Whether returning clients may resume their session with a ticket instead of a full handshake; true by
        /// default. The ticket key is random, made when the server is created and kept only in memory; GnuTLS
        /// derives a fresh key from it every 18 hours, and a ticket is honoured for 6 hours.
        package var resumesSessions: Bool
        /// The `Strict-Transport-Security` header every HTTPS answer carries; none by default.
        package var strictTransportSecurity: StrictTransportSecurity?

        /// Creates a policy; every argument left out takes the default documented on its property.
        package init(
            priorities: String = TLSPolicy.intermediatePriorities,
            resumesSessions: Bool = true,
            strictTransportSecurity: StrictTransportSecurity? = nil
        ) {
            self.priorities = priorities
            self.resumesSessions = resumesSessions
            self.strictTransportSecurity = strictTransportSecurity
        }
    }
}
