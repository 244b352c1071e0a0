/// Percent-encoding on raw bytes, for the resolve hot path; `Substring.percentDecoded()` is the convenient form.
enum PercentEncoding {
    /// Checks, without allocating, that every `%XX` escape is valid and that the decoded bytes are UTF-8 (the
    /// same rule as `percentDecoded()`).
    static func validate(_ bytes: Bytes) throws(PercentDecodingError) {
        guard bytes.contains(UInt8(ascii: "%")) else { return }
        var validator = UTF8Validator()
        var index = 0
        while index < bytes.count {
            var byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = bytes[index + 1].hexValue, let low = bytes[index + 2].hexValue else {
                    throw .invalidEscape(String(decoding: Bytes(rebasing: bytes[index..<min(index + 3, bytes.count)]), as: UTF8.self))
                }
                byte = high << 4 | low
                index += 3
            } else {
                index += 1
            }
            guard validator.accept(byte) else { throw .invalidUTF8 }
        }
        guard validator.isComplete else { throw .invalidUTF8 }
    }

    /// Decodes validated `bytes` into `output` (room for `bytes.count`), returning the decoded slice.
    static func decode(_ bytes: Bytes, into output: UnsafeMutablePointer<UInt8>) -> Bytes {
        var written = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = bytes[index + 1].hexValue,
                let low = bytes[index + 2].hexValue
            {
                output[written] = high << 4 | low
                index += 3
            } else {
                output[written] = bytes[index]
                index += 1
            }
            written += 1
        }
        return Bytes(start: output, count: written)
    }

    /// Whether validated `bytes`, decoded, equal `name`.
    static func decodedEquals(_ bytes: Bytes, _ name: String) -> Bool {
        name.withBytes { expected in
            var matched = 0
            var index = 0
            while index < bytes.count {
                var byte = bytes[index]
                if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = bytes[index + 1].hexValue, let low = bytes[index + 2].hexValue {
                    byte = high << 4 | low
                    index += 3
                } else {
                    index += 1
                }
                guard matched < expected.count, expected[matched] == byte else { return false }
                matched += 1
            }
            return matched == expected.count
        }
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

extension UnsafeBufferPointer<UInt8> {
    /// ASCII case-insensitive comparison with a lower-case ASCII string (schemes and hosts).
    func equalsLowercased(_ lowercase: String) -> Bool {
        lowercase.withBytes { expected in
            expected.count == count && zip(self, expected).allSatisfy { ((0x41...0x5A).contains($0) ? $0 | 0x20 : $0) == $1 }
        }
    }

    /// The part between `prefix` and `suffix` when the bytes start and end with them without overlap.
    func between(prefix: String, suffix: String) -> Bytes? {
        prefix.withBytes { prefix in
            suffix.withBytes { suffix in
                guard count >= prefix.count + suffix.count, self[0..<prefix.count].elementsEqual(prefix),
                    self[(count - suffix.count)...].elementsEqual(suffix)
                else { return nil }
                return Bytes(rebasing: self[prefix.count..<(count - suffix.count)])
            }
        }
    }
}

extension String {
    /// Runs `body` on the string's UTF-8 bytes, in place for a native string (copied once otherwise).
    func withBytes<Result>(_ body: (Bytes) -> Result) -> Result {
        utf8.withContiguousStorageIfAvailable(body) ?? Array(utf8).withUnsafeBufferPointer(body)
    }
}
