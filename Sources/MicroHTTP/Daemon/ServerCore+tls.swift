import CBatchedAnswers
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

    /// Lets a new TLS connection's records be read in one `recv` each, and pipelined ones together, rather than two
    /// each (GnuTLS reads a record's 5-byte header, then the rest): its GnuTLS session pulls through
    /// `microhttp_batching_pull` (batched_answers.c), which reads ahead on a socket the worker adopted.
    ///
    /// Called from the connection-started callback, after the socket is adopted: libmicrohttpd 0.9.75 has set the
    /// session's transport to the socket descriptor (and no pull function of its own) by then, and reads nothing before.
    func readRecordsWhole(on connection: OpaquePointer) {
        guard isTLS,
            let session = microhttp_get_connection_info(connection, .CONNECTION_INFO_GNUTLS_SESSION)?.pointee.tls_session
        else { return }
        gnutls_transport_set_pull_function(OpaquePointer(session), microhttp_batching_pull)
        // GnuTLS refuses a wait on a session whose pull function is replaced but not its pull timeout function.
        gnutls_transport_set_pull_timeout_function(OpaquePointer(session), microhttp_batching_pull_timeout)
    }
}
