import CMicroHTTPD

/// The master key GnuTLS encrypts TLS session tickets with: random, made once per server, kept only in memory.
///
/// libmicrohttpd 0.9.75 leaves tickets off, so every returning client paid a full handshake. MicroHTTP turns them on
/// for each connection's GnuTLS session when libmicrohttpd reports the connection started, which is after
/// `gnutls_init` and before any handshake byte is read. All sessions share this key, so a ticket issued by one worker
/// thread is honoured by the others. GnuTLS does not use the key as is: it derives the ticket keys from it and the
/// time, and moves to a new derived key every 18 hours (three times the 6-hour ticket lifetime), so a stolen ticket
/// key stops opening new tickets after that. A restart makes a new key: old tickets then fall back to a full
/// handshake, never to an error.
///
/// `@unchecked Sendable` because it holds a C pointer. It is safe: the key is written once, in `init`, and only read
/// afterwards (`gnutls_session_ticket_enable_server` copies it into the session), until `deinit` wipes it, which
/// runs after the daemon that used it has stopped, since ``ServerCore`` owns it.
final class SessionTicketKey: @unchecked Sendable {
    private let key: UnsafeMutablePointer<gnutls_datum_t>

    /// Generates a key with GnuTLS's random generator; nil if GnuTLS cannot.
    init?() {
        let key = UnsafeMutablePointer<gnutls_datum_t>.allocate(capacity: 1)
        key.initialize(to: gnutls_datum_t(data: nil, size: 0))
        guard gnutls_session_ticket_key_generate(key) == GNUTLS_E_SUCCESS else {
            microhttp_ticket_key_release(key)
            key.deallocate()
            return nil
        }
        self.key = key
    }

    /// Lets the GnuTLS session of a connection that has not begun its handshake issue and accept tickets; returns
    /// GnuTLS's error code, 0 on success.
    func enable(on session: OpaquePointer) -> Int32 {
        gnutls_session_ticket_enable_server(session, key)
    }

    deinit {
        microhttp_ticket_key_release(key)
        key.deallocate()
    }
}
