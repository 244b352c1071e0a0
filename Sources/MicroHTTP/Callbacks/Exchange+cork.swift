import CBatchedAnswers
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
/// handed over the last byte, in the same round), has them sent as one record in one `sendmsg`: at the worker's next
/// poll that does not ask to write on the socket (batched_answers.c), so the answers to a pipelined batch, each
/// corked in turn, leave together, a record each 16 KiB.
///
/// Only when that send cannot be left half done: the answer fits one record (16 KiB), and the socket's send buffer
/// has room for it twice over, and for every answer corked before it, by the kernel's own accounting
/// (`microhttp_send_room`: the buffer less the memory its queued segments take, their overhead included, measured
/// once the answers GnuTLS still holds are sent), so the kernel takes them whole. A client that reads slowly fills
/// the buffer, and its answers go out as libmicrohttpd sends them, after any kept back, waiting for the socket itself.
extension Exchange {
    /// The most body bytes a corked answer may have: with its header it stays within one 16 KiB record.
    static let corkedBodyLimit = 12 * 1024
    /// What a corked answer's header and record framing may add to its body.
    static let corkedHeadAllowance = 4 * 1024

    /// The send buffer room an answer with a body of `bodySize` bytes needs to be corked: twice the record, for the
    /// segments' overhead the kernel counts against the buffer.
    static func corkingRoom(bodySize: Int) -> Int {
        2 * (bodySize + corkedHeadAllowance)
    }

    /// Corks the connection's TLS session for an answer with a body of `bodySize` bytes when it can leave as one
    /// record (see above); the returned session is to be uncorked if the answer is not queued after all.
    ///
    /// The room is measured with a system call only when the connection's estimate (`OpenConnection.sendRoom`) falls
    /// short: each corked answer takes what it needs from the estimate, so it only ever underestimates, and an answer
    /// sent uncorked, whose size it does not count, clears it.
    func corkForOneRecord(bodySize: Int) -> OpaquePointer? {
        guard core.isTLS, let open = LibraryCallbacks.openConnection(connection) else { return nil }
        guard bodySize <= Self.corkedBodyLimit,
            let session = microhttp_get_connection_info(connection, .CONNECTION_INFO_GNUTLS_SESSION)?.pointee.tls_session
        else {
            // Sent uncorked, after the answers kept back before it.
            microhttp_batching_send_record(open.descriptor)
            open.sendRoom.store(0, ordering: .relaxed)
            return nil
        }
        let needed = Self.corkingRoom(bodySize: bodySize)
        var room = open.sendRoom.load(ordering: .relaxed)
        if room < needed {
            // The kernel's measure leaves out what GnuTLS still holds: sent first, it is in the measure.
            microhttp_batching_send_record(open.descriptor)
            room = microhttp_send_room(open.descriptor)
        }
        guard room >= needed else {
            open.sendRoom.store(0, ordering: .relaxed)
            return nil
        }
        open.sendRoom.store(room - needed, ordering: .relaxed)
        gnutls_record_cork(OpaquePointer(session))
        return OpaquePointer(session)
    }
}

extension ServerCore {
    /// Sends what `Exchange.corkForOneRecord` kept back, with the answers of the same pipelined batch; a no-op when
    /// nothing is corked.
    ///
    /// Called when libmicrohttpd reports a request complete, before it closes or reuses the connection. The session
    /// stays corked until the worker's next poll that does not ask to write on the socket (batched_answers.c), so the
    /// answers to a pipelined batch leave as one record (or one each 16 KiB) rather than a record each; a
    /// connection libmicrohttpd closes first gets them before its TLS close (batched_answers.c's gnutls_bye), and an
    /// answer that is not corked after them (`corkForOneRecord`). A socket the worker did not adopt gets its record
    /// now (`sendCorkedRecord`).
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
        // with TCP_CORK on, the record would wait for the kernel's cork timer (200 ms). Once a connection: a socket
        // batched_answers.c holds is uncorked at the end of the worker's turn (with the rest of a pipelined batch);
        // any other is uncorked here, and libmicrohttpd, which still believes it corked, does not set it again.
        if !open.isCorkSeenTo.load(ordering: .relaxed) {
            if microhttp_batching_is_holding(open.descriptor) == 0 {
                var off: Int32 = 0
                setsockopt(open.descriptor, Int32(IPPROTO_TCP), TCP_CORK, &off, socklen_t(MemoryLayout<Int32>.size))
            }
            open.isCorkSeenTo.store(true, ordering: .relaxed)
        }
        // Not kept back while the server drains: libmicrohttpd's stop shuts every socket before its TLS close.
        let kept =
            !isDraining.load(ordering: .relaxed)
            && microhttp_batching_defer_record(
                open.descriptor, session, Self.sendKeptRecord, UnsafeMutableRawPointer(connection),
                Unmanaged.passUnretained(self).toOpaque()) == 1
        if !kept { sendCorkedRecord(on: connection) }
    }

    /// batched_answers.c's sender of the answers it kept back: `ServerCore.sendCorkedRecord` of the server in
    /// `context` (unretained: a server outlives its connections).
    static let sendKeptRecord: microhttp_record_sender = { connection, context in
        guard let connection, let context else { return }
        Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue().sendCorkedRecord(on: OpaquePointer(connection))
    }

    /// Sends what the connection's GnuTLS session holds corked. The kernel takes it whole in the cases corked; should
    /// it not (the machine out of socket memory), the send is retried as the socket turns writable for up to a second,
    /// then the connection is shut down, so that a client never waits on an answer stranded in GnuTLS's buffer while
    /// libmicrohttpd waits for its next request.
    func sendCorkedRecord(on connection: OpaquePointer) {
        guard let session = microhttp_get_connection_info(connection, .CONNECTION_INFO_GNUTLS_SESSION)?.pointee.tls_session
        else { return }
        var result = gnutls_record_uncork(OpaquePointer(session), 0)
        guard Self.wouldBlock(result) else { return }
        // The session's transport is the socket (libmicrohttpd sets it with gnutls_transport_set_int).
        let descriptor = gnutls_transport_get_int(OpaquePointer(session))
        // Not batched_answers.c's poll(): this may run inside that poll, which must not settle the sockets again.
        for _ in 0..<10 where Self.wouldBlock(result) {
            _ = microhttp_batching_wait_writable(descriptor, 100)
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
