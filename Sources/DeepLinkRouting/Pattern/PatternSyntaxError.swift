/// Why a path pattern cannot be parsed.
package enum PatternSyntaxError: Error, Equatable, CustomStringConvertible {
    case emptyComponent(position: Int)
    case restNotLast(position: Int)
    case partialWildcard(String)
    case percentInLiteral(String)
    case unterminatedParameter(String)
    case invalidParameterName(String)
    case twoParameters(String)
    case duplicateParameter(String)
    case queryOrFragment(String)

    package var description: String {
        switch self {
        case .emptyComponent(let position):
            "component \(position) is empty (a doubled or trailing '/')"
        case .restNotLast(let position):
            "'**' must be the last component, but it is component \(position)"
        case .partialWildcard(let piece):
            "'*' must be a whole component, not part of '\(piece)'"
        case .percentInLiteral(let piece):
            "'\(piece)' contains '%': write literals decoded, as they read"
        case .unterminatedParameter(let piece):
            "'\(piece)' opens '$(' without a closing ')'"
        case .invalidParameterName(let piece):
            "'\(piece)' has an invalid parameter name (use letters, digits, '_' or '-')"
        case .twoParameters(let piece):
            "'\(piece)' has more than one parameter; use one per component"
        case .duplicateParameter(let name):
            "parameter '\(name)' is used twice"
        case .queryOrFragment(let mark):
            "patterns match the path only, remove '\(mark)' (declare query parameters under params)"
        }
    }
}
