import DeepLinkRouting

extension SwiftGenerator {
    /// `route`, `parameters`, `isSecret`, the validating `init(route:parameters:)`, `validate()` and `isValid`.
    var values: String {
        """
        extension \(name) {
            /// The route this link is a case of.
            \(access)nonisolated var route: Route {
                EmbeddedTable.parts(of: self).route
            }

            /// The link's values by their parameter names in the table, absent optional ones left out: what the server's
            /// `/resolve` calls `params`.
            \(access)nonisolated var parameters: [String: String] {
                var parameters: [String: String] = [:]
                for part in EmbeddedTable.named(self).values {
                    if let value = part.value { parameters[part.name] = value }
                }
                return parameters
            }

            /// Whether the route is `secret: true`: its values print as `<redacted>` and are never encoded.
            \(access)nonisolated var isSecret: Bool {
                route.isSecret
            }

            /// The link of `route` with `parameters` (by their names in the table), checked as a URL's values are: throws
            /// `invalidParameter` for a value that breaks its rule, a required value missing, or a name the route does not
            /// declare.
            \(access)nonisolated init(route: Route, parameters: [String: String]) throws(Unmatched) {
                try EmbeddedTable.validate(route: route, parameters: parameters)
                guard let link = EmbeddedTable.link(route: route, value: { parameters[$0] }) else { throw EmbeddedTable.unavailable }
                self = link
            }

            /// Throws `invalidParameter` unless every value keeps its parameter's rule, as a parsed link's do: a case built
            /// in code (`.charger(id: "has space")`) can break them, and `action(in:)` ignores such a link.
            \(access)nonisolated func validate() throws(Unmatched) {
                try EmbeddedTable.validate(route: route, parameters: parameters)
            }

            /// Whether every value keeps its parameter's rule (`validate()` does not throw).
            \(access)nonisolated var isValid: Bool {
                (try? validate()) != nil
            }

            /// Whether both are of the same route with the same values. (Written out: the `==` Swift would write for an
            /// enum of many cases takes the compiler minutes.)
            \(access)nonisolated static func == (left: \(name), right: \(name)) -> Bool {
                let leftParts = EmbeddedTable.parts(of: left)
                let rightParts = EmbeddedTable.parts(of: right)
                return leftParts.route == rightParts.route && leftParts.values == rightParts.values
            }

            /// Hashes the route and the values.
            \(access)nonisolated func hash(into hasher: inout Hasher) {
                let parts = EmbeddedTable.parts(of: self)
                hasher.combine(parts.route)
                for value in parts.values { hasher.combine(value) }
            }
        }

        extension \(name).Route {
        \(routeSecrecy)
        }

        """
    }

    /// The body of a `Bool` property of `Route` that is true for `chosen` (some of the routes): a constant when
    /// they are none or all, else a switch over their cases.
    func routeSwitch(trueFor chosen: [GeneratedRoute]) -> String {
        if chosen.isEmpty { return "        false" }
        if chosen.count == routes.count { return "        true" }
        let cases = chosen.map { "." + $0.caseName }.joined(separator: ", ")
        return "        switch self {\n        case \(cases): true\n        default: false\n        }"
    }

    /// `Route.isSecret`, listing the secret routes.
    private var routeSecrecy: String {
        let body = routeSwitch(trueFor: routes.filter(\.route.isSecret))
        return """
                /// Whether the route is `secret: true` in the table.
                \(access)nonisolated var isSecret: Bool {
            \(body)
                }
            """
    }

    /// `Codable`: the route and its values by name, validated when decoded; a secret route is never encoded.
    var coding: String {
        """
        extension \(name) {
            /// Decodes `{"route": "charger", "params": {"id": "CH-42"}}` (the names as in the table) and checks the values
            /// as a URL's are: a value that breaks its rule is a `DecodingError.dataCorrupted`, never a link.
            \(access)nonisolated init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: EmbeddedTable.CodingKeys.self)
                let route = try container.decode(Route.self, forKey: .route)
                let parameters = try container.decodeIfPresent([String: String].self, forKey: .params) ?? [:]
                do {
                    try self.init(route: route, parameters: parameters)
                } catch {
                    throw DecodingError.dataCorruptedError(forKey: .params, in: container, debugDescription: String(describing: error))
                }
            }

            /// Encodes the route and its values as `init(from:)` reads them. A `secret: true` route is refused: encoding one
            /// throws `EncodingError.invalidValue`, so its values never reach `@SceneStorage`, a saved navigation path or
            /// a JSON log.
            \(access)nonisolated func encode(to encoder: any Encoder) throws {
                guard !isSecret else {
                    let detail = "route '\\(route.rawValue)' is secret: its values are never encoded"
                    throw EncodingError.invalidValue(route, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: detail))
                }
                var container = encoder.container(keyedBy: EmbeddedTable.CodingKeys.self)
                try container.encode(route, forKey: .route)
                try container.encode(parameters, forKey: .params)
            }
        }

        """
    }

    /// `description`, `debugDescription` and `customMirror`, each redacting a secret route's values.
    var describing: String {
        """
        extension \(name) {
            /// `charger(id: "CH-42")`; every value of a `secret: true` route is `<redacted>`: `magicEmailSignIn(token: <redacted>)`.
            \(access)nonisolated var description: String {
                let parts = EmbeddedTable.named(self)
                guard !parts.values.isEmpty else { return parts.caseName }
                let values = parts.values.map { part in
                    part.label + ": " + (parts.route.isSecret ? "<redacted>" : part.value.map { String(reflecting: $0) } ?? "nil")
                }
                return parts.caseName + "(" + values.joined(separator: ", ") + ")"
            }

            /// The same as `description`, so `print`, `debugPrint`, string interpolation and `po` all redact.
            \(access)nonisolated var debugDescription: String {
                description
            }

            /// The values as children labelled as the case's, a secret route's `<redacted>`: what `dump` and `Mirror` show.
            \(access)nonisolated var customMirror: Mirror {
                let parts = EmbeddedTable.named(self)
                let children: [Mirror.Child] = parts.values.map { part in
                    (label: part.label, value: parts.route.isSecret ? "<redacted>" as Any : part.value as Any)
                }
                return Mirror(self, children: children, displayStyle: .enum)
            }
        }

        """
    }
}
