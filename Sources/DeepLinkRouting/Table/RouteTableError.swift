/// A definition with errors.
public struct RouteTableError: Error, Equatable, CustomStringConvertible {
    /// Every problem found, errors and warnings.
    public let diagnostics: [Diagnostic]

    /// The message: every diagnostic, one a line.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
