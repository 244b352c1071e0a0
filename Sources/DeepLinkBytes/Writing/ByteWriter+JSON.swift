extension ByteWriter {
    /// The room a JSON string literal of `utf8Count` bytes of text can take: every byte escaped as `\u00XX`, and
    /// the quotes.
    package static func jsonStringCapacity(_ utf8Count: Int) -> Int {
        6 * utf8Count + 2
    }

    /// Writes the UTF-8 text `value` as a JSON string literal, escaped as ``JSONWriter`` escapes it; invalid UTF-8 is
    /// written as it is.
    package mutating func writeJSONString(_ value: UnsafeBufferPointer<UInt8>) {
        guard let start, reserve(Self.jsonStringCapacity(value.count)) else { return }
        let output = start + count
        var written = 0
        output[written] = UInt8(ascii: "\"")
        written += 1
        let escaped = ASCIISet.jsonEscaped
        var index = 0
        while index < value.count {
            let byte = value[index]
            guard escaped.contains(byte) else {
                // Copy the run of bytes that need no escape at once.
                var end = index + 1
                while end < value.count, !escaped.contains(value[end]) { end += 1 }
                if let source = value.baseAddress { (output + written).update(from: source + index, count: end - index) }
                written += end - index
                index = end
                continue
            }
            let escape: StaticString? =
                switch byte {
                case 0x22: #"\""#
                case 0x5C: #"\\"#
                case 0x0A: #"\n"#
                case 0x0D: #"\r"#
                case 0x09: #"\t"#
                default: nil
                }
            if let escape {
                escape.withUTF8Buffer { text in
                    for (offset, character) in text.enumerated() { output[written + offset] = character }
                    written += text.count
                }
            } else {
                (output[written], output[written + 1], output[written + 2], output[written + 3]) = (0x5C, 0x75, 0x30, 0x30)  // \u00
                (output[written + 4], output[written + 5]) = (Hex.digit(byte >> 4), Hex.digit(byte))
                written += 6
            }
            index += 1
        }
        output[written] = UInt8(ascii: "\"")
        count += written + 1
    }

    /// Writes the UTF-8 of `text` as a JSON string literal.
    package mutating func writeJSONString(_ text: String) {
        var text = text
        text.withUTF8 { writeJSONString($0) }
    }

}
