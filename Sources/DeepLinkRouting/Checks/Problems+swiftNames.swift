extension Problems {
    /// Checks that the names the generated Swift code uses (`deeplinkd generate swift`) stay distinct once made
    /// identifiers, and that none is one the generated code cannot declare or would misread: routes (cases of
    /// `DeepLink`, and their `Codable` key types), each route's parameters (labels), states (cases of `AppState`),
    /// notifications (`Notification.Name` constants) and features (cases of `Feature`).
    mutating func checkSwiftNames(_ definition: RouteTableDefinition) {
        var routes = SwiftNames(kind: "route")
        var codingKeys: [String: (name: String, identifier: String)] = [:]
        var routeIdentifiers: [(name: String, identifier: String, line: Int?)] = []
        var notifications = SwiftNames(kind: "notification")
        for route in definition.routes where !route.name.value.isEmpty {
            let line = route.name.line ?? route.line
            if let identifier = routes.add(route.name.value, line: line, problems: &self) {
                if SwiftName.reservedCaseNames.contains(identifier) || SwiftName.reservedRouteNames.contains(identifier) {
                    error(line, "route '\(route.name.value)': its Swift name '\(identifier)' is reserved in the generated DeepLink enum; rename the route")
                }
                let type = SwiftName.codingKeysType(of: identifier)
                if let other = codingKeys[type], other.identifier != identifier {
                    error(
                        line,
                        "route '\(route.name.value)': its Swift name '\(identifier)' differs from '\(other.identifier)' (route '\(other.name)') only in its first letter, so Codable would declare \(type) for both; rename one"
                    )
                }
                codingKeys[type] = codingKeys[type] ?? (route.name.value, identifier)
                routeIdentifiers.append((route.name.value, identifier, line))
            }
            var parameters = SwiftNames(kind: "route '\(route.name.value)': parameter")
            for parameter in route.parameters {
                if parameters.add(parameter.name, line: parameter.line ?? line, problems: &self) == "_" {
                    error(parameter.line ?? line, "route '\(route.name.value)': parameter '_': its Swift name '_' cannot label a value; rename the parameter")
                }
            }
            if let notification = route.notification, !notification.value.isEmpty,
                let identifier = notifications.add(notification.value, line: notification.line ?? line, problems: &self),
                SwiftName.reservedConstantNames.contains(identifier)
            {
                error(
                    notification.line ?? line,
                    "notification '\(notification.value)': its Swift name '\(identifier)' cannot name a Notification.Name constant; rename the notification")
            }
        }
        // A case named like the key type Codable declares for another case (`signIn` and `SignInCodingKeys`).
        for route in routeIdentifiers {
            guard let owner = codingKeys[route.identifier] else { continue }
            error(
                route.line,
                "route '\(route.name)': its Swift name '\(route.identifier)' is the type Codable declares for the keys of route '\(owner.name)'; rename one"
            )
        }
        var states = SwiftNames(kind: "state")
        for state in definition.states ?? [] where !state.value.isEmpty {
            if let identifier = states.add(state.value, line: state.line, problems: &self), SwiftName.reservedCaseNames.contains(identifier) {
                error(state.line, "state '\(state.value)': its Swift name '\(identifier)' is reserved in the generated AppState enum; rename the state")
            }
        }
        var features = SwiftNames(kind: "feature")
        for feature in definition.features where !feature.value.isEmpty {
            if let identifier = features.add(feature.value, line: feature.line, problems: &self), SwiftName.reservedCaseNames.contains(identifier) {
                error(feature.line, "feature '\(feature.value)': its Swift name '\(identifier)' is reserved in the generated Feature enum; rename the feature")
            }
        }
    }
}

/// The Swift names given out so far for one kind of name, to report two names that become the same identifier.
private struct SwiftNames {
    let kind: String
    var taken: [String: String] = [:]

    /// Records `name`; reports a name with no identifier or one already taken by a different name.
    @discardableResult
    mutating func add(_ name: String, line: Int?, problems: inout Problems) -> String? {
        guard let identifier = SwiftName.identifier(for: name) else {
            problems.error(line, "\(kind) '\(name)': has no letter or digit, so it cannot be a Swift name")
            return nil
        }
        if let other = taken[identifier], other != name {
            problems.error(line, "\(kind) '\(name)': its Swift name '\(identifier)' is also the Swift name of '\(other)'")
        }
        taken[identifier] = taken[identifier] ?? name
        return identifier
    }
}
