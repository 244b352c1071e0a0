extension RouteTable {
    /// Validates a definition, collecting every problem; never stops at the first.
    ///
    /// ```swift
    /// let compilation = RouteTable.compile(definition)
    /// for diagnostic in compilation.diagnostics { print(diagnostic) }  // "<table>:14: route 'charger': …"
    /// guard let table = compilation.table else { return }
    /// ```
    ///
    /// - Parameter definition: The table as written.
    /// - Returns: The frozen table when there is no error, and every error and warning in line order.
    public static func compile(_ definition: RouteTableDefinition) -> RouteTableCompilation {
        compile(definition, isVouched: false)
    }

    /// Builds the table of a definition `deeplinkd check` accepted, as the generated Swift embeds it: what builds the
    /// table is still checked (a definition it cannot build gives no table and says why), the checks that only report
    /// (reachability, stacks, link lengths, hidden characters, secrets' reach) are not run again in the app.
    ///
    /// - Parameter definition: A table `deeplinkd check` accepted.
    /// - Returns: The frozen table, or nil and the errors that kept it from being built.
    @_spi(GeneratedCode) public static func compile(vouched definition: RouteTableDefinition) -> RouteTableCompilation {
        compile(definition, isVouched: true)
    }

    private static func compile(_ definition: RouteTableDefinition, isVouched: Bool) -> RouteTableCompilation {
        var problems = Problems()
        problems.isVouched = isVouched
        let app = problems.check(definition.app)
        let domains = problems.checkNames(definition.domains, kind: "domain", isValid: Self.isHost)
        let schemes = problems.checkNames(definition.schemes, kind: "scheme", isValid: Self.isCustomScheme)
        let gates = problems.check(definition.gates, states: definition.states)
        let states =
            definition.states.map { problems.checkNames($0, kind: "state") { !$0.isEmpty } }
            ?? Array(Set(gates.values.flatMap { $0 } + definition.gates.flatMap { ($0.hold.waitStates ?? []).map(\.value) })).sorted()
        problems.checkHolds(of: definition.gates, states: states)
        let gateHolds = Dictionary(definition.gates.map { ($0.name.value, $0.hold) }) { first, _ in first }
        let features = problems.checkNames(definition.features, kind: "feature") { !$0.isEmpty }
        var routes: [Route] = []
        var firstDefinitions: [String: RouteDefinition] = [:]
        for route in definition.routes {
            if let first = firstDefinitions[route.name.value] {
                let place = (first.name.line ?? first.line).map { " (first defined on line \($0))" } ?? ""
                problems.error(route.name.line ?? route.line, "duplicate route name '\(route.name.value)'\(place)")
            } else {
                firstDefinitions[route.name.value] = route
            }
            let context = RouteContext(
                domains: domains, schemes: schemes, gates: gates, features: features, app: definition.app, states: states, gateHolds: gateHolds)
            if let compiled = problems.check(route, in: context) { routes.append(compiled) }
        }
        problems.checkReachability(of: routes, domains: domains, schemes: schemes)
        problems.checkStacks(of: routes, definitions: definition.routes)
        problems.checkSecretReach(of: routes, definitions: definition.routes, domains: domains, schemes: schemes)
        guard !problems.hasErrors, let app else {
            return RouteTableCompilation(table: nil, diagnostics: problems.sorted)
        }
        let table = RouteTable(app: app, domains: domains, schemes: schemes, states: states, gates: gates, features: features, routes: routes)
        return RouteTableCompilation(table: table, diagnostics: problems.sorted)
    }

    /// A bare DNS host name: letters, digits, `-` and `.`, no scheme, port or path.
    static func isHost(_ host: String) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return !host.isEmpty && host.utf8.count <= 253
            && labels.allSatisfy { label in
                !label.isEmpty && label.utf8.count <= 63 && label.first != "-" && label.last != "-"
                    && label.utf8.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: "-") }
            }
    }

    /// An RFC 3986 scheme that is not `http` or `https`.
    static func isCustomScheme(_ scheme: String) -> Bool {
        let bytes = scheme.utf8
        guard let first = bytes.first, first.isASCIILetter, !["http", "https"].contains(scheme) else { return false }
        return bytes.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
    }
}
