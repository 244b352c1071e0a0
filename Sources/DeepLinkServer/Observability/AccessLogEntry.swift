import DeepLinkBytes

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

    /// Appends the JSON object, without a newline; `endpointName` is the endpoint's name as bytes.
    func write(quotedLabel: [UInt8], endpointName: [UInt8], into line: inout [UInt8]) {
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
