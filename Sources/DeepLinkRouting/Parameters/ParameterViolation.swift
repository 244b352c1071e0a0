/// How a value breaks its parameter's rule.
public enum ParameterViolation: Error, Equatable, Sendable, CustomStringConvertible {
    case missing
    case tooShort(minimum: Int)
    case tooLong(maximum: Int)
    case forbiddenCharacter(Unicode.Scalar)

    /// The message: how the value breaks the rule (`is longer than 64 characters`).
    public var description: String {
        switch self {
        case .missing: "is required but missing"
        case .tooShort(let minimum): "is shorter than \(minimum) characters"
        case .tooLong(let maximum): "is longer than \(maximum) characters"
        case .forbiddenCharacter(let scalar): "contains a forbidden character \(scalar.readableName)"
        }
    }
}

extension Unicode.Scalar {
    /// `U+002F '/'` style, printable even for control characters.
    var readableName: String {
        let isPrintable = !properties.generalCategory.isControlOrFormat && self != " "
        return isPrintable ? "\(codePoint) '\(self)'" : codePoint
    }
}

extension Unicode.GeneralCategory {
    var isControlOrFormat: Bool {
        switch self {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
