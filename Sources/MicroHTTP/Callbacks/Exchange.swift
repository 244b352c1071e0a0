import CMicroHTTPD
import Glibc
import Synchronization

/// One access-handler call: a connection plus the server state, with the request steps built on them.
///
/// The request is answered on the final call, after the body (if any) has been read: answering on the
/// headers-only first call makes libmicrohttpd 0.9.75 close every keep-alive connection. Requests whose body
/// framing is ambiguous or unsupported are refused on that first call instead, before any body is read.
struct Exchange {
    /// The libmicrohttpd connection the call is about; valid only during the call.
    let connection: OpaquePointer
    /// The daemon's shared state.
    let core: ServerCore

    /// Moves the request one step: headers seen, a body chunk read, or the request complete.
    /// `sentTargetLength` is the target's length as sent, when libmicrohttpd's pointers tell it (see `RequestLine`).
    func advance(
        _ request: RequestContext, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?, sentTargetLength: Int?,
        chunk: UnsafeRawBufferPointer
    ) -> MHD_Result {
        if !request.hasSeenHeaders {
            request.hasSeenHeaders = true
            // From here the request is in flight, its body too: a drain waits for its answer (`OpenConnections`),
            // while a client still sending its headers has only a short grace.
            LibraryCallbacks.openConnection(connection)?.isBusy.store(true, ordering: .releasing)
            func refuse(_ status: Int, _ reason: String) -> MHD_Result {
                refuseRequest(status: status, reason: reason, request: request, method: Self.methodName(method))
            }
            if let problem = RequestLine.problem(method: Self.methodName(method), target: request.target, sentTargetLength: sentTargetLength) {
                return refuse(400, problem)
            }
            let isHTTP11 = LibraryCallbacks.isHTTP11OrLater(version)
            let headSize = headSize()
            var head = RequestHead(headers: HTTPHeaders(), layout: HeadLayout(method: method, version: version, size: headSize))
            readHead(into: &head, reusing: &request.headers)
            request.answerRoom = answerRoom(headSize: headSize, headers: head.headers)
            if let problem = head.layout?.headProblem { return refuse(400, problem) }
            if let problem = head.headers.problem(isHTTP11: isHTTP11) { return refuse(400, problem) }
            swap(&request.headers, &head.headers)
            do throws(RequestLineError) {
                if let absolute = try RequestLine.absoluteForm(of: request.target) {
                    request.target = absolute.target
                    request.headers = request.headers.replacingHost(with: absolute.host)
                }
            } catch {
                return refuse(400, error.reason)
            }
            let declared: Int
            switch head.framing {
            case .none: return .YES
            case .length(let size): declared = size
            case .chunked: return refuse(411, "chunked request bodies are not accepted")
            case .ambiguous(let problem): return refuse(400, problem)
            }
            request.hasBody = true
            guard declared <= core.maximumBodySize else {
                // Answered before the body is read, the 413 would be followed by a close while the client is still
                // sending: its kernel then resets the connection, and many clients see a broken pipe, never the 413.
                // A body up to `drainLimit` is read and thrown away first, so the answer arrives; a larger one is
                // refused at once (reading it would cost more than the client's confusion). So is one whose client
                // waits for `100 Continue` before sending it: it is told 413 instead, and sends nothing more
                // (libmicrohttpd sends its 100 only when the first call queued no answer).
                guard declared <= Self.drainLimit(core.maximumBodySize), !(isHTTP11 && Self.waitsForContinue(request.headers)) else {
                    return refuse(413, "declared body of \(declared) bytes is over the limit")
                }
                request.isDiscardingBody = true
                return .YES
            }
            guard core.buffers.reserve(declared) else {
                return refuse(503, "the server holds as many request and answer bytes as it may; retry shortly")
            }
            // Given back when the request ends (`LibraryCallbacks.requestCompleted`).
            request.reservedBytes = declared
            request.body.reserveCapacity(declared)
            return .YES
        }
        if !chunk.isEmpty {
            // libmicrohttpd delivers at most the declared Content-Length, which was checked against the limit.
            if !request.isDiscardingBody { request.body.append(contentsOf: chunk) }
            return .YES
        }
        if request.isDiscardingBody {
            return refuseRequest(
                status: 413, reason: "body over the limit of \(core.maximumBodySize) bytes", request: request, method: Self.methodName(method))
        }
        let complete = HTTPRequest(
            method: Self.methodName(method),
            target: request.target,
            headers: request.headers,
            body: request.body,
            remoteAddress: request.remoteAddress,
            isTLS: core.isTLS,
            worker: core.workers.current()
        )
        // A request that carried a body is the last on its connection: whatever follows its declared length is
        // never read as another request, so a Content-Length that a proxy in front reads differently (libmicrohttpd
        // 0.9.75 stops a header value at a NUL byte) cannot smuggle one.
        let reply = core.handler(complete)
        guard answerHeaderSize(reply, request: request, isHTTP11: LibraryCallbacks.isHTTP11OrLater(version)) <= request.answerRoom else {
            return refuseRequest(
                status: 431, reason: "request head leaves no room for the answer's header", request: request, method: Self.methodName(method))
        }
        return queue(reply, forcingClose: request.hasBody)
    }

    /// The request head's length in bytes as libmicrohttpd read it, blank line included; nil before it is complete.
    private func headSize() -> Int? {
        microhttp_get_connection_info(connection, .CONNECTION_INFO_REQUEST_HEADER_SIZE).map { $0.pointee.header_size }
    }

    /// Whether the client asked for `100 Continue` before sending its body (RFC 9110, section 10.1.1), as
    /// libmicrohttpd reads it: the first `Expect` field is `100-continue`, in any case (on an HTTP/1.1 request).
    static func waitsForContinue(_ headers: HTTPHeaders) -> Bool {
        headers["Expect"]?.lowercased() == "100-continue"
    }

    /// The largest body read and thrown away to answer 413 cleanly: eight times the limit, at most 16 MiB.
    static func drainLimit(_ maximumBodySize: Int) -> Int {
        min(8 * max(maximumBodySize, 64 * 1024), 16 * 1024 * 1024)
    }

    /// The method as a string; the common ones without copying the C string.
    static func methodName(_ method: UnsafePointer<CChar>?) -> String {
        guard let method else { return "" }
        if strcmp(method, "GET") == 0 { return "GET" }
        if strcmp(method, "HEAD") == 0 { return "HEAD" }
        if strcmp(method, "POST") == 0 { return "POST" }
        return String(cString: method)
    }
}
