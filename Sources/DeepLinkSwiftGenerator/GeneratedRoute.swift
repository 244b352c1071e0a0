import DeepLinkRouting

/// One route as the generated code names it.
struct GeneratedRoute {
    /// The compiled route.
    let route: Route
    /// The case name, escaped where it is a keyword.
    let caseName: String
    /// The parameters, in declaration order: the table's name, the case's label (escaped, and as written in a
    /// description) and whether the value is always present.
    let parameters: [(name: String, label: String, bareLabel: String, isRequired: Bool)]

    init(_ route: Route) {
        self.route = route
        caseName = SwiftName.escapedIdentifier(for: route.name)
        parameters = route.parameters.map { parameter in
            let label = SwiftName.escapedIdentifier(for: parameter.name)
            return (parameter.name, label, label.trimmingBackticks, parameter.rule.isRequired)
        }
    }

    /// The case name without backticks, as a description prints it.
    var bareCaseName: String {
        caseName.trimmingBackticks
    }

    /// `charger(id: String)`, or `charger` for a route without parameters.
    var declaration: String {
        guard !parameters.isEmpty else { return caseName }
        return caseName + "(" + parameters.map { "\($0.label): String\($0.isRequired ? "" : "?")" }.joined(separator: ", ") + ")"
    }

    /// `.charger(let value0)`: every value bound, to `value0`, `value1`, … (never to a parameter's own name, which
    /// could shadow what the generated code uses: `match`, `self`, a type).
    var bindingPattern: String {
        guard !parameters.isEmpty else { return "." + caseName }
        return ".\(caseName)(" + parameters.indices.map { "let value\($0)" }.joined(separator: ", ") + ")"
    }

    /// `.charger(id: value0)`: the case built from locals named as `bindingPattern` binds them.
    var construction: String {
        guard !parameters.isEmpty else { return "." + caseName }
        let arguments = parameters.enumerated().map { position, parameter in "\(parameter.label.trimmingBackticks): value\(position)" }
        return ".\(caseName)(" + arguments.joined(separator: ", ") + ")"
    }
}
