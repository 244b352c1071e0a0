import CMicroHTTPD
import Synchronization

extension Exchange {
    /// The bytes libmicrohttpd has left for the answer's header beside a head of `headSize` bytes with `headers`
    /// (``AnswerRoom``); `Int.max` when the head's size or the connection's memory is not known.
    func answerRoom(headSize: Int?, headers: HTTPHeaders) -> Int {
        guard core.connectionMemory > 0, let headSize else { return .max }
        let arguments = Int(MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, nil, nil))
        let cookies = Int(MHD_get_connection_values(connection, .COOKIE_KIND, nil, nil))
        return AnswerRoom.left(
            memory: core.connectionMemory, headSize: headSize, records: headers.count + arguments + cookies,
            cookieSize: headers["Cookie"]?.utf8.count)
    }

    /// The bytes libmicrohttpd writes for the header of `reply` to `request`: its fields, `Connection: close` when
    /// MicroHTTP adds it, the server's `Strict-Transport-Security` when the reply has none, and what libmicrohttpd adds.
    func answerHeaderSize(_ reply: HTTPReply, request: RequestContext, isHTTP11: Bool) -> Int {
        let closing = request.hasBody || core.isDraining.load(ordering: .relaxed)
        let added = closing ? nil : Self.connectionAdded(to: request.headers, isHTTP11: isHTTP11)
        // Each reply's fields read where they are: a tuple of them was a copy of the fields, retained and released.
        switch reply {
        case .response(let built):
            return headerSize(built.headers, status: built.status, bodySize: built.body.count, closing: closing, addedConnection: added)
        case .prepared(let prepared):
            let response = prepared.response
            return headerSize(response.headers, status: response.status, bodySize: response.body.count, closing: closing, addedConnection: added)
        case .written(let written):
            return headerSize(written.headers, status: written.status, bodySize: written.body.count, closing: closing, addedConnection: added)
        }
    }

    /// `AnswerRoom.headerSize` for these fields, with `Connection: close` when `closing` and the server's HSTS field.
    func headerSize(_ headers: HTTPHeaders, status: Int, bodySize: Int, closing: Bool, addedConnection: String? = nil) -> Int {
        let hsts = core.strictTransportSecurity.flatMap { headers["Strict-Transport-Security"] == nil ? $0 : nil }
        let hstsSize = hsts.map { "Strict-Transport-Security: \r\n".utf8.count + $0.utf8.count } ?? 0
        let connection = closing ? "close" : addedConnection
        return AnswerRoom.headerSize(status: status, fields: headers, bodySize: bodySize, addedConnection: connection) + hstsSize
    }

    /// The `Connection` value libmicrohttpd adds to an answer the application did not close: `close` when the client
    /// asked for it or speaks HTTP/1.0 without keep-alive, `Keep-Alive` for HTTP/1.0 with it, none otherwise.
    static func connectionAdded(to requestHeaders: HTTPHeaders, isHTTP11: Bool) -> String? {
        guard requestHeaders.contains("Connection") else { return isHTTP11 ? nil : "close" }
        let options = requestHeaders.values(for: "Connection").joined(separator: ",").lowercased()
        let tokens = options.split(separator: ",").map { $0.trimmingCharacters(in: " \t") }
        if tokens.contains("close") { return "close" }
        if isHTTP11 { return nil }
        return tokens.contains("keep-alive") ? "Keep-Alive" : "close"
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in characters: String) -> Substring {
        var result = self
        while let first = result.first, characters.contains(first) { result.removeFirst() }
        while let last = result.last, characters.contains(last) { result.removeLast() }
        return result
    }
}
