package import DeepLinkConfig
package import DeepLinkRouting
import Foundation
import GeneratedNames

/// What `deeplinkd check` and `deeplinkd generate kotlin` refuse for the Kotlin code: names it cannot declare even in
/// backticks. Keywords are escaped, so only these are left: a name made of `_` alone (Kotlin reserves `_`, `__`, …),
/// a route whose class would hide a type the file declares, and states or features whose enum entries would be the
/// same once their first letter is upper-cased (`signedOut` and `SignedOut`).
package enum KotlinNameCheck {
    /// The result of checking the table at `path` (`Configuration.check(file:templates:)`), with the Kotlin name
    /// problems of the table's generated code added in line order; the file is read and parsed once.
    package static func check(file path: String) -> Configuration.Check {
        let (check, definition) = Configuration.checkWithDefinition(file: path)
        return definition.map { adding(to: check, definition: $0) } ?? check
    }

    /// `check`, a check of a table whose `definition` was read on the way (`Configuration.checkWithDefinition`,
    /// `SwiftNameCheck.checkWithDefinition`), with the Kotlin name problems added in line order; the table and documents
    /// are gone when one is an error, so a table `check` accepts generates Kotlin that compiles.
    package static func adding(to check: Configuration.Check, definition: RouteTableDefinition) -> Configuration.Check {
        guard !hasFileError(check) else { return check }
        let all = check.diagnostics + problems(in: definition)
        let ordered = all.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
        let isValid = !ordered.contains { $0.severity == .error }
        return (isValid ? check.table : nil, check.android, isValid ? check.documents : nil, ordered)
    }

    /// Whether an error without a line, the file's own (unreadable, a FIFO, not UTF-8), is among `check`'s diagnostics.
    private static func hasFileError(_ check: Configuration.Check) -> Bool {
        check.diagnostics.contains { $0.line == nil && $0.severity == .error }
    }

    /// Every such problem in `definition`, on its line.
    package static func problems(in definition: RouteTableDefinition) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for route in definition.routes {
            let line = route.name.line ?? route.line
            if let type = KotlinName.type(for: route.name.value) {
                if isUnderscores(type) {
                    problems.append(
                        Diagnostic(.error, line: line, "route '\(route.name.value)': its Kotlin name '\(type)' is reserved in Kotlin; rename the route"))
                } else if KotlinName.reservedTypeNames.contains(type) {
                    problems.append(
                        Diagnostic(
                            .error, line: line,
                            "route '\(route.name.value)': its Kotlin class '\(type)' would hide a type the generated Kotlin declares; rename the route"))
                }
            }
            for parameter in route.parameters {
                if let name = GeneratedName.identifier(for: parameter.name), isUnderscores(name), name != "_" {
                    problems.append(
                        Diagnostic(
                            .error, line: parameter.line ?? line,
                            "route '\(route.name.value)': parameter '\(parameter.name)': its Kotlin name '\(name)' is reserved in Kotlin; rename the parameter")
                    )
                }
            }
        }
        problems += entryProblems(definition.states ?? [], kind: "state")
        problems += entryProblems(definition.features, kind: "feature")
        return problems
    }

    private static func entryProblems(_ names: [Located<String>], kind: String) -> [Diagnostic] {
        var taken: [String: String] = [:]
        var problems: [Diagnostic] = []
        for name in names {
            guard let entry = KotlinName.type(for: name.value) else { continue }
            if isUnderscores(entry) {
                problems.append(
                    Diagnostic(.error, line: name.line, "\(kind) '\(name.value)': its Kotlin name '\(entry)' is reserved in Kotlin; rename the \(kind)"))
            } else if let other = taken[entry], other != name.value, GeneratedName.identifier(for: other) != GeneratedName.identifier(for: name.value) {
                problems.append(
                    Diagnostic(
                        .error, line: name.line,
                        "\(kind) '\(name.value)': its Kotlin name '\(entry)' is also the Kotlin name of '\(other)' (Kotlin enum entries start upper-case); rename one"
                    ))
            }
            taken[entry] = taken[entry] ?? name.value
        }
        return problems
    }

    private static func isUnderscores(_ name: String) -> Bool {
        name.allSatisfy { $0 == "_" }
    }
}
