/// Why a body is not strict JSON: what was found, and at which byte.
package struct StrictJSONError: Error, Equatable, CustomStringConvertible {
    /// What was found (`a trailing comma`).
    package let problem: String
    /// The offset of the byte it is at.
    package let offset: Int

    init(_ problem: String, at offset: Int) {
        self.problem = problem
        self.offset = offset
    }

    package var description: String { "the body is not strict JSON (RFC 8259): \(problem) at byte \(offset)" }
}
