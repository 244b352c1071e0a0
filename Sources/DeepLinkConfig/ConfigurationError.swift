public import DeepLinkRouting

/// A config that cannot be used, with every problem found.
public struct ConfigurationError: Error, CustomStringConvertible {
    /// The file, as named on the command line.
    public let file: String
    /// Every problem, errors and warnings.
    public let diagnostics: [Diagnostic]

    /// One `FILE:LINE: message` line per problem.
    public var description: String {
        diagnostics.map { $0.formatted(file: file) }.joined(separator: "\n")
    }
}
