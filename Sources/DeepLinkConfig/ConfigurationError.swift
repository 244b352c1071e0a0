package import DeepLinkRouting

/// A config that cannot be used, with every problem found.
package struct ConfigurationError: Error, CustomStringConvertible {
    /// The file, as named on the command line.
    package let file: String
    /// Every problem, errors and warnings.
    package let diagnostics: [Diagnostic]

    /// One `FILE:LINE: message` line per problem.
    package var description: String {
        diagnostics.map { $0.formatted(file: file) }.joined(separator: "\n")
    }
}
