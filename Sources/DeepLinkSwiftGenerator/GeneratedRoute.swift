import DeepLinkRouting

/// One route as the generated code names it.
struct GeneratedRoute {
    let route: Route
    /// The case name, escaped.
    let caseName: String
    /// The parameters, in declaration order, with their labels (escaped) and whether the value is always present.
    let parameters: [(name: String, label: String, isRequired: Bool)]

    init(_ route: Route) {
        self.route = route
        caseName = SwiftName.escaped(SwiftName.identifier(for: route.name) ?? "_")
        parameters = route.parameters.map { ($0.name, SwiftName.escaped(SwiftName.identifier(for: $0.name) ?? "_"), $0.rule.isRequired) }
    }

    /// `charger(id: String)`, or `charger` for a route without parameters.
    var declaration: String {
        guard !parameters.isEmpty else { return caseName }
        return caseName + "(" + parameters.map { "\($0.label): String\($0.isRequired ? "" : "?")" }.joined(separator: ", ") + ")"
    }

    /// The local a value of the parameter called `name` is bound to: `value0` for the first.
    ///
    /// Never the parameter's own name, which could shadow what the generated code uses (`match`, `self`, a type).
    func local(of name: String) -> String? {
        parameters.firstIndex { $0.name == name }.map { "value\($0)" }
    }

    /// `.charger(let value0)`, with `_` for the values not in `used` (nil: all are used).
    func pattern(using used: Set<String>? = nil) -> String {
        guard !parameters.isEmpty else { return "." + caseName }
        let bindings = parameters.enumerated().map { position, parameter in used?.contains(parameter.name) ?? true ? "let value\(position)" : "_" }
        return ".\(caseName)(" + bindings.joined(separator: ", ") + ")"
    }
}
