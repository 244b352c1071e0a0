package import DeepLinkRouting

/// Checks the names the generated Swift declares: routes (cases of the link enum and of `Route`), each route's
/// parameters (labels), states (`AppState`), features (`Feature`) and notifications (`Notifications` constants) must
/// stay distinct once made identifiers, and none may be a name the generated code cannot declare or would misread.
///
/// `deeplinkd check`, `deeplinkd generate swift` and `deeplinkd-routes` (the plugin's tool) report what it finds, so
/// every table `check` accepts generates code that compiles.
package enum SwiftNameCheck {
    /// Every problem with the Swift names of `definition` for generated code of type `typeName`, in table order.
    package static func problems(in definition: RouteTableDefinition, typeName: String = SwiftGeneratorOptions().typeName) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var routes = Names(kind: "route")
        var notifications = Names(kind: "notification")
        let reservedRoutes = ReservedNames.route(typeName: typeName)
        for route in definition.routes where !route.name.value.isEmpty {
            let line = route.name.line ?? route.line
            if let identifier = routes.add(route.name.value, line: line, problems: &problems), reservedRoutes.contains(identifier) {
                problems.append(
                    Diagnostic(
                        .error, line: line,
                        "route '\(route.name.value)': its Swift name '\(identifier)' is taken in the generated \(typeName) type; rename the route"))
            }
            var parameters = Names(kind: "route '\(route.name.value)': parameter")
            for parameter in route.parameters {
                let parameterLine = parameter.line ?? line
                if let identifier = parameters.add(parameter.name, line: parameterLine, problems: &problems), ReservedNames.parameter.contains(identifier) {
                    problems.append(
                        Diagnostic(
                            .error, line: parameterLine,
                            "route '\(route.name.value)': parameter '\(parameter.name)': its Swift name '\(identifier)' cannot label a value; rename the parameter"
                        ))
                }
                problems += repairWarning(route: route.name.value, parameter, line: parameterLine, typeName: typeName)
            }
            if let notification = route.notification, !notification.value.isEmpty {
                let notificationLine = notification.line ?? line
                if let identifier = notifications.add(notification.value, line: notificationLine, problems: &problems),
                    ReservedNames.notification.contains(identifier)
                {
                    problems.append(
                        Diagnostic(
                            .error, line: notificationLine,
                            "notification '\(notification.value)': its Swift name '\(identifier)' cannot name a constant; rename the notification"))
                }
            }
        }
        problems += valueProblems(definition.states ?? [], kind: "state", type: "AppState")
        problems += valueProblems(definition.features, kind: "feature", type: "Feature")
        return problems
    }

    private static func valueProblems(_ values: [Located<String>], kind: String, type: String) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var names = Names(kind: kind)
        for value in values where !value.value.isEmpty {
            if let identifier = names.add(value.value, line: value.line, problems: &problems), ReservedNames.value.contains(identifier) {
                problems.append(
                    Diagnostic(
                        .error, line: value.line,
                        "\(kind) '\(value.value)': its Swift name '\(identifier)' is taken in the generated \(type) enum; rename the \(kind)"))
            }
        }
        return problems
    }

    /// A warning for a charset that admits a character Foundation percent-encodes when it repairs a URL string: the
    /// generated `init?(url:)` refuses URLs holding those escapes, so such values open only through `init?(string:)`.
    private static func repairWarning(route: String, _ parameter: ParameterDefinition, line: Int?, typeName: String) -> [Diagnostic] {
        guard let source = parameter.charset, let charset = try? CharacterClass(source) else { return [] }
        let admitted = [("a space", " "), ("a backslash", "\\"), ("'%'", "%")].filter { charset.contains($0.1.unicodeScalars.first ?? " ") }.map(\.0)
        let controls = charset.ranges.contains { $0.lowerBound < 0x20 || $0.contains(0x7F) } ? ["a control character"] : []
        guard !(admitted + controls).isEmpty else { return [] }
        let all = admitted + controls
        let list = all.count == 1 ? all[0] : all.dropLast().joined(separator: ", ") + " and " + (all.last ?? "")
        return [
            Diagnostic(
                .warning, line: line,
                "route '\(route)': parameter '\(parameter.name)' allows \(list): the app's \(typeName)(url:) refuses a URL with such a value escaped (Foundation writes the same escapes when it repairs a URL the server refuses); \(typeName)(string:) parses it"
            )
        ]
    }
}

/// The Swift names given out so far for one kind of name, to report two names that become the same identifier.
private struct Names {
    let kind: String
    var taken: [String: String] = [:]

    /// Records `name`; reports a name with no identifier or one already taken by a different name.
    mutating func add(_ name: String, line: Int?, problems: inout [Diagnostic]) -> String? {
        guard let identifier = SwiftName.identifier(for: name) else {
            problems.append(Diagnostic(.error, line: line, "\(kind) '\(name)': has no letter or digit, so it cannot be a Swift name"))
            return nil
        }
        if let other = taken[identifier], other != name {
            problems.append(Diagnostic(.error, line: line, "\(kind) '\(name)': its Swift name '\(identifier)' is also the Swift name of '\(other)'"))
        }
        taken[identifier] = taken[identifier] ?? name
        return identifier
    }
}
