package import MicroHTTP

/// A response as read off the wire by ``RawConnection``.
package struct RawResponse {
    /// The status code from the status line.
    package var status: Int
    /// The header fields, in order.
    package var headers: HTTPHeaders
    /// The body bytes (empty for HEAD).
    package var body: [UInt8] = []

    /// The body as UTF-8 text.
    package var text: String { String(decoding: body, as: UTF8.self) }

    /// Parses the status line and header fields of `head`, which ends with the blank line.
    package init(head: [UInt8]) throws {
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n")
        guard let statusLine = lines.first else { throw RawConnectionError.malformed("empty head") }
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw RawConnectionError.malformed(String(statusLine))
        }
        self.status = status
        self.headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { throw RawConnectionError.malformed(String(line)) }
            let value = line[line.index(after: colon)...].drop { $0 == " " }
            headers.add(name: String(line[..<colon]), value: String(value))
        }
    }
}
