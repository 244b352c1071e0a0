extension StringProtocol {
    /// Percent-encodes every byte outside RFC 3986's unreserved set (`A-Z a-z 0-9 - . _ ~`), so a value can stand
    /// in any path component or query item and decodes back to itself.
    func percentEncoded() -> String {
        let unreserved = utf8.allSatisfy { $0.isUnreserved }
        if unreserved { return String(self) }
        var encoded = ""
        encoded.reserveCapacity(utf8.count * 3)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in utf8 {
            if byte.isUnreserved {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                encoded.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0x0F)]))
            }
        }
        return encoded
    }
}

extension UInt8 {
    /// Whether the byte is in RFC 3986's unreserved set: `A-Z a-z 0-9 - . _ ~`.
    var isUnreserved: Bool {
        self < 0x80 && (self < 0x40 ? (Self.unreservedBelow0x40 >> UInt64(self)) & 1 : (Self.unreservedFrom0x40 >> UInt64(self - 0x40)) & 1) == 1
    }

    /// Bit `n` set for each unreserved byte `n` below 0x40: `-`, `.` and the digits.
    private static let unreservedBelow0x40: UInt64 = 1 << 0x2D | 1 << 0x2E | 0x03FF << 0x30
    /// Bit `n` set for each unreserved byte `0x40 + n`: the letters, `_` and `~`.
    private static let unreservedFrom0x40: UInt64 = 0x07FF_FFFE | 1 << (0x5F - 0x40) | 0x07FF_FFFE << 32 | 1 << (0x7E - 0x40)
}

extension ByteWriter {
    /// Writes `text` percent-encoded as `percentEncoded()` does: unreserved bytes as they are, others as `%XX`.
    mutating func writePercentEncoded(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                var end = index
                while end < bytes.count, bytes[end].isUnreserved { end += 1 }
                write(UnsafeBufferPointer(rebasing: bytes[index..<end]))
                guard end < bytes.count else { return }
                let byte = bytes[end]
                write(UInt8(ascii: "%"))
                write(Self.upperHexDigit(byte >> 4))
                write(Self.upperHexDigit(byte & 0x0F))
                index = end + 1
            }
        }
    }

    private static func upperHexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }
}
