/// A definition with errors.
public struct RouteTableError: Error, Equatable, CustomStringConvertible {
    /// Every problem found, errors and warnings.
    public let diagnostics: [Diagnostic]

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
