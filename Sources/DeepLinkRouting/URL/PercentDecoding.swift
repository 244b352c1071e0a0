/// Why a percent-encoded string cannot be decoded.
public enum PercentDecodingError: Error, Equatable, CustomStringConvertible {
    case invalidEscape(String)
    case invalidUTF8

    public var description: String {
        switch self {
        case .invalidEscape(let escape): "invalid percent-escape '\(escape)'"
        case .invalidUTF8: "percent-escapes decode to invalid UTF-8"
        }
    }
}

extension Substring {
    /// Decodes `%XX` escapes once; `+` stays `+`. Returns `self` unchanged (no copy) when there is nothing to decode.
    func percentDecoded() throws(PercentDecodingError) -> Substring {
        guard utf8.contains(UInt8(ascii: "%")) else { return self }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                index = utf8.index(after: index)
                continue
            }
            let high = utf8.index(after: index)
            let low = high < utf8.endIndex ? utf8.index(after: high) : high
            guard low < utf8.endIndex, let h = utf8[high].hexValue, let l = utf8[low].hexValue else {
                let end = Swift.min(utf8.index(index, offsetBy: 3, limitedBy: utf8.endIndex) ?? utf8.endIndex, utf8.endIndex)
                throw .invalidEscape(String(self[index..<end]))
            }
            bytes.append(h << 4 | l)
            index = utf8.index(after: low)
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        return decoded[...]
    }
}

extension UInt8 {
    var hexValue: UInt8? {
        switch self {
        case 0x30...0x39: self - 0x30
        case 0x41...0x46: self - 0x41 + 10
        case 0x61...0x66: self - 0x61 + 10
        default: nil
        }
    }
}
