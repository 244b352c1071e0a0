import DeepLinkRouting

extension SwiftGenerator {
    /// `notification`, `requiredFeature`, `action(in:features:)` and `action(in:)`, from the routes' notifications,
    /// features and gates.
    var dispatching: String {
        let hasAll = table.routes.allSatisfy { $0.notification != nil }
        var lines = [
            "extension DeepLink {",
            "    /// The notification the table names for this link's route\(hasAll ? "" : ", if any").",
            "    public var notification: Notification.Name\(hasAll ? "" : "?") {",
            "        switch self {",
        ]
        for route in routes {
            let name = route.route.notification.map { SwiftName.escaped(SwiftName.identifier(for: $0) ?? "_") }
            let value = name.map { hasAll ? "." + $0 : SwiftLiteral.optionalMember($0) } ?? "nil"
            lines.append("        case .\(route.caseName): \(value)")
        }
        lines += ["        }", "    }", ""]
        lines += requiredFeature
        lines += [
            "    /// Whether the app handles this link in `state` with `features` enabled: `.ignore` when the route requires",
            "    /// a feature not in `features` (the server's `\"reason\": \"featureDisabled\"`) or its gate does not admit `state`.",
            "    public func action(in state: AppState, features: Set<Feature>) -> DeepLinkAction {",
            "        if let feature = requiredFeature, !features.contains(feature) { return .ignore }",
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
            lines.append("        return .dispatch")
        } else {
            lines.append("        return switch self {")
            for group in groups {
                let body = group.admitted.map { "[\($0.map { "AppState" + $0 }.joined(separator: ", "))].contains(state) ? .dispatch : .ignore" } ?? ".dispatch"
                lines.append("        case \(group.cases.joined(separator: ", ")): \(body)")
            }
            lines.append("        }")
        }
        lines += [
            "    }", "",
            "    /// Whether the app handles this link in `state` with no feature enabled (`action(in:features:)` with none).",
            "    public func action(in state: AppState) -> DeepLinkAction {", "        action(in: state, features: [])", "    }", "}", "",
        ]
        return lines.joined(separator: "\n")
    }

    /// `requiredFeature`: the feature each route requires.
    private var requiredFeature: [String] {
        var lines = ["    /// The feature the table says this link's route requires, if any.", "    public var requiredFeature: Feature? {"]
        let featured = routes.filter { $0.route.feature != nil }
        guard !featured.isEmpty else { return lines + ["        nil", "    }", ""] }
        lines.append("        switch self {")
        for route in featured {
            let feature = route.route.feature.flatMap(SwiftName.identifier(for:)).map(SwiftName.escaped) ?? "_"
            lines.append("        case .\(route.caseName): \(SwiftLiteral.optionalMember(feature))")
        }
        if featured.count < routes.count { lines.append("        default: nil") }
        return lines + ["        }", "    }", ""]
    }
}
