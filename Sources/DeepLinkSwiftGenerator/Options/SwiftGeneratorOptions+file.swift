package import DeepLinkRouting
import Yams

extension SwiftGeneratorOptions {
    /// The keys an options file may hold.
    static let keys = ["accessModifier", "typeName"]

    /// Reads an options file (`accessModifier: public`, `typeName: ExpresScanLink`): the options, with the defaults
    /// for what it does not set, and every problem found, each with its line.
    package static func read(yaml: String) -> (options: SwiftGeneratorOptions, diagnostics: [Diagnostic]) {
        var options = SwiftGeneratorOptions()
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml, .basic)
        } catch {
            return (options, [Diagnostic(.error, line: nil, "cannot read the generator options as YAML: \(error)")])
        }
        guard let root else { return (options, []) }
        guard let mapping = root.mapping else {
            return (options, [Diagnostic(.error, line: line(of: root), "generator options: expected a mapping of \(keys.joined(separator: ", "))")])
        }
        var diagnostics: [Diagnostic] = []
        for (key, value) in mapping {
            let line = line(of: key)
            guard let name = key.string, keys.contains(name) else {
                diagnostics.append(Diagnostic(.error, line: line, "unknown generator option '\(key.string ?? "?")' (options: \(keys.joined(separator: ", ")))"))
                continue
            }
            guard let text = value.scalar?.string else {
                diagnostics.append(Diagnostic(.error, line: line, "generator option '\(name)': expected a single value"))
                continue
            }
            switch name {
            case "accessModifier":
                guard let modifier = AccessModifier(rawValue: text) else {
                    let allowed = AccessModifier.allCases.map(\.rawValue).joined(separator: " or ")
                    diagnostics.append(Diagnostic(.error, line: line, "generator option 'accessModifier': '\(text)' is not \(allowed)"))
                    continue
                }
                options.accessModifier = modifier
            default:
                if let problem = problem(withTypeName: text) {
                    diagnostics.append(Diagnostic(.error, line: line, "generator option \(problem)"))
                    continue
                }
                options.typeName = text
            }
        }
        return (options, diagnostics)
    }

    private static func line(of node: Node) -> Int? {
        node.mark?.line
    }
}
