import JSONLinesLog

/// What the access log says about one request. The path is the logged one: secret values already redacted.
struct AccessLogEntry {
    let method: String
    let path: Substring
    let status: Int
    let bytes: Int
    /// From the complete request to the handler's answer.
    let nanoseconds: Int
    let endpoint: Endpoint
    let remote: String

    /// Appends the line (`RequestLine`), without a newline; `fixed` holds what every line of the log shares.
    func write(fixed: RequestLine.Fixed, into line: inout [UInt8]) {
        RequestLine.write(
            method: method, path: path, status: status, bytes: bytes, nanoseconds: nanoseconds, remote: remote, fixed: fixed,
            endpoint: endpoint.index, into: &line)
    }
}
