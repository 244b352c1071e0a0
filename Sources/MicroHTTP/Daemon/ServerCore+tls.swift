import CMicroHTTPD
import Logging

extension ServerCore {
    /// Turns on session tickets for a new connection's GnuTLS session, when the server resumes sessions.
    ///
    /// Called from the connection-started callback: libmicrohttpd 0.9.75 calls it after `gnutls_init` and before it
    /// reads the first handshake byte (`new_connection_process_` in daemon.c), the one window where tickets can be
    /// enabled. A failure is logged (at most once a second) and the connection goes on with full handshakes only.
    func enableSessionTickets(on connection: OpaquePointer) {
        guard let sessionTicketKey,
            let session = microhttp_get_connection_info(connection, .CONNECTION_INFO_GNUTLS_SESSION)?.pointee.tls_session
        else { return }
        let result = sessionTicketKey.enable(on: OpaquePointer(session))
        guard result != GNUTLS_E_SUCCESS else { return }
        let reason = gnutls_strerror(result).map { String(cString: $0) } ?? "error \(result)"
        let message = "cannot enable TLS session tickets on a connection: \(reason)"
        guard libraryLogThrottle.admit(message) != nil else { return }
        logger.warning("\(message)", metadata: ["source": "gnutls"])
    }
}
