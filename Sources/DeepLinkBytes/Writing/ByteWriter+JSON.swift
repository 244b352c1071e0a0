extension ByteWriter {
    /// The room a JSON string literal of `utf8Count` bytes of text can take: every byte escaped as `\u00XX`, and
    /// the quotes.
    package static func jsonStringCapacity(_ utf8Count: Int) -> Int {
        6 * utf8Count + 2
    }

    /// The exact length of the JSON string literal `writeJSONString(_:)` writes for `value`, with its quotes.
    package static func jsonStringLength(_ value: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = value.baseAddress else { return 2 }
        var length = value.count + 2
        var index = firstEscaped(base, from: 0, to: value.count)
        while index < value.count {
            length += shortEscape(of: base[index]) == nil ? 5 : 1
            index = firstEscaped(base, from: index + 1, to: value.count)
        }
        return length
    }

    /// Writes the UTF-8 text `value` as a JSON string literal, escaped as ``JSONWriter`` escapes it; invalid UTF-8 is
    /// written as it is. Where the room left is less than ``jsonStringCapacity(_:)``, the string is measured and
    /// written when its exact length fits.
    package mutating func writeJSONString(_ value: UnsafeBufferPointer<UInt8>) {
        let isRoomy = Self.jsonStringCapacity(value.count) <= capacity - count
        guard let start, isRoomy || reserve(Self.jsonStringLength(value)) else { return }
        let output = start + count
        output[0] = UInt8(ascii: "\"")
        let written = 1 + Self.escape(value, into: output + 1)
        output[written] = UInt8(ascii: "\"")
        count += written + 1
    }

    /// Writes the UTF-8 text `value` escaped as inside a JSON string literal, without the quotes, as
    /// `writeJSONString(_:)` does.
    package mutating func writeJSONEscaped(_ value: UnsafeBufferPointer<UInt8>) {
        let isRoomy = 6 * value.count <= capacity - count
        guard let start, isRoomy || reserve(Self.jsonStringLength(value) - 2) else { return }
        count += Self.escape(value, into: start + count)
    }

    /// Writes the UTF-8 of `text` as a JSON string literal.
    package mutating func writeJSONString(_ text: String) {
        var text = text
        text.withUTF8 { writeJSONString($0) }
    }

    /// Writes the UTF-8 of `text` escaped as inside a JSON string literal, without the quotes.
    package mutating func writeJSONEscaped(_ text: String) {
        var text = text
        text.withUTF8 { writeJSONEscaped($0) }
    }

    /// Writes `value` escaped into `output`, which has room for it; returns the count written.
    private static func escape(_ value: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int {
        guard let base = value.baseAddress else { return 0 }
        var written = 0
        var index = 0
        while index < value.count {
            // Copy the run of bytes that need no escape at once.
            let end = firstEscaped(base, from: index, to: value.count)
            (output + written).update(from: base + index, count: end - index)
            written += end - index
            guard end < value.count else { break }
            let byte = base[end]
            if let escape = shortEscape(of: byte) {
                (output[written], output[written + 1]) = (0x5C, escape)  // \" \\ \n \r \t
                written += 2
            } else {
                (output[written], output[written + 1], output[written + 2], output[written + 3]) = (0x5C, 0x75, 0x30, 0x30)  // \u00
                (output[written + 4], output[written + 5]) = (Hex.digit(byte >> 4), Hex.digit(byte))
                written += 6
            }
            index = end + 1
        }
        return written
    }

    /// The offset of the first byte of `base[start..<end]` that JSON escapes (``ASCIISet/jsonEscaped``), or `end`:
    /// eight bytes at a time while none of them is a control character, `"` or `\`.
    private static func firstEscaped(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = start
        while end - index >= 8 {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let quote = word ^ (0x22 &* ones)
            let backslash = word ^ (0x5C &* ones)
            // A byte below 0x20, or a zero byte after the XORs, sets its high bit (exact for "is there one").
            let control = (word &- 0x20 &* ones) & ~word
            let found = (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs
            if found != 0 { break }
            index += 8
        }
        // The last few bytes one by one: the members of `ASCIISet.jsonEscaped` compared, with no global to load.
        while index < end {
            let byte = base[index]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C { break }
            index += 1
        }
        return index
    }

    /// The letter after `\` of the two-byte escape of `byte`, or nil when it is written as `\u00XX`.
    private static func shortEscape(of byte: UInt8) -> UInt8? {
        switch byte {
        case 0x22: 0x22  // "
        case 0x5C: 0x5C  // \
        case 0x0A: UInt8(ascii: "n")
        case 0x0D: UInt8(ascii: "r")
        case 0x09: UInt8(ascii: "t")
        default: nil
        }
    }
}
