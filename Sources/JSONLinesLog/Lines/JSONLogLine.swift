package import DeepLinkBytes

/// The server's one log-line format, JSON lines: `{"time":"…","level":"…","label":"…","message":"…"`, then the
/// fields, then `}`. The swift-log handler, the access log and the log sink's report of dropped lines all write
/// their lines through it, so the format lives in one place.
package enum JSONLogLine {
    /// A field's value: a number stays a JSON number, so a log store sums and graphs it; anything else is a string.
    enum Value {
        case string(String)
        case number(Int)
    }

    /// The room the head takes besides its label and message: the punctuation, the time and the longest level.
    package static let headRoom = 80

    /// Writes the head of a line, stamped with the current time; `quotedLabel` is the label already quoted as a JSON
    /// string, and `level` is one of swift-log's level names (which need no escaping).
    package static func writeHead(level: String, quotedLabel: [UInt8], message: String, into line: inout ByteWriter) {
        writeTime(into: &line)
        writeAfterTime(level: level, quotedLabel: quotedLabel, message: message, into: &line)
    }

    /// Writes the start of a line up to the end of its time: `{"time":"…`, stamped with the current time.
    package static func writeTime(into line: inout ByteWriter) {
        line.write(#"{"time":""#)
        Timestamp.write(into: &line)
    }

    /// The head after its time (`","level":"…","label":"…","message":"…"`), for lines that all share it: written once,
    /// then after each line's `writeTime(into:)`.
    package static func afterTime(level: String, quotedLabel: [UInt8], message: String) -> [UInt8] {
        var bytes: [UInt8] = []
        let room = headRoom + quotedLabel.count + ByteWriter.jsonStringCapacity(message.utf8.count)
        ByteWriter.append(to: &bytes, capacity: room) { writeAfterTime(level: level, quotedLabel: quotedLabel, message: message, into: &$0) }
        return bytes
    }

    private static func writeAfterTime(level: String, quotedLabel: [UInt8], message: String, into line: inout ByteWriter) {
        line.write(#"","level":""#)
        line.write(string: level)
        line.write(#"","label":"#)
        line.write(quotedLabel)
        line.write(#","message":"#)
        line.writeJSONString(message)
    }

    /// Writes `,"key":value`.
    static func writeField(_ key: String, _ value: Value, into line: inout ByteWriter) {
        line.write(UInt8(ascii: ","))
        line.writeJSONString(key)
        line.write(UInt8(ascii: ":"))
        switch value {
        case .string(let text): line.writeJSONString(text)
        case .number(let number): line.writeInteger(number)
        }
    }

    /// A whole line, without its newline: the head, then `fields` in the order given.
    static func make(level: String, label: String, message: String, fields: [(key: String, value: Value)] = []) -> [UInt8] {
        var quotedLabel: [UInt8] = []
        JSONWriter.quote(label, into: &quotedLabel)
        var capacity = headRoom + quotedLabel.count + ByteWriter.jsonStringCapacity(message.utf8.count) + 1
        for (key, value) in fields {
            let valueRoom = if case .string(let text) = value { ByteWriter.jsonStringCapacity(text.utf8.count) } else { 20 }
            capacity += 2 + ByteWriter.jsonStringCapacity(key.utf8.count) + valueRoom
        }
        var line: [UInt8] = []
        ByteWriter.append(to: &line, capacity: capacity) { line in
            writeHead(level: level, quotedLabel: quotedLabel, message: message, into: &line)
            for (key, value) in fields { writeField(key, value, into: &line) }
            line.write(UInt8(ascii: "}"))
        }
        return line
    }
}
