import CMicroHTTPD

/// How many bytes libmicrohttpd 0.9.75 has left, beside a request's head, to write the answer's header in.
///
/// The request line, the header lines and libmicrohttpd's own record of each field (64 bytes) share one pool of
/// `--connection-memory` bytes per connection, and the answer's header is written into what is left. A head that fits
/// the pool but leaves less than the answer's header needs is closed by libmicrohttpd without an answer; MicroHTTP
/// sees it coming and answers 431 instead, with a header small enough for what is left.
///
/// The figures follow libmicrohttpd 0.9.75's pool (memorypool.c): blocks rounded up to 16 bytes, each field,
/// query argument and cookie a 64-byte record taken from the end, the first `Cookie` value copied once, and the
/// head's bytes kept at the front until the answer is sent.
enum AnswerRoom {
    /// The size of libmicrohttpd's record of one field, query argument or cookie.
    static let recordSize = 64

    /// The bytes left for the answer's header once a head of `headSize` bytes with `records` records and a
    /// `Cookie` value of `cookieSize` bytes (if any) is in a pool of `memory` bytes.
    static func left(memory: Int, headSize: Int, records: Int, cookieSize: Int?) -> Int {
        memory - rounded(headSize) - records * recordSize - (cookieSize.map { rounded($0 + 1) } ?? 0)
    }

    /// The bytes libmicrohttpd writes for the header of an answer with `status`, the given fields and a body of
    /// `bodySize` bytes. `addedConnection` is the `Connection` field it
    /// adds itself (none when the fields carry one).
    static func headerSize(status: Int, fields: HTTPHeaders, bodySize: Int, addedConnection: String?) -> Int {
        let reason = MHD_get_reason_phrase_len_for(UInt32(status))
        let statusLine = "HTTP/1.1 200 ".utf8.count + (reason == 0 ? "Non-Standard Status".utf8.count : reason) + 2
        let date = "Date: Thu, 26 Nov 2026 23:59:59 GMT\r\n".utf8.count
        let connection = addedConnection.map { "Connection: \r\n".utf8.count + $0.utf8.count } ?? 0
        let contentLength = "Content-Length: \r\n".utf8.count + decimalDigits(bodySize)
        return statusLine + date + connection + fields.wireSize + contentLength + 2
    }

    /// The digits of `value` (not negative) in decimal.
    private static func decimalDigits(_ value: Int) -> Int {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    private static func rounded(_ size: Int) -> Int {
        (size + 15) / 16 * 16
    }
}

extension HTTPHeaders {
    /// The bytes the fields take in a message header: `name: value` and CRLF for each.
    var wireSize: Int {
        // Each field is `name NUL value NUL` there, two bytes fewer than `name: value CRLF`.
        withFields { _, terminators in (terminators.last.map { $0 + 1 } ?? 0) + terminators.count }
    }
}
