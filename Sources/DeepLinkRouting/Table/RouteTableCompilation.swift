/// The result of compiling a definition: the table when it has no errors, and every diagnostic.
public struct RouteTableCompilation: Sendable {
    /// The table, or nil when there is at least one error.
    public let table: RouteTable?
    /// Errors and warnings, in config order.
    public let diagnostics: [Diagnostic]
}
