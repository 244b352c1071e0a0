extension Substring {
    /// Checks, without allocating, that every `%XX` escape is valid and that the decoded bytes are UTF-8; the same
    /// rule as `percentDecoded()`, which is only called when a decoded value is needed.
    func validatePercentEncoding() throws(PercentDecodingError) {
        guard utf8.contains(UInt8(ascii: "%")) else { return }
        var validator = UTF8Validator()
        var index = utf8.startIndex
        while index < utf8.endIndex {
            var byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let high = utf8.index(after: index)
                let low = high < utf8.endIndex ? utf8.index(after: high) : high
                guard low < utf8.endIndex, let h = utf8[high].hexValue, let l = utf8[low].hexValue else {
                    let end = utf8.index(index, offsetBy: 3, limitedBy: utf8.endIndex) ?? utf8.endIndex
                    throw .invalidEscape(String(self[index..<end]))
                }
                byte = h << 4 | l
                index = utf8.index(after: low)
            } else {
                index = utf8.index(after: index)
            }
            guard validator.accept(byte) else { throw .invalidUTF8 }
        }
        guard validator.isComplete else { throw .invalidUTF8 }
    }

    /// Whether the text, percent-decoded, equals `other` byte for byte (the text's escapes must be valid).
    func percentDecodedEquals(_ other: String) -> Bool {
        guard utf8.contains(UInt8(ascii: "%")) else { return utf8.elementsEqual(other.utf8) }
        var expected = other.utf8.makeIterator()
        var index = utf8.startIndex
        while index < utf8.endIndex {
            var byte = utf8[index]
            if byte == UInt8(ascii: "%"), let high = utf8.index(index, offsetBy: 2, limitedBy: utf8.endIndex), high < utf8.endIndex,
                let h = utf8[utf8.index(after: index)].hexValue, let l = utf8[high].hexValue
            {
                byte = h << 4 | l
                index = utf8.index(after: high)
            } else {
                index = utf8.index(after: index)
            }
            guard expected.next() == byte else { return false }
        }
        return expected.next() == nil
    }
}

/// Validates a byte stream as UTF-8 (no overlongs, no surrogates, nothing past U+10FFFF), one byte at a time.
struct UTF8Validator {
    private var remaining = 0
    private var lowest: UInt8 = 0x80
    private var highest: UInt8 = 0xBF

    /// Whether every sequence started has ended.
    var isComplete: Bool { remaining == 0 }

    /// Takes the next byte; false when the stream is not UTF-8.
    mutating func accept(_ byte: UInt8) -> Bool {
        if remaining > 0 {
            guard (lowest...highest).contains(byte) else { return false }
            remaining -= 1
            (lowest, highest) = (0x80, 0xBF)
            return true
        }
        switch byte {
        case 0x00...0x7F: return true
        case 0xC2...0xDF: remaining = 1
        case 0xE0: (remaining, lowest) = (2, 0xA0)
        case 0xE1...0xEC, 0xEE, 0xEF: remaining = 2
        case 0xED: (remaining, highest) = (2, 0x9F)
        case 0xF0: (remaining, lowest) = (3, 0x90)
        case 0xF1...0xF3: remaining = 3
        case 0xF4: (remaining, highest) = (3, 0x8F)
        default: return false
        }
        return true
    }
}

extension Substring {
    /// ASCII case-insensitive comparison with a lower-case ASCII string (schemes and hosts).
    func equalsLowercased(_ lowercase: String) -> Bool {
        utf8.count == lowercase.utf8.count
            && zip(utf8, lowercase.utf8).allSatisfy { ((0x41...0x5A).contains($0) ? $0 | 0x20 : $0) == $1 }
    }
}
