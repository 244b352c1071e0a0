import DeepLinkBytes

/// The access-log line of one answered HTTP request, in the log-line format (`JSONLogLine`): the head, then
/// `bytes`, `duration_ms`, `endpoint`, `method`, `path`, `remote` and `status` in key order, the numbers as JSON
/// numbers. Written here, beside the head, so that the line is written in one piece.
package enum RequestLine {
    /// What every line of one access log shares, worked out once: the head after its time, up to the `bytes` value,
    /// and each endpoint's `endpoint` member up to the `method` value. A line is then its time, the numbers and the
    /// three strings of the request between these.
    package struct Fixed: Sendable {
        /// `","level":"info","label":LABEL,"message":"request","bytes":`
        let afterTime: [UInt8]
        /// `,"endpoint":"NAME","method":`, by endpoint index.
        let endpointFields: [[UInt8]]

        /// The fixed parts of the lines of the logger labelled `quotedLabel` (a JSON string, quoted), for endpoints
        /// named `endpointNames` (which need no escaping), by index.
        package init(quotedLabel: [UInt8], endpointNames: [String]) {
            afterTime = JSONLogLine.afterTime(level: "info", quotedLabel: quotedLabel, message: "request") + Array(#","bytes":"#.utf8)
            endpointFields = endpointNames.map { Array(#","endpoint":""#.utf8) + Array($0.utf8) + Array(#"","method":"#.utf8) }
        }
    }

    /// Appends the line of a request by `method` for `path` (as the log may show it: a secret already redacted) from
    /// `remote`, answered with `status` and `bytes` of body in `nanoseconds`, without a newline; `fixed` holds the
    /// logger's parts and `endpoint` is the index of the endpoint's in it.
    package static func write(
        method: String, path: Substring, status: Int, bytes: Int, nanoseconds: Int, remote: String, fixed: Fixed, endpoint: Int,
        into line: inout [UInt8]
    ) {
        guard fixed.endpointFields.indices.contains(endpoint) else { return }
        let endpointField = fixed.endpointFields[endpoint]
        var path = path
        path.withUTF8 { path in
            let variable = ByteWriter.jsonStringCapacity(method.utf8.count + path.count + remote.utf8.count)
            let capacity = fixed.afterTime.count + endpointField.count + 128 + variable
            ByteWriter.append(to: &line, capacity: capacity) { line in
                JSONLogLine.writeTime(into: &line)
                line.write(fixed.afterTime)
                line.writeDecimal(bytes)
                line.write(#","duration_ms":"#)
                let microseconds = max(0, nanoseconds) / 1000
                line.writeDecimal(microseconds / 1000)
                line.write(UInt8(ascii: "."))
                line.writeDecimal(microseconds % 1000, digits: 3)
                line.write(endpointField)
                if method == "GET" {
                    line.write(#""GET","path":"#)
                } else {
                    line.writeJSONString(method)
                    line.write(#","path":"#)
                }
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
