/// What a parameter's value must look like: its characters and its length in characters (Unicode scalars).
public struct ParameterRule: Sendable, Hashable {
    /// Allowed characters.
    public let charset: CharacterClass
    /// Minimum length in characters.
    public let minimumLength: Int
    /// Maximum length in characters.
    public let maximumLength: Int
    /// For a query parameter: whether the URL must carry it. Path parameters are always present.
    public let isRequired: Bool

    /// A rule; `check` reports rules that nothing can satisfy.
    public init(charset: CharacterClass, minimumLength: Int, maximumLength: Int, isRequired: Bool) {
        self.charset = charset
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
        self.isRequired = isRequired
    }

    /// Checks a decoded value.
    public func validate(_ value: Substring) -> ParameterViolation? {
        var length = 0
        for scalar in value.unicodeScalars {
            guard charset.contains(scalar) else { return .forbiddenCharacter(scalar) }
            length += 1
            if length > maximumLength { return .tooLong(maximum: maximumLength) }
        }
        return length < minimumLength ? .tooShort(minimum: minimumLength) : nil
    }
}

/// How a value breaks its parameter's rule.
public enum ParameterViolation: Error, Equatable, Sendable, CustomStringConvertible {
    case missing
    case tooShort(minimum: Int)
    case tooLong(maximum: Int)
    case forbiddenCharacter(Unicode.Scalar)

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
        let hex = String(value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let isPrintable = !properties.generalCategory.isControlOrFormat && self != " "
        return isPrintable ? "\(code) '\(self)'" : code
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
