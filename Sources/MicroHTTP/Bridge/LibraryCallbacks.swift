import CMicroHTTPD
import Glibc

/// The C callbacks handed to libmicrohttpd; each recovers its state from the `cls` pointer.
///
/// `cls` is always the daemon's ``ServerCore``, passed unretained: ``RunningDaemon`` holds the
/// retain for as long as the daemon can call back (see `RunningDaemon.start` and `stop`).
enum LibraryCallbacks {
    /// MHD_OPTION_URI_LOG_CALLBACK: receives the raw target before decoding; creates the request context.
    static let requestLineRead: microhttp_uri_callback = { _, uri, _ in
        let target = uri.map { String(cString: $0) } ?? ""
        // Retained here; released in `requestCompleted`, which MHD calls once for each request whose
        // URI it reported, including requests it rejects itself before the access handler runs.
        return Unmanaged.passRetained(RequestContext(target: target)).toOpaque()
    }

    /// MHD_OPTION_NOTIFY_COMPLETED: the request is over (answered, failed or cut); frees its context.
    static let requestCompleted: MHD_RequestCompletedCallback = { _, _, contextSlot, _ in
        guard let contextSlot, let context = contextSlot.pointee else { return }
        // Balances the retain made in `requestLineRead`.
        Unmanaged<RequestContext>.fromOpaque(context).release()
        contextSlot.pointee = nil
    }

    /// The access handler: called once with the headers, once per body chunk, once at the end.
    static let accessHandler: MHD_AccessHandlerCallback = {
        cls, connection, _, method, _, uploadData, uploadDataSize, contextSlot in
        guard let cls, let connection, let uploadDataSize, let contextSlot else { return .NO }
        let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
        let exchange = Exchange(connection: connection, core: core)
        guard let context = contextSlot.pointee else {
            // Only possible if MHD skipped the URI callback; answer rather than guess a target.
            return exchange.answerFailure(status: 500, reason: "request arrived without its target")
        }
        let request = Unmanaged<RequestContext>.fromOpaque(context).takeUnretainedValue()
        let chunk = UnsafeRawBufferPointer(start: uploadData, count: uploadDataSize.pointee)
        uploadDataSize.pointee = 0
        return exchange.advance(request, method: method.map { String(cString: $0) } ?? "", chunk: chunk)
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
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var result = Substring(self)
        while let last = result.last, last.isNewline { result.removeLast() }
        return String(result)
    }
}
