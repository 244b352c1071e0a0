import CMicroHTTPD
import Logging
import Synchronization

extension Exchange {
    /// Queues the handler's reply; adds `Connection: close` while draining or when `forcingClose`, and the server's
    /// `Strict-Transport-Security` when it has one.
    func queue(_ reply: HTTPReply, forcingClose: Bool) -> MHD_Result {
        let bodySize =
            switch reply {
            case .response(let built): built.body.count
            case .prepared(let prepared): prepared.response.body.count
            case .written(let written): written.body.count
            }
        // Over TLS a small answer leaves as one record (`corkForOneRecord`), with the rest of a pipelined batch.
        let corked = corkForOneRecord(bodySize: bodySize)
        let result = queueResponse(reply, forcingClose: forcingClose)
        if result != .YES, let corked { gnutls_record_uncork(corked, 0) }
        return result
    }

    private func queueResponse(_ reply: HTTPReply, forcingClose: Bool) -> MHD_Result {
        let closing = forcingClose || core.isDraining.load(ordering: .relaxed)
        if case .prepared(let prepared) = reply, !closing, let shared = sharedResponse(prepared) {
            return MHD_queue_response(connection, UInt32(prepared.response.status), shared.handle)
        }
        let hsts = core.strictTransportSecurity
        do {
            let (status, handle) =
                switch reply {
                case .response(let built):
                    (built.status, try LibraryResponse.make(from: built, closing: closing, strictTransportSecurity: hsts, budget: core.buffers))
                case .prepared(let prepared):
                    (
                        prepared.response.status,
                        try LibraryResponse.make(from: prepared.response, closing: closing, strictTransportSecurity: hsts, budget: core.buffers)
                    )
                case .written(let written):
                    (written.status, try LibraryResponse.make(from: written, closing: closing, strictTransportSecurity: hsts, budget: core.buffers))
                }
            // The connection takes its own reference when queueing; this one is ours to drop.
            defer { MHD_destroy_response(handle) }
            return MHD_queue_response(connection, UInt32(status), handle)
        } catch .overBudget {
            return answerFailure(status: 503, reason: "the server holds as many request and answer bytes as it may; retry shortly")
        } catch {
            core.logger.error("cannot send the handler's response: \(error)")
            return answerFailure(status: 500, reason: "handler response rejected")
        }
    }

    /// Answers a request MicroHTTP refuses before the handler sees it (`answerFailure`), and reports it to the
    /// server's refusal hook, so it is logged and counted like any answer.
    func refuseRequest(status: Int, reason: String, request: RequestContext, method: String) -> MHD_Result {
        let result = answerFailure(status: status, reason: reason, room: request.answerRoom)
        core.refused?(
            RefusedRequest(
                status: status, reason: reason, method: method, target: request.target, remoteAddress: request.remoteAddress,
                worker: core.workers.current()))
        return result
    }

    /// Answers a request MicroHTTP itself refuses, with a short plain-text body, and closes after it. The body is
    /// never read as anything else, kept or given a referrer. When libmicrohttpd has less than `room` bytes left for
    /// the header (``AnswerRoom``), only `Content-Type` goes with it, or no field of its own at all: a fuller header
    /// would not be sent at all.
    func answerFailure(status: Int, reason: String, room: Int = .max) -> MHD_Result {
        core.logger.debug("answering \(status): \(reason)")
        var response = HTTPResponse(
            status: status,
            headers: [
                "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff",
                "Content-Security-Policy": "default-src 'none'", "Cache-Control": "no-store",
            ],
            body: "\(status) \(Self.phrase(for: status))\n"
        )
        var strictTransportSecurity = core.strictTransportSecurity
        for smaller: HTTPHeaders in [["Content-Type": "text/plain; charset=utf-8"], [:]]
        where headerSize(response.headers, status: status, bodySize: response.body.count, closing: true) > room {
            response.headers = smaller
            strictTransportSecurity = nil
        }
        let made = try? LibraryResponse.make(from: response, closing: true, strictTransportSecurity: strictTransportSecurity)
        guard let handle = made else { return .NO }
        defer { MHD_destroy_response(handle) }
        return MHD_queue_response(connection, UInt32(status), handle)
    }

    /// The shared response to queue for `prepared`: itself, or its variant with the server's HSTS header.
    private func sharedResponse(_ prepared: PreparedResponse) -> PreparedResponse? {
        guard let strictTransportSecurity = core.strictTransportSecurity else { return prepared }
        return prepared.withStrictTransportSecurity(strictTransportSecurity)
    }

    private static func phrase(for status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 431: "Request Header Fields Too Large"
        case 503: "Service Unavailable"
        default: "Internal Server Error"
        }
    }
}
