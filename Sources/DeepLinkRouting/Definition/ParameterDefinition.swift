/// One parameter as written.
public struct ParameterDefinition: Sendable {
    /// The charset of a parameter that names none: RFC 3986's unreserved characters.
    package static let defaultCharset = "A-Za-z0-9._~-"

    /// Parameter name.
    package var name: String
    /// Character-class body; nil means `defaultCharset`.
    package var charset: String?
    /// Minimum length; nil means 1.
    package var minimumLength: Int?
    /// Maximum length; nil means 1024.
    package var maximumLength: Int?
    /// Whether a query parameter must be present; nil means no.
    package var isRequired: Bool?
    /// The line of the parameter.
    package var line: Int?

    /// A parameter.
    ///
    /// - Parameters:
    ///   - name: As in the pattern or the query.
    ///   - charset: A character-class body (`A-Za-z0-9_-`); nil for RFC 3986's unreserved characters.
    ///   - minimumLength: The fewest characters; nil for 1.
    ///   - maximumLength: The most characters; nil for 1024.
    ///   - isRequired: For a query parameter, whether the URL must carry it; nil for no.
    ///   - line: The line of the parameter.
    public init(name: String, charset: String?, minimumLength: Int? = nil, maximumLength: Int? = nil, isRequired: Bool? = nil, line: Int? = nil) {
        self.name = name
        self.charset = charset
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
        self.isRequired = isRequired
        self.line = line
    }
}
