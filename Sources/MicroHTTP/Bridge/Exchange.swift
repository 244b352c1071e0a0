import CMicroHTTPD

/// One access-handler call: a connection plus the server state, with the request steps built on them.
///
/// The request is answered on the final call, after the body (if any) has been read: answering on the
/// headers-only first call makes libmicrohttpd 0.9.75 close every keep-alive connection.
struct Exchange {
    /// The libmicrohttpd connection the call is about; valid only during the call.
    let connection: OpaquePointer
    /// The daemon's shared state.
    let core: ServerCore

    /// Moves the request one step: headers seen, a body chunk read, or the request complete.
    func advance(_ request: RequestContext, method: String, chunk: UnsafeRawBufferPointer) -> MHD_Result {
        if !request.hasSeenHeaders {
            request.hasSeenHeaders = true
            guard let declared = declaredBodySize() else { return .YES }
            guard declared <= core.maximumBodySize else {
                return answerFailure(status: 413, reason: "declared body of \(declared) bytes is over the limit")
            }
            request.body.reserveCapacity(declared)
            return .YES
        }
        if !chunk.isEmpty {
            return receive(chunk, into: request)
        }
        if request.isBodyTooLarge {
            return answerFailure(status: 413, reason: "streamed body is over the limit")
        }
        let complete = HTTPRequest(
            method: method,
            target: request.target,
            headers: requestHeaders(),
            body: request.body,
            remoteAddress: clientAddress(),
            isTLS: core.isTLS
        )
        return queue(core.handler(complete), forcingClose: false)
    }

    /// Keeps a body chunk, or drops it once the body is over the limit.
    ///
    /// A response cannot be queued in the middle of a body in libmicrohttpd, so an oversized streamed
    /// body is read and dropped until it ends, then answered with 413. A client that keeps sending
    /// past twice the limit is cut off without an answer, so it cannot tie up a connection forever.
    private func receive(_ chunk: UnsafeRawBufferPointer, into request: RequestContext) -> MHD_Result {
        if request.isBodyTooLarge || request.body.count + chunk.count > core.maximumBodySize {
            request.isBodyTooLarge = true
            request.body = []
            request.discardedByteCount += chunk.count
            if request.discardedByteCount > core.maximumBodySize {
                core.logger.debug("closing connection: streamed body far over the limit")
                return .NO
            }
            return .YES
        }
        request.body.append(contentsOf: chunk)
        return .YES
    }
}
