/// Percent-coding on raw bytes (RFC 3986 §2.1): the one decoder, for the resolve hot path and the query reader, and
/// the one encoder (`PercentEncoding+encoding.swift`). `+` is not special: it stays `+`.
package enum PercentEncoding {
    /// Checks, without allocating, that every `%XX` escape is valid and that the decoded bytes are UTF-8; the first
    /// malformed escape is the error.
    package static func validate(_ bytes: UnsafeBufferPointer<UInt8>) throws(PercentDecodingError) {
        guard bytes.contains(UInt8(ascii: "%")) else { return }
        var validator = UTF8Validator()
        var index = 0
        while index < bytes.count {
            var byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard let decoded = escape(in: bytes, at: index) else { throw invalidEscape(in: bytes, at: index) }
                byte = decoded
                index += 3
            } else {
                index += 1
            }
            guard validator.accept(byte) else { throw .invalidUTF8 }
        }
        guard validator.isComplete else { throw .invalidUTF8 }
    }

    /// Decodes `bytes` into `output` (room for `bytes.count`), returning the decoded slice; a malformed escape is
    /// copied as it is (validate first to refuse it).
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var written = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), let byte = escape(in: bytes, at: index) {
                output[written] = byte
                index += 3
            } else {
                output[written] = bytes[index]
                index += 1
            }
            written += 1
        }
        return UnsafeBufferPointer(start: output, count: written)
    }

    /// Whether `bytes`, decoded, equal `expected`.
    package static func decodedEquals(_ bytes: UnsafeBufferPointer<UInt8>, _ expected: UnsafeBufferPointer<UInt8>) -> Bool {
        var matched = 0
        var index = 0
        while index < bytes.count {
            var byte = bytes[index]
            if byte == UInt8(ascii: "%"), let decoded = escape(in: bytes, at: index) {
                byte = decoded
                index += 3
            } else {
                index += 1
            }
            guard matched < expected.count, expected[matched] == byte else { return false }
            matched += 1
        }
        return matched == expected.count
    }

    /// The byte the escape at `index` (a `%`) stands for, or nil when two hex digits do not follow it.
    static func escape(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt8? {
        guard index + 2 < bytes.count, let high = Hex.value(of: bytes[index + 1]), let low = Hex.value(of: bytes[index + 2]) else { return nil }
        return high << 4 | low
    }

    /// The error for the malformed escape at `index`: the `%` and at most two bytes after it.
    static func invalidEscape(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> PercentDecodingError {
        .invalidEscape(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<min(index + 3, bytes.count)]), as: UTF8.self))
    }
}

extension PercentEncoding {
    /// `bytes` decoded as text, or nil when they hold no `%` (nothing to decode). The first malformed escape is the
    /// error; only when every escape is well formed are the decoded bytes checked to be UTF-8.
    package static func decoded(_ bytes: UnsafeBufferPointer<UInt8>) throws(PercentDecodingError) -> String? {
        guard bytes.contains(UInt8(ascii: "%")) else { return nil }
        // Validated here rather than by `String(validating:as:)`, which needs iOS 18 and macOS 15: the app compiles this.
        let text = try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer throws(PercentDecodingError) -> String? in
            guard let output = buffer.baseAddress else { return nil }
            // One pass decodes and finds the first malformed escape; the bytes are checked as UTF-8 only when one is
            // not ASCII (a URL's usual case is all ASCII, which `String(decoding:as:)` takes without a second look).
            var written = 0
            var index = 0
            var highBits: UInt8 = 0
            while index < bytes.count {
                var byte = bytes[index]
                if byte == UInt8(ascii: "%") {
                    guard let decoded = escape(in: bytes, at: index) else { throw invalidEscape(in: bytes, at: index) }
                    byte = decoded
                    index += 3
                } else {
                    index += 1
                }
                output[written] = byte
                highBits |= byte
                written += 1
            }
            let decoded = UnsafeBufferPointer(start: output, count: written)
            if highBits >= 0x80 {
                var validator = UTF8Validator()
                guard decoded.allSatisfy({ validator.accept($0) }), validator.isComplete else { return nil }
            }
            return String(decoding: decoded, as: UTF8.self)
        }
        guard let text else { throw .invalidUTF8 }
        return text
    }
}
