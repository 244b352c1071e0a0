/// Why a character-class body cannot be parsed.
package enum CharacterClassError: Error, Equatable, CustomStringConvertible {
    case empty
    case negated
    case danglingEscape
    case unsupportedEscape(Unicode.Scalar)
    case reversedRange(Unicode.Scalar, Unicode.Scalar)

    package var description: String {
        switch self {
        case .empty: "charset is empty, so no value can match"
        case .negated: "charset cannot be negated with a leading '^'; list the allowed characters"
        case .danglingEscape: "charset ends with a lone '\\'"
        case .unsupportedEscape(let scalar): "charset escape '\\\(scalar)' is not supported (only \\-, \\\\, \\^, \\])"
        case .reversedRange(let low, let high): "charset range '\(low)-\(high)' is reversed"
        }
    }
}
