/// Why a body is not strict JSON: what was found, and at which byte.
struct StrictJSONError: Error, Equatable, CustomStringConvertible {
    let problem: String
    let offset: Int

    init(_ problem: String, at offset: Int) {
        self.problem = problem
        self.offset = offset
    }

    var description: String { "the body is not strict JSON (RFC 8259): \(problem) at byte \(offset)" }
}
