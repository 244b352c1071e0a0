/// Why a percent-encoded string cannot be decoded.
package enum PercentDecodingError: Error, Equatable, CustomStringConvertible {
    case invalidEscape(String)
    case invalidUTF8

    package var description: String {
        switch self {
        case .invalidEscape(let escape): "invalid percent-escape '\(escape)'"
        case .invalidUTF8: "percent-escapes decode to invalid UTF-8"
        }
    }
}

extension Substring {
    /// Decodes `%XX` escapes once; `+` stays `+`. Returns `self` unchanged (no copy) when there is nothing to decode.
    ///
    /// The first malformed escape is the error; only when every escape is well formed are the decoded bytes checked
    /// to be UTF-8.
    func percentDecoded() throws(PercentDecodingError) -> Substring {
        var text = self
        let decoded = text.withUTF8 { bytes -> Result<String?, PercentDecodingError> in
            guard bytes.contains(UInt8(ascii: "%")) else { return .success(nil) }
            var index = 0
            while let escape = bytes[index...].firstIndex(of: UInt8(ascii: "%")) {
                guard escape + 2 < bytes.count, bytes[escape + 1].hexValue != nil, bytes[escape + 2].hexValue != nil else {
                    return .failure(.invalidEscape(String(decoding: Bytes(rebasing: bytes[escape..<Swift.min(escape + 3, bytes.count)]), as: UTF8.self)))
                }
                index = escape + 3
            }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
                guard let output = buffer.baseAddress else { return .success("") }
                let decoded = PercentEncoding.decode(bytes, into: output)
                guard let text = String(validating: decoded, as: UTF8.self) else { return .failure(.invalidUTF8) }
                return .success(text)
            }
        }
        return try decoded.get().map { $0[...] } ?? self
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
