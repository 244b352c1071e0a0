import DeepLinkRouting

extension SwiftGenerator {
    /// `EmbeddedTable`: the compiled table and what the API asks of it.
    var embeddedTable: String {
        let reasons = UnmatchedReason.allCases.map { "        case .\($0.rawValue): .\($0.rawValue)" }.joined(separator: "\n")
        // Its extensions see its own names, then the app module's, then the imported ones: each name it uses is an alias
        // here, so an app type called `Route`, `Links` or `Located` cannot stand in for it.
        let aliases = [
            "typealias Route = \(name).Route", "typealias Parse = \(name).Parse", "typealias Unmatched = \(name).Unmatched",
            "typealias Action = \(name).Action", "typealias Arrival = \(name).Arrival", "typealias CompiledRoute = DeepLinkRouting.Route",
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
                /// The compiled table, built without the checks `deeplinkd check` made when it wrote this file; its `table` is
                /// nil only if this DeepLinkRouting cannot build what `deeplinkd check` accepted.
                nonisolated static let compilation = RouteTable.compile(vouched: definition)

                /// The table, when it compiled with every route of this code.
                nonisolated static var table: RouteTable? {
                    routes.count == routesInOrder.count ? compilation.table : nil
                }

                /// The routes in table order, where a match's `routeIndex` finds its route.
                nonisolated static let routesInOrder = Route.allCases

                /// The position of each route in the table.
                nonisolated static let positions = Dictionary(uniqueKeysWithValues: routesInOrder.enumerated().map { ($1, $0) })

                /// The keys of the encoded form.
                enum CodingKeys: String, CodingKey {
                    case route, params
                }

                /// The outcome of everything when the embedded table cannot be used.
                nonisolated static var unavailable: Unmatched {
                    let problems = compilation.diagnostics.map(\\.description).joined(separator: "; ")
                    let detail = routes.count == routesInOrder.count ? "does not compile: \\(problems)" : "does not decode: generate this file again"
                    return Unmatched(reason: .noRoute, detail: "the embedded route table " + detail)
                }

                /// The compiled route of `route`.
                nonisolated static func compiledRoute(_ route: Route) -> CompiledRoute? {
                    table?.route(named: route.rawValue)
                }

                /// `link` with its names: its route, its case's name, and each value with its name in the table and its
                /// label in the case.
                nonisolated static func named(_ link: \(name)) -> (route: Route, caseName: String, values: [(name: String, label: String, value: String?)]) {
                    let parts = parts(of: link)
                    let line = line(of: parts.route)
                    let names = line?.parameters ?? []
                    let values = parts.values.enumerated().map { position, value in
                        position < names.count ? (names[position].name, names[position].label, value) : ("?", "?", value)
                    }
                    return (parts.route, line?.caseName ?? parts.route.rawValue, values)
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
            }

            \(routeLine)
            """
    }

    /// `RouteLine`: one route of the JSON the definition embeds.
    private var routeLine: String {
        let line = nonisolatedDeclaration(
            "struct RouteLine",
            body: [
                "/// One parameter: its name in the table, its label in the case, and its rule.",
                "struct Parameter {",
                "    let name: String, label: String, charset: String, min: Int, max: Int",
                "    let required: Bool?",
                "}", "",
                "let name: String, path: String, caseName: String, scopes: [String]",
                "let aliases: [String]?, parameters: [Parameter]?, notification: String?, gate: String?, feature: String?, landing: String?",
                "let secret: Bool?, stack: [String]?",
                "/// The states it waits in, whether it keeps what its gate refuses, for how many seconds, and its presentation.",
                "let wait: [String]?, resume: Bool?, expiry: Int?, presentation: String?",
                "/// The oldest version of the app that opens its links, as the table writes it.",
                "let minAppVersion: String?",
            ], indent: "    ")
        return """
            extension \(name).EmbeddedTable {
                /// One route of `routesJSON`.
            \(line)}

            extension \(name).EmbeddedTable.RouteLine {
                /// The route `json` holds (its members as `deeplinkd generate swift` writes them, `case` for `caseName`); nil
                /// when a member is missing or of another shape.
                nonisolated fileprivate init?(_ json: \(name).EmbeddedTable.EmbeddedJSON) {
                    guard let name = json["name"]?.string, let path = json["path"]?.string, let caseName = json["case"]?.string,
                        let scopes = json["scopes"]?.strings, let aliases = json.optional("aliases", { $0.strings }),
                        let parameters = json.optional("parameters", { $0.elements?.map { Parameter($0) } }), let notification = json.optional("notification", { $0.string }),
                        let gate = json.optional("gate", { $0.string }), let feature = json.optional("feature", { $0.string }),
                        let landing = json.optional("landing", { $0.string }), let secret = json.optional("secret", { $0.boolean }),
                        let stack = json.optional("stack", { $0.strings }), let wait = json.optional("wait", { $0.strings }),
                        let resume = json.optional("resume", { $0.boolean }), let expiry = json.optional("expiry", { $0.integer }),
                        let presentation = json.optional("presentation", { $0.string }), let minAppVersion = json.optional("minAppVersion", { $0.string }),
                        (parameters ?? []).allSatisfy({ $0 != nil })
                    else { return nil }
                    self.init(
                        name: name, path: path, caseName: caseName, scopes: scopes, aliases: aliases, parameters: parameters?.compactMap { $0 },
                        notification: notification, gate: gate, feature: feature, landing: landing, secret: secret, stack: stack, wait: wait, resume: resume,
                        expiry: expiry, presentation: presentation, minAppVersion: minAppVersion)
                }

                /// The route as the table definition holds it.
                nonisolated var definition: DeepLinkRouting.RouteDefinition {
                    let parameters = (self.parameters ?? []).map { parameter in
                        DeepLinkRouting.ParameterDefinition(
                            name: parameter.name, charset: parameter.charset, minimumLength: parameter.min, maximumLength: parameter.max, isRequired: parameter.required)
                    }
                    func located(_ values: [String]?) -> [DeepLinkRouting.Located<String>] { (values ?? []).map { DeepLinkRouting.Located($0) } }
                    return DeepLinkRouting.RouteDefinition(
                        name: DeepLinkRouting.Located(name), path: DeepLinkRouting.Located(path), aliases: located(aliases), scopes: located(scopes),
                        parameters: parameters, notification: notification.map { DeepLinkRouting.Located($0) }, gate: gate.map { DeepLinkRouting.Located($0) },
                        feature: feature.map { DeepLinkRouting.Located($0) }, isSecret: secret ?? false, landing: landing.map { DeepLinkRouting.Located($0) },
                        stack: located(stack))
                }
            }

            extension \(name).EmbeddedTable.RouteLine.Parameter {
                /// The parameter `json` holds; nil when a member is missing or of another shape.
                nonisolated fileprivate init?(_ json: \(name).EmbeddedTable.EmbeddedJSON) {
                    guard let name = json["name"]?.string, let label = json["label"]?.string, let charset = json["charset"]?.string,
                        let min = json["min"]?.integer, let max = json["max"]?.integer, let required = json.optional("required", { $0.boolean })
                    else { return nil }
                    self.init(name: name, label: label, charset: charset, min: min, max: max, required: required)
                }
            }

            """
    }
}
