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
