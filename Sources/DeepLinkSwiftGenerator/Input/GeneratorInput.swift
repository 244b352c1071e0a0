package import DeepLinkConfig
package import DeepLinkRouting
import Foundation

/// What the generating tools read: the table, checked as `deeplinkd check` checks it and for its Swift names, and
/// the generator options from `deeplinkd-generator.yaml` beside it (or the file given), flags applied on top.
package struct GeneratorInput {
    /// One problem, in the file it was found in.
    package struct Problem: Equatable, CustomStringConvertible {
        /// The file.
        package let file: String
        /// The problem.
        package let diagnostic: Diagnostic

        /// `FILE:LINE: error: message` (or `warning:`), as Xcode, SwiftPM and editors read a compiler's diagnostics.
        package var description: String {
            let place = diagnostic.line.map { "\(file):\($0)" } ?? file
            return "\(place): \(diagnostic.severity == .error ? "error" : "warning"): \(diagnostic.message)"
        }
    }

    /// The table; nil when the table or the options have an error, so nothing may be generated.
    package let table: RouteTable?
    /// The options in effect.
    package let options: SwiftGeneratorOptions
    /// Every problem found, errors and warnings, table first, in line order.
    package let problems: [Problem]

    /// Reads the table at `tablePath` and the options at `optionsPath`, or in `deeplinkd-generator.yaml` beside the
    /// table when there is one; `accessModifier` and `typeName`, when given, override the file.
    package init(
        tablePath: String, optionsPath: String? = nil, accessModifier: SwiftGeneratorOptions.AccessModifier? = nil, typeName: String? = nil
    ) {
        var problems: [Problem] = []
        var options = SwiftGeneratorOptions()
        if let path = optionsPath ?? Self.optionsFile(besideTable: tablePath) {
            do {
                let read = SwiftGeneratorOptions.read(yaml: try String(contentsOfFile: path, encoding: .utf8))
                options = read.options
                problems += read.diagnostics.map { Problem(file: path, diagnostic: $0) }
            } catch {
                problems.append(
                    Problem(file: path, diagnostic: Diagnostic(.error, line: nil, "cannot read the generator options: \(error.localizedDescription)")))
            }
        }
        if let accessModifier { options.accessModifier = accessModifier }
        if let typeName {
            if let problem = SwiftGeneratorOptions.problem(withTypeName: typeName) {
                problems.append(Problem(file: "--type-name", diagnostic: Diagnostic(.error, line: nil, problem)))
            }
            options.typeName = typeName
        }
        let check = SwiftNameCheck.check(file: tablePath, typeName: options.typeName)
        problems = check.diagnostics.map { Problem(file: tablePath, diagnostic: $0) } + problems
        self.table = problems.contains { $0.diagnostic.severity == .error } ? nil : check.table
        self.options = options
        self.problems = problems
    }

    /// `deeplinkd-generator.yaml` in the table's folder, when it exists.
    package static func optionsFile(besideTable tablePath: String) -> String? {
        let path = URL(fileURLWithPath: tablePath).deletingLastPathComponent().appendingPathComponent(SwiftGeneratorOptions.fileName).path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}

extension SwiftNameCheck {
    /// `Configuration.check(file:templates:)` with the Swift-name problems of the table's generated code added in line
    /// order: what `deeplinkd check` reports, so it refuses every table whose generated code would not compile. The
    /// type name is the options file's beside the table, or `typeName` when given.
    package static func check(file path: String, templates: Set<String>? = nil, typeName: String? = nil) -> Configuration.Check {
        checkWithDefinition(file: path, templates: templates, typeName: typeName).check
    }

    /// `check(file:templates:typeName:)`, and the table definition it checked (nil when the file could not be read or
    /// declares none), read and parsed once, for the Kotlin names' check.
    package static func checkWithDefinition(
        file path: String, templates: Set<String>? = nil, typeName: String? = nil
    ) -> (check: Configuration.Check, definition: RouteTableDefinition?) {
        let (check, definition) = Configuration.checkWithDefinition(file: path, templates: templates)
        guard let definition else { return (check, nil) }
        var name = typeName ?? SwiftGeneratorOptions().typeName
        if typeName == nil, let options = GeneratorInput.optionsFile(besideTable: path), let text = try? String(contentsOfFile: options, encoding: .utf8) {
            name = SwiftGeneratorOptions.read(yaml: text).options.typeName
        }
        let all = check.diagnostics + problems(in: definition, typeName: name)
        let ordered = all.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
        let isValid = !ordered.contains { $0.severity == .error }
        return ((isValid ? check.table : nil, check.android, isValid ? check.documents : nil, ordered), definition)
    }
}
