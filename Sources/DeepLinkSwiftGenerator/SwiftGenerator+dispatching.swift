import DeepLinkRouting

extension SwiftGenerator {
    /// `notification` and `action(in:)`, from the routes' notifications and gates.
    var dispatching: String {
        let hasAll = table.routes.allSatisfy { $0.notification != nil }
        var lines = [
            "extension DeepLink {",
            "    /// The notification the table names for this link's route\(hasAll ? "" : ", if any").",
            "    public var notification: Notification.Name\(hasAll ? "" : "?") {",
            "        switch self {",
        ]
        for route in routes {
            let name = route.route.notification.map { "." + SwiftName.escaped(SwiftName.identifier(for: $0) ?? "_") } ?? "nil"
            lines.append("        case .\(route.caseName): \(name)")
        }
        lines += [
            "        }", "    }", "",
            "    /// Whether the app handles this link in `state`: `.ignore` when the route's gate does not admit it.",
            "    public func action(in state: AppState) -> DeepLinkAction {",
        ]
        var groups: [(admitted: [String]?, cases: [String])] = []
        for gate in table.gates.keys.sorted() {
            let cases = routes.filter { $0.route.gate == gate }.map { "." + $0.caseName }
            guard !cases.isEmpty else { continue }
            let members = table.gates[gate] ?? []
            let admitted = states.filter { members.contains($0.name) }.map { "." + $0.identifier }
            groups.append((admitted, cases))
        }
        let ungated = routes.filter { $0.route.gate == nil }.map { "." + $0.caseName }
        if !ungated.isEmpty { groups.append((nil, ungated)) }
        if groups.count == 1, groups[0].admitted == nil {
            lines.append("        .dispatch")
        } else {
            lines.append("        switch self {")
            for group in groups {
                let body = group.admitted.map { "[\($0.map { "AppState" + $0 }.joined(separator: ", "))].contains(state) ? .dispatch : .ignore" } ?? ".dispatch"
                lines.append("        case \(group.cases.joined(separator: ", ")): \(body)")
            }
            lines.append("        }")
        }
        lines += ["    }", "}", ""]
        return lines.joined(separator: "\n")
    }
}
