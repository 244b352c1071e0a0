extension SwiftGenerator {
    /// One case of a generated `switch`: its pattern (`.charger(let value0)`), the same case without bindings
    /// (`.charger`), and its statements.
    struct SwitchCase {
        let pattern: String
        let bareCase: String
        let body: [String]
    }

    /// The most cases one generated `switch` holds. The compiler's exhaustiveness check of a `switch` over an enum
    /// with values takes time growing with the square of its cases (and gives up on 2,000), so a longer one is split.
    static let casesPerSwitch = 250

    /// `static func NAME(…) -> RESULT` switching on `subject` over `cases`, in members of an extension (indented by 4).
    ///
    /// Up to `casesPerSwitch` cases, one exhaustive `switch`. Beyond, `NAME` calls `NAME0`, and each `NAMEn` holds
    /// `casesPerSwitch` cases and passes the others on to the next with `default`. The last one's `default` is
    /// `fallback` when given: the compiler cannot check that a `switch` over thousands of cases with values is
    /// exhaustive (it gives up), so the last `default` of such a chain is never taken but must be written. Without
    /// `fallback` (cases without values, which the compiler checks quickly) the last one lists the earlier cases as
    /// going back to `NAME0`, which takes them, and every `switch` is exhaustive.
    func switchFunctions(
        summary: [String], name: String, parameters: String, arguments: String, result: String, subject: String, cases: [SwitchCase],
        fallback: [String]? = nil
    ) -> [String] {
        func function(_ functionName: String, _ body: [String]) -> [String] {
            ["    nonisolated static func \(functionName)(\(parameters)) -> \(result) {"] + body.map { "        " + $0 } + ["    }"]
        }
        func caseLines(_ cases: ArraySlice<SwitchCase>) -> [String] {
            cases.flatMap { ["case \($0.pattern):"] + $0.body.map { "    " + $0 } }
        }
        let comments = summary.map { "    /// " + $0 }
        guard cases.count > Self.casesPerSwitch else {
            return comments + function(name, ["switch \(subject) {"] + caseLines(cases[...]) + ["}"])
        }
        var lines = comments + function(name, ["\(name)0(\(arguments))"])
        for start in stride(from: 0, to: cases.count, by: Self.casesPerSwitch) {
            let end = min(start + Self.casesPerSwitch, cases.count)
            let rest: [String]
            if end < cases.count {
                rest = ["default:", "    return \(name)\(end)(\(arguments))"]
            } else if let fallback {
                rest = ["default:"] + fallback.map { "    " + $0 }
            } else {
                rest =
                    ["// Taken by the earlier functions, which \(name)0 begins.", "case \(cases[..<start].map(\.bareCase).joined(separator: ", ")):"]
                    + ["    return \(name)0(\(arguments))"]
            }
            lines += [""] + ["    /// Cases \(start + 1) to \(end) of `\(name)`."]
            lines += function("\(name)\(start)", ["switch \(subject) {"] + caseLines(cases[start..<end]) + rest + ["}"])
        }
        return lines
    }
}
