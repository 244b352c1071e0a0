import CBatchedAnswers
import CMicroHTTPD
import Glibc
import ServerPlatform
import Synchronization

/// The C callbacks handed to libmicrohttpd; each recovers its state from the `cls` pointer.
///
/// `cls` is always the daemon's ``ServerCore``, passed unretained: ``RunningDaemon`` holds the
/// retain for as long as the daemon can call back (see `RunningDaemon.start` and `stop`).
enum LibraryCallbacks {
    /// MHD_OPTION_URI_LOG_CALLBACK: receives the raw target before decoding; creates the request context and marks
    /// the connection as receiving a request (busy once the request is complete, in `Exchange.advance`).
    static let requestLineRead: microhttp_uri_callback = { _, uri, connection in
        let open = openConnection(connection)
        open?.isReceiving.store(true, ordering: .releasing)
        // A TLS answer kept back on this connection waits for the rest of its batch; others' leave (batched_answers.c).
        if let open { microhttp_batching_continue(open.descriptor) }
        let target = uri.map { String(cString: $0) } ?? ""
        if let uri { endQueryForLibrary(uri) }
        let context: RequestContext
        if let spare = open?.spareRequest {
            open?.spareRequest = nil
            spare.reuse(target: target)
            context = spare
        } else {
            context = RequestContext(target: target, remoteAddress: open?.remoteAddress ?? "")
        }
        // Retained here; released in `requestCompleted`, which MHD calls once for each request whose
        // URI it reported, including requests it rejects itself before the access handler runs.
        return Unmanaged.passRetained(context).toOpaque()
    }

    /// Leaves libmicrohttpd an empty query string to split into arguments. MicroHTTP reads the query from the target
    /// copied above and never asks libmicrohttpd for its arguments, yet libmicrohttpd 0.9.75 keeps a 64-byte record
    /// of each in the connection's memory, which the head shares: 200 short arguments took 12.8 KB of the 16 KB and got
    /// libmicrohttpd's own 431, closed with the rest of the head unread, which resets the connection before the client
    /// reads the answer. `uri` is the target in libmicrohttpd's copy of the request line, ended by a NUL; the byte
    /// after its `?` becomes a NUL, so the query libmicrohttpd then splits is empty.
    static func endQueryForLibrary(_ uri: UnsafePointer<CChar>) {
        guard let question = strchr(uri, Int32(UInt8(ascii: "?"))) else { return }
        UnsafeMutablePointer(mutating: question + 1).pointee = 0
    }

    /// MHD_OPTION_NOTIFY_COMPLETED: the request is over (answered, failed or cut); keeps its context for the
    /// connection's next request and marks the connection idle.
    static let requestCompleted: MHD_RequestCompletedCallback = { cls, connection, contextSlot, _ in
        // libmicrohttpd has handed GnuTLS the whole answer: a corked one leaves with its batch, before the connection is closed.
        if let cls { Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().flushCorkedAnswer(on: connection) }
        let open = openConnection(connection)
        // The next request's head is due from now on (`HeadDeadline`): set before the connection stops being busy.
        open?.headDueSince.store(SystemClock.monotonicNanoseconds(), ordering: .releasing)
        open?.hasCompletedRequest.store(true, ordering: .releasing)
        open?.isBusy.store(false, ordering: .releasing)
        open?.isReceiving.store(false, ordering: .releasing)
        guard let contextSlot, let context = contextSlot.pointee else { return }
        let request = Unmanaged<RequestContext>.fromOpaque(context)
        if let cls, request.takeUnretainedValue().reservedBytes > 0 {
            Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().buffers.release(request.takeUnretainedValue().reservedBytes)
        }
        // Takes over the retain made in `requestLineRead`: the connection keeps the context, or it goes now.
        let finished = request.takeRetainedValue()
        contextSlot.pointee = nil
        finished.finish()
        open?.spareRequest = finished
    }

    /// The access handler: called once with the headers, once per body chunk, once at the end.
    static let accessHandler: MHD_AccessHandlerCallback = {
        cls, connection, url, method, version, uploadData, uploadDataSize, contextSlot in
        guard let cls, let connection, let uploadDataSize, let contextSlot else { return .NO }
        // Both objects are borrowed, not retained: the daemon holds the core, and the connection its request's
        // context, for longer than this call (a retain and a release each, twice a request, otherwise).
        return Unmanaged<ServerCore>.fromOpaque(cls)._withUnsafeGuaranteedRef { core in
            let exchange = Exchange(connection: connection, core: core)
            guard let context = contextSlot.pointee else {
                // Only possible if MHD skipped the URI callback; answer rather than guess a target.
                return exchange.answerFailure(status: 500, reason: "request arrived without its target")
            }
            let chunk = UnsafeRawBufferPointer(start: uploadData, count: uploadDataSize.pointee)
            uploadDataSize.pointee = 0
            return Unmanaged<RequestContext>.fromOpaque(context)._withUnsafeGuaranteedRef { request in
                exchange.advance(
                    request, method: method, version: version, sentTargetLength: sentTargetLength(url: url, version: version), chunk: chunk)
            }
        }
    }

    /// The request target's length as sent, NUL bytes included: libmicrohttpd 0.9.75 leaves the target and the
    /// version where they were in the request line, with a NUL in place of the space between them, and hands over
    /// pointers to both. Nil when they are not in that order or too far apart to be one line (no version given).
    static func sentTargetLength(url: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?) -> Int? {
        guard let url, let version else { return nil }
        let distance = version - url - 1
        return (0...(1 << 20)).contains(distance) ? distance : nil
    }

    /// Whether `version` is HTTP/1.1 or a later HTTP/1.x, which libmicrohttpd serves as 1.1 and RFC 9112 (section
    /// 2.3) says to treat as 1.1: `HTTP/1.` and a minor version of digits other than zero.
    static func isHTTP11OrLater(_ version: UnsafePointer<CChar>?) -> Bool {
        guard let version, strncmp(version, "HTTP/1.", 7) == 0 else { return false }
        let minor = UnsafeRawBufferPointer(start: version + 7, count: strlen(version + 7))
        return minor.allSatisfy { (0x30...0x39).contains($0) } && minor.contains { $0 != 0x30 }
    }

    /// MHD_OPTION_UNESCAPE_CALLBACK: leaves the path and query arguments libmicrohttpd splits off as they were sent.
    /// MicroHTTP reads the raw target from `requestLineRead` and decodes it itself, so the copies libmicrohttpd would
    /// decode for every request are never read.
    static let keepEscapes: microhttp_unescape_callback = { _, _, text in
        text.map { strlen($0) } ?? 0
    }

    /// MHD_OPTION_EXTERNAL_LOGGER: formats libmicrohttpd's printf-style message into the logger.
    static let log: MHD_LogCallback = { cls, format, arguments in
        guard let cls, let format, let arguments else { return }
        let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
        var buffer = [CChar](repeating: 0, count: 1024)
        let length = vsnprintf(&buffer, buffer.count, format, arguments)
        guard length >= 0 else { return }
        core.libraryLogged(String(nulTerminated: buffer).trimmingTrailingNewlines())
    }

    /// The tracked state of `connection`, from its socket context (set when the connection started).
    static func openConnection(_ connection: OpaquePointer?) -> OpenConnection? {
        guard let connection, let info = microhttp_get_connection_info(connection, .CONNECTION_INFO_SOCKET_CONTEXT),
            let context = info.pointee.socket_context
        else { return nil }
        return Unmanaged<OpenConnection>.fromOpaque(context).takeUnretainedValue()
    }
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var result = Substring(self)
        while let last = result.last, last.isNewline { result.removeLast() }
        return String(result)
    }
}
