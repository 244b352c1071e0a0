import CMicroHTTPD
import Logging
import Synchronization

extension Exchange {
    /// Queues the handler's reply; adds `Connection: close` while draining or when `forcingClose`, and the server's
    /// `Strict-Transport-Security` when it has one.
    func queue(_ reply: HTTPReply, forcingClose: Bool) -> MHD_Result {
        let closing = forcingClose || core.isDraining.load(ordering: .relaxed)
        if case .prepared(let prepared) = reply, !closing, let shared = sharedResponse(prepared) {
            return MHD_queue_response(connection, UInt32(prepared.response.status), shared.handle)
        }
        let response: HTTPResponse
        switch reply {
        case .response(let built): response = built
        case .prepared(let prepared): response = prepared.response
        }
        do {
            let handle = try LibraryResponse.make(
                from: response, closing: closing, strictTransportSecurity: core.strictTransportSecurity, budget: core.buffers)
            // The connection takes its own reference when queueing; this one is ours to drop.
            defer { MHD_destroy_response(handle) }
            return MHD_queue_response(connection, UInt32(response.status), handle)
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
        let result = answerFailure(status: status, reason: reason)
        core.refused?(
            RefusedRequest(
                status: status, reason: reason, method: method, target: request.target, remoteAddress: request.remoteAddress,
                worker: core.workers.current()))
        return result
    }

    /// Answers a request MicroHTTP itself refuses, with a short plain-text body, and closes after it. The body is
    /// never read as anything else, kept or given a referrer.
    func answerFailure(status: Int, reason: String) -> MHD_Result {
        core.logger.debug("answering \(status): \(reason)")
        let response = HTTPResponse(
            status: status,
            headers: [
                "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff",
                "Content-Security-Policy": "default-src 'none'", "Cache-Control": "no-store",
            ],
            body: "\(status) \(Self.phrase(for: status))\n"
        )
        let made = try? LibraryResponse.make(from: response, closing: true, strictTransportSecurity: core.strictTransportSecurity)
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
        case 503: "Service Unavailable"
        default: "Internal Server Error"
        }
    }
}
