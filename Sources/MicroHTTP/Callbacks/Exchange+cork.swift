import CMicroHTTPD
import Glibc
import Logging
import Synchronization

/// One TLS record for a small answer over HTTPS.
///
/// libmicrohttpd 0.9.75 hands GnuTLS the header and the body of an answer in two `gnutls_record_send` calls under
/// TLS (`MHD_send_hdr_and_body_` never sends them together there), so each answer left as two records, two
/// encryptions and two `sendmsg`. A small answer is corked instead when it is queued: GnuTLS keeps both in its buffer,
/// and `ServerCore.flushCorkedAnswer(on:)`, called when libmicrohttpd reports the request complete (right after it
/// handed over the last byte, in the same round), sends them as one record in one `sendmsg`.
///
/// Only when that send cannot be left half done: the answer fits one record (16 KiB), and the socket has nothing
/// queued and a send buffer well over the record, so the kernel takes the record whole. A client that reads slowly
/// or pipelines has bytes queued, and its answers go out as libmicrohttpd sends them, waiting for the socket itself.
extension Exchange {
    /// The most body bytes a corked answer may have: with its header it stays within one 16 KiB record.
    static let corkedBodyLimit = 12 * 1024
    /// The least send buffer (`SO_SNDBUF`) a socket must have for an answer to be corked on it.
    static let corkingSendBuffer: Int32 = 32 * 1024

    /// What a connection's first corked answer found out, kept in `OpenConnection.corking` so that the system calls
    /// behind it are made once a connection (a socket's send buffer only grows).
    enum Corking {
        /// The send buffer was read, and is large enough.
        static let sendBufferLarge = 1
        /// The send buffer was read, and is too small: answers on it are not corked.
        static let sendBufferSmall = 2
        /// TCP_CORK is off (see `ServerCore.flushCorkedAnswer(on:)`).
        static let tcpCorkOff = 4
    }

    /// Corks the connection's TLS session for an answer with a body of `bodySize` bytes when it can leave as one
    /// record (see above); the returned session is to be uncorked if the answer is not queued after all.
    func corkForOneRecord(bodySize: Int) -> OpaquePointer? {
        guard core.isTLS, bodySize <= Self.corkedBodyLimit, let open = LibraryCallbacks.openConnection(connection),
            let session = microhttp_get_connection_info(connection, .CONNECTION_INFO_GNUTLS_SESSION)?.pointee.tls_session
        else { return nil }
        var state = open.corking.load(ordering: .relaxed)
        if state & (Corking.sendBufferLarge | Corking.sendBufferSmall) == 0 {
            var sendBuffer: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            let isLarge = getsockopt(open.descriptor, SOL_SOCKET, SO_SNDBUF, &sendBuffer, &length) == 0 && sendBuffer >= Self.corkingSendBuffer
            state |= isLarge ? Corking.sendBufferLarge : Corking.sendBufferSmall
            open.corking.store(state, ordering: .relaxed)
        }
        guard state & Corking.sendBufferLarge != 0, microhttp_unsent_bytes(open.descriptor) == 0 else { return nil }
        gnutls_record_cork(OpaquePointer(session))
        return OpaquePointer(session)
    }
}

extension ServerCore {
    /// Sends what `Exchange.corkForOneRecord` kept back, as one record; a no-op when nothing is corked.
    ///
    /// Called when libmicrohttpd reports a request complete, before it closes or reuses the connection. The kernel
    /// takes the record whole in the cases corked; should it not (the machine out of socket memory), the send is
    /// retried as the socket turns writable for up to a second, then the connection is shut down, so that a client
    /// never waits on an answer stranded in GnuTLS's buffer while libmicrohttpd waits for its next request.
    func flushCorkedAnswer(on connection: OpaquePointer?) {
        guard isTLS, let connection,
            let session = microhttp_get_connection_info(connection, .CONNECTION_INFO_GNUTLS_SESSION)?.pointee.tls_session
        else { return }
        guard gnutls_record_check_corked(OpaquePointer(session)) > 0, let open = LibraryCallbacks.openConnection(connection) else {
            gnutls_record_uncork(OpaquePointer(session), 0)
            return
        }
        // libmicrohttpd turns a TLS socket's TCP_CORK on for its first answer, keeps it on (it never turns it off
        // there), and pushes each answer by setting TCP_NODELAY after its last send, which came before this one:
        // with TCP_CORK on, the record would wait for the kernel's cork timer (200 ms). Taken off once; libmicrohttpd
        // still believes the socket corked and does not set it again.
        let state = open.corking.load(ordering: .relaxed)
        if state & Exchange.Corking.tcpCorkOff == 0 {
            var off: Int32 = 0
            setsockopt(open.descriptor, Int32(IPPROTO_TCP), TCP_CORK, &off, socklen_t(MemoryLayout<Int32>.size))
            open.corking.store(state | Exchange.Corking.tcpCorkOff, ordering: .relaxed)
        }
        let descriptor = open.descriptor
        var result = gnutls_record_uncork(OpaquePointer(session), 0)
        guard Self.wouldBlock(result) else { return }
        for _ in 0..<10 where Self.wouldBlock(result) {
            var writable = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&writable, 1, 100)
            result = gnutls_record_uncork(OpaquePointer(session), 0)
        }
        guard Self.wouldBlock(result) else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))
        let message = "a TLS answer could not be sent within a second; its connection is closed"
        guard libraryLogThrottle.admit(message) != nil else { return }
        logger.warning("\(message)", metadata: ["source": "gnutls"])
    }

    private static func wouldBlock(_ result: Int32) -> Bool {
        result == GNUTLS_E_AGAIN || result == GNUTLS_E_INTERRUPTED
    }
}
