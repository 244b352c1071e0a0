import DeepLinkRouting

extension SwiftGenerator {
    /// `EmbeddedTable`: the compiled table and what the API asks of it.
    var embeddedTable: String {
        let reasons = UnmatchedReason.allCases.map { "        case .\($0.rawValue): .\($0.rawValue)" }.joined(separator: "\n")
        // Its extensions see its own names, then the app module's, then the imported ones: each name it uses is an alias
        // here, so an app type called `Route`, `Links` or `Located` cannot stand in for it.
        let aliases = [
            "typealias Route = \(name).Route", "typealias Parse = \(name).Parse", "typealias Unmatched = \(name).Unmatched",
            "typealias Action = \(name).Action", "typealias CompiledRoute = DeepLinkRouting.Route",
            "typealias ResolveFailure = DeepLinkRouting.Unmatched", "typealias UnmatchedReason = DeepLinkRouting.UnmatchedReason",
            "typealias RouteTable = DeepLinkRouting.RouteTable", "typealias Links = DeepLinkRouting.Links",
            "typealias RouteTableDefinition = DeepLinkRouting.RouteTableDefinition", "typealias AppDefinition = DeepLinkRouting.AppDefinition",
            "typealias GateDefinition = DeepLinkRouting.GateDefinition", "typealias RouteDefinition = DeepLinkRouting.RouteDefinition",
            "typealias ParameterDefinition = DeepLinkRouting.ParameterDefinition", "typealias Located = DeepLinkRouting.Located",
        ]
        let declaration = nonisolatedDeclaration("fileprivate enum EmbeddedTable", body: aliases, indent: "    ")
        return """
            extension \(name) {
                /// The route table of \(sourceName), embedded as Swift values and compiled by DeepLinkRouting on first use.
            \(declaration)}

            extension \(name).EmbeddedTable {
                /// The compiled table; its `table` is nil only if this DeepLinkRouting refuses what `deeplinkd check` accepted.
                nonisolated static let compilation = RouteTable.compile(definition)

                /// The routes in table order, where a match's `routeIndex` finds its route.
                nonisolated static let routesInOrder = Route.allCases

                /// The keys of the encoded form.
                enum CodingKeys: String, CodingKey {
                    case route, params
                }

                /// The outcome of everything when the embedded table does not compile.
                nonisolated static var unavailable: Unmatched {
                    let problems = compilation.diagnostics.map(\\.description).joined(separator: "; ")
                    return Unmatched(reason: .noRoute, detail: "the embedded route table does not compile: \\(problems)")
                }

                /// The compiled route of `route`.
                nonisolated static func compiledRoute(_ route: Route) -> CompiledRoute? {
                    compilation.table?.route(named: route.rawValue)
                }

                /// The server's outcome for `string`, as a link.
                nonisolated static func parse(_ string: String) -> Parse {
                    guard let table = compilation.table else { return .unmatched(unavailable) }
                    switch table.resolve(string) {
                    case .unmatched(let unmatched):
                        return .unmatched(converted(unmatched))
                    case .matched(let match):
                        guard match.routeIndex < routesInOrder.count, let link = link(route: routesInOrder[match.routeIndex], value: match.value(of:)) else {
                            let detail = "route '\\(match.route.name)' matched, but this code has no case for it: generate it again from the table"
                            return .unmatched(Unmatched(reason: .noRoute, detail: detail))
                        }
                        return .link(link)
                    }
                }

                /// `unmatched` with this file's types.
                nonisolated static func converted(_ unmatched: ResolveFailure) -> Unmatched {
                    Unmatched(
                        reason: reason(unmatched.reason), detail: unmatched.detail, route: unmatched.route.flatMap { Route(rawValue: $0) },
                        parameter: unmatched.parameter)
                }

                /// The reason of this file named as DeepLinkRouting names it.
                nonisolated static func reason(_ reason: UnmatchedReason) -> Unmatched.Reason {
                    switch reason {
            \(reasons)
                    }
                }

                /// The first escape in `string` that Foundation writes when it repairs a string, for a character the server
                /// refuses wherever it is: `%5C` (a backslash), `%00` to `%20` and `%7F` (controls and space). Foundation writes
                /// upper-case digits, so `%5c` is never a repair.
                nonisolated static func repairedCharacter(in string: String) -> String? {
                    let bytes = Array(string.utf8)
                    for index in bytes.indices where bytes[index] == 0x25 && index + 2 < bytes.count {
                        let escape = String(decoding: bytes[index...(index + 2)], as: UTF8.self)
                        if ["%5C", "%20", "%7F"].contains(escape) || ((bytes[index + 1] == 0x30 || bytes[index + 1] == 0x31) && isUpperHexDigit(bytes[index + 2])) {
                            return escape
                        }
                    }
                    return nil
                }

                /// `string` with each `%25` turned back into `%` where the server reads escapes (the path and the query, and a
                /// custom scheme's host): the string before Foundation escaped its `%` signs, which it does to a `%` that begins
                /// no escape and to every `%` of a component it re-encodes. Nil when there is no such `%25`.
                nonisolated static func percentSignsGivenBack(in string: String) -> String? {
                    let bytes = Array(string.utf8)
                    let fragment = bytes.firstIndex(of: 0x23) ?? bytes.count
                    var start = 0
                    if let colon = bytes[..<fragment].firstIndex(of: 0x3A) {
                        start = colon + 1
                        if fragment - start >= 2, bytes[start] == 0x2F, bytes[start + 1] == 0x2F {
                            let authority = start + 2
                            let authorityEnd = bytes[authority..<fragment].firstIndex { $0 == 0x2F || $0 == 0x3F } ?? fragment
                            let isHTTPS = String(decoding: bytes[..<colon], as: UTF8.self).lowercased() == "https"
                            start = isHTTPS ? authorityEnd : bytes[authority..<authorityEnd].lastIndex(of: 0x40).map { $0 + 1 } ?? authority
                        }
                    }
                    var given: [UInt8] = Array(bytes[..<start])
                    var index = start
                    while index < fragment {
                        let isSign = bytes[index] == 0x25 && index + 2 < fragment && bytes[index + 1] == 0x32 && bytes[index + 2] == 0x35
                        given.append(bytes[index])
                        index += isSign ? 3 : 1
                    }
                    guard given.count + (bytes.count - fragment) < bytes.count else { return nil }
                    return String(decoding: given + bytes[fragment...], as: UTF8.self)
                }

                private nonisolated static func isUpperHexDigit(_ byte: UInt8) -> Bool {
                    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte)
                }

                /// Throws unless `parameters` are the values of `route`, each keeping its rule.
                nonisolated static func validate(route: Route, parameters: [String: String]) throws(Unmatched) {
                    guard let table = compilation.table, let compiled = table.route(named: route.rawValue) else { throw unavailable }
                    for name in parameters.keys.sorted() where compiled.parameter(named: name) == nil {
                        throw Unmatched(reason: .invalidParameter, detail: "route '\\(route.rawValue)' has no parameter '\\(name)'", route: route, parameter: name)
                    }
                    for parameter in compiled.parameters {
                        let place = "route '\\(route.rawValue)': parameter '\\(parameter.name)'"
                        guard let value = parameters[parameter.name] else {
                            guard !parameter.rule.isRequired else {
                                throw Unmatched(reason: .invalidParameter, detail: place + " is required but missing", route: route, parameter: parameter.name)
                            }
                            continue
                        }
                        if let violation = parameter.rule.validate(value[...]) {
                            throw Unmatched(reason: .invalidParameter, detail: "\\(place) \\(violation)", route: route, parameter: parameter.name)
                        }
                    }
                    // A value that makes a `.` or `..` path segment keeps its rule but opens nothing: browsers remove the segment.
                    guard !compiled.pattern.hasWildcards else { return }
                    do {
                        _ = try table.links(route: route.rawValue, parameters: parameters)
                    } catch {
                        throw Unmatched(reason: .invalidParameter, detail: String(describing: error), route: route)
                    }
                }

                /// What the app does with `link`: the gate and feature rules of the server's `/resolve`.
                nonisolated static func action(of link: \(name), state: String?, features: Set<String>) -> Action {
                    guard link.isValid, let route = compiledRoute(link.route) else { return .ignore }
                    if let feature = route.feature, !features.contains(feature) { return .ignore }
                    if let state, let gate = route.gate, !(compilation.table?.gates[gate]?.contains(state) ?? false) { return .ignore }
                    return .dispatch
                }

                /// The canonical links of `link`; nil when the table cannot build them.
                nonisolated static func links(of link: \(name)) -> Links? {
                    try? compilation.table?.links(route: link.route.rawValue, parameters: link.parameters)
                }

                /// The table's stack of `link`'s route, built from `link`'s values, then `link`.
                nonisolated static func stack(of link: \(name)) -> [\(name)] {
                    let values = link.parameters
                    let below = (compiledRoute(link.route)?.stack ?? []).compactMap { name in
                        Route(rawValue: name).flatMap { route in self.link(route: route, value: { values[$0] }) }
                    }
                    return below + [link]
                }
            }

            """
    }
}
