/// Validates a byte stream as UTF-8 (no overlongs, no surrogates, nothing past U+10FFFF), one byte at a time, for
/// bytes that are never gathered in one buffer (percent-escapes decoded on the fly).
struct UTF8Validator {
    private var remaining = 0
    private var lowest: UInt8 = 0x80
    private var highest: UInt8 = 0xBF

    /// A validator at the start of a stream.
    init() {}

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
