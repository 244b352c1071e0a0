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
    var isUnreserved: Bool {
        isASCIILetter || isASCIIDigit || self == 0x2D || self == 0x2E || self == 0x5F || self == 0x7E
    }
}

extension ByteWriter {
    /// Writes `text` percent-encoded as `percentEncoded()` does: unreserved bytes as they are, others as `%XX`.
    mutating func writePercentEncoded(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes {
                if byte.isUnreserved {
                    write(byte)
                } else {
                    write(UInt8(ascii: "%"))
                    write(Self.upperHexDigits[Int(byte >> 4)])
                    write(Self.upperHexDigits[Int(byte & 0x0F)])
                }
            }
        }
    }

    private static let upperHexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
