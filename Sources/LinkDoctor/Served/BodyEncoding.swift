/// The text encoding of an AASA body: Apple's CDN and iOS read it as UTF-8 only, though a lenient JSON reader (as
/// Foundation's on Linux) detects UTF-16 and UTF-32 by their byte order marks or their zero bytes, and reads them too.
enum BodyEncoding {
    /// Why `body` is not UTF-8 text without a byte order mark, as a finding says it; nil when it is.
    static func problem(of body: [UInt8]) -> String? {
        let utf8Only = "Apple's CDN and iOS read the AASA as UTF-8 only"
        if let other = otherUnicodeForm(of: body) { return "the body is \(other), not UTF-8: \(utf8Only)" }
        if body.starts(with: [0xEF, 0xBB, 0xBF]) {
            return "the body starts with a UTF-8 byte order mark, which JSON text must not have (RFC 8259 §8.1) and a strict reader such as Apple's CDN refuses"
        }
        if let offset = firstInvalidByte(in: body) {
            let digits = String(body[offset], radix: 16, uppercase: true)
            return "the body is not UTF-8 (byte 0x\(digits.count == 1 ? "0" : "")\(digits) at offset \(offset) begins no character): \(utf8Only)"
        }
        return nil
    }

    /// `UTF-16 (little-endian)` and the like, from a byte order mark or, as RFC 4627 §3 reads JSON, from where the
    /// first characters (ASCII, as JSON begins) have their zero bytes.
    private static func otherUnicodeForm(of body: [UInt8]) -> String? {
        let marks: [([UInt8], String)] = [
            ([0x00, 0x00, 0xFE, 0xFF], "UTF-32 (big-endian, with a byte order mark)"),
            ([0xFF, 0xFE, 0x00, 0x00], "UTF-32 (little-endian, with a byte order mark)"),
            ([0xFE, 0xFF], "UTF-16 (big-endian, with a byte order mark)"), ([0xFF, 0xFE], "UTF-16 (little-endian, with a byte order mark)"),
        ]
        if let mark = marks.first(where: { body.starts(with: $0.0) }) { return mark.1 }
        let zeros = body.prefix(4).map { $0 == 0 }
        switch zeros {
        case [true, true, true, false]: return "UTF-32 (big-endian)"
        case [false, true, true, true]: return "UTF-32 (little-endian)"
        default: break
        }
        if zeros.count >= 2, zeros[0] != zeros[1] { return zeros[0] ? "UTF-16 (big-endian)" : "UTF-16 (little-endian)" }
        return nil
    }

    /// The offset of the first byte that does not begin a well-formed UTF-8 character, or nil.
    private static func firstInvalidByte(in body: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = body.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }
}
