/// Diagnostics collected while compiling.
struct Problems {
    private(set) var all: [Diagnostic] = []
    /// How many of `all` are errors.
    private(set) var errorCount = 0
    /// Whether the definition is one `deeplinkd check` accepted: the checks that only report (hidden characters, link
    /// lengths, reachability, stacks, secrets' reach, App Clip and copy-link rules) are skipped, and only what builds
    /// the table is still checked.
    var isVouched = false

    var hasErrors: Bool { errorCount > 0 }

    /// In line order; diagnostics without a line come first, in the order found.
    var sorted: [Diagnostic] {
        all.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
    }

    mutating func error(_ line: Int?, _ message: String) {
        all.append(Diagnostic(.error, line: line, message))
        errorCount += 1
    }

    mutating func warning(_ line: Int?, _ message: String) {
        all.append(Diagnostic(.warning, line: line, message))
    }
}
