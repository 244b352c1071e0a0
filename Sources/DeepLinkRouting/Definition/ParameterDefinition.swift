/// One parameter as written.
public struct ParameterDefinition: Sendable {
    /// The charset of a parameter that names none: RFC 3986's unreserved characters.
    public static let defaultCharset = "A-Za-z0-9._~-"

    /// Parameter name.
    public var name: String
    /// Character-class body; nil means `defaultCharset`.
    public var charset: String?
    /// Minimum length; nil means 1.
    public var minimumLength: Int?
    /// Maximum length; nil means 1024.
    public var maximumLength: Int?
    /// Whether a query parameter must be present; nil means no.
    public var isRequired: Bool?
    /// The line of the parameter.
    public var line: Int?

    /// A parameter.
    public init(name: String, charset: String?, minimumLength: Int? = nil, maximumLength: Int? = nil, isRequired: Bool? = nil, line: Int? = nil) {
        self.name = name
        self.charset = charset
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
        self.isRequired = isRequired
        self.line = line
    }
}
