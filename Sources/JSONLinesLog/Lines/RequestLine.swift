package import DeepLinkBytes

/// The access-log line of one answered HTTP request, in the log-line format (`JSONLogLine`): the head, then
/// `bytes`, `duration_ms`, `endpoint`, `method`, `path`, `remote` and `status` in key order, the numbers as JSON
/// numbers. Written here, beside the head, so that the line is written in one piece.
package enum RequestLine {
    /// Appends the line of a request by `method` for `path` (as the log may show it: a secret already redacted) from
    /// `remote`, answered with `status` and `bytes` of body in `nanoseconds`, without a newline; `quotedLabel` is the
    /// logger's label quoted as a JSON string, and `endpointName` the endpoint's name as bytes (which need no
    /// escaping).
    package static func write(
        method: String, path: Substring, status: Int, bytes: Int, nanoseconds: Int, remote: String, quotedLabel: [UInt8], endpointName: [UInt8],
        into line: inout [UInt8]
    ) {
        var path = path
        path.withUTF8 { path in
            let variable = quotedLabel.count + ByteWriter.jsonStringCapacity(method.utf8.count + path.count + remote.utf8.count)
            ByteWriter.append(to: &line, capacity: JSONLogLine.headRoom + 256 + variable) { line in
                JSONLogLine.writeHead(level: "info", quotedLabel: quotedLabel, message: "request", into: &line)
                line.write(#","bytes":"#)
                line.writeDecimal(bytes)
                line.write(#","duration_ms":"#)
                let microseconds = max(0, nanoseconds) / 1000
                line.writeDecimal(microseconds / 1000)
                line.write(UInt8(ascii: "."))
                line.writeDecimal(microseconds % 1000, digits: 3)
                line.write(#","endpoint":""#)
                line.write(endpointName)
                line.write(#"","method":"#)
                line.writeJSONString(method)
                line.write(#","path":"#)
                line.writeJSONString(path)
                line.write(#","remote":"#)
                line.writeJSONString(remote)
                line.write(#","status":"#)
                line.writeDecimal(status)
                line.write(UInt8(ascii: "}"))
            }
        }
    }
}
