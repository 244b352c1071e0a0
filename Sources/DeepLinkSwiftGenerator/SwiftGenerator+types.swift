import DeepLinkRouting

extension SwiftGenerator {
    /// The link enum: one case per route, in table order, with every conformance (an extension that adds one would be
    /// main-actor isolated under default isolation).
    var linkEnum: String {
        var body: [String] = []
        for route in routes {
            // `visible`: a path may hold a decoded line break, which must not end the comment.
            let scopes = route.route.scopes.map(\.description).joined(separator: ", ")
            let secret = route.route.isSecret ? " Secret: its values print as `<redacted>` and are never encoded." : ""
            body.append("/// `\(route.route.pattern.description.visible)` (\(scopes)).\(secret)")
            body.append("case \(route.declaration)")
        }
        let conformances = "Hashable, Sendable, Codable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable"
        return """
            /// A link the app opens: one case per route of \(sourceName), in table order (the first route that takes a URL wins).
            ///
            /// `init?(string:)` and `init?(url:)` parse as the server's `/resolve` does; `action(in:features:)` says whether
            /// to handle a link now; `Route.allCases` lists every route and `Route.sample` gives a valid link of each.

            """ + nonisolatedDeclaration("\(access)enum \(name): \(conformances)", body: body)
    }

    /// `Route`: the routes without their values. A `String` enum's conformances come from the standard library's
    /// `RawRepresentable` defaults, which no isolation touches, so its many cases are written once.
    var routeEnum: String {
        var lines = [
            "extension \(name) {",
            "    /// Every route of the table, in table order, without its values; the raw value is the route's name in the table.",
            "    \(access)enum Route: String, CaseIterable, Hashable, Codable, Sendable {",
        ]
        for route in routes {
            lines.append("        /// `\(route.route.name.visible)`.")
            lines.append("        case \(route.caseName)" + rawValue(of: route.route.name, identifier: route.caseName))
        }
        lines += ["    }", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// `AppState` and `Feature`, from the table's `states` and `features`.
    var valueEnums: String {
        let stateEnum = valueEnum(
            "AppState", summary: "Every state the app reports, from the table's `states`: the gates admit links in some of them.", values: states)
        let featureEnum = valueEnum("Feature", summary: "Every app feature a route may require, from the table's `features`.", values: features)
        return "extension \(name) {\n" + stateEnum + "\n" + featureEnum + "}\n"
    }

    private func valueEnum(_ type: String, summary: String, values: [(name: String, identifier: String)]) -> String {
        // An enum without cases can have neither a raw type nor synthesized Codable.
        let conformances = values.isEmpty ? "CaseIterable, Hashable, Sendable" : "String, CaseIterable, Hashable, Codable, Sendable"
        var body: [String] = []
        for value in values {
            body.append("/// `\(value.name.visible)`.")
            body.append("case \(value.identifier)" + rawValue(of: value.name, identifier: value.identifier))
        }
        return "    /// \(summary)\n" + nonisolatedDeclaration("\(access)enum \(type): \(conformances)", body: body, indent: "    ")
    }

    /// ` = "in-checkout"` when the Swift name is not the table's.
    private func rawValue(of name: String, identifier: String) -> String {
        identifier.trimmingBackticks == name ? "" : " = \(SwiftLiteral.string(name))"
    }

    /// `Action`, `Parse` and `Unmatched`.
    var outcomeTypes: String {
        let action = nonisolatedDeclaration("\(access)enum Action: Hashable, Sendable, CustomStringConvertible", body: actionBody, indent: "    ")
        let parse = nonisolatedDeclaration(
            "\(access)enum Parse: Hashable, Sendable",
            body: ["/// A route took the URL and its values keep their rules.", "case link(\(name))", "/// No route took it.", "case unmatched(Unmatched)"],
            indent: "    ")
        let reasons = UnmatchedReason.allCases.map { "    case \($0.rawValue)" }
        let unmatched = nonisolatedDeclaration(
            "\(access)struct Unmatched: Error, Hashable, Sendable, CustomStringConvertible",
            body: ["/// The reasons, as `/resolve` names them.", "\(access)enum Reason: String, Hashable, Sendable, CaseIterable {"] + reasons + [
                "}", "",
                "/// Why.", "\(access)let reason: Reason",
                "/// A sentence saying what and where; never a value of a secret route.", "\(access)let detail: String",
                "/// The route concerned, for `invalidParameter` and `channelNotAllowed`.", "\(access)let route: Route?",
                "/// The parameter concerned (its name in the table), for `invalidParameter`.", "\(access)let parameter: String?", "",
                "/// An outcome, as a test expects it.",
                "\(access)nonisolated init(reason: Reason, detail: String, route: Route? = nil, parameter: String? = nil) {",
                "    self.reason = reason", "    self.detail = detail", "    self.route = route", "    self.parameter = parameter", "}", "",
                "/// `reason: detail`.", "\(access)nonisolated var description: String { \"\\(reason.rawValue): \\(detail)\" }",
            ], indent: "    ")
        return """
            extension \(name) {
                /// What the app does with a link in a state.
            \(action)
                /// What parsing a URL gives: its link, or why the table takes none (the reason the server gives too).
            \(parse)
                /// Why no route takes a URL, or why a link's values break the table: the reason and detail of the server's `/resolve`.
            \(unmatched)}

            """
    }

    /// `Notifications`: a `Notification.Name` constant for every notification the table names, in table order.
    var notificationNames: String {
        var seen: Set<String> = []
        let names = table.routes.compactMap(\.notification).filter { seen.insert($0).inserted }
        var body = [
            "/// The key of the link in the `userInfo` of a notification `post(to:)` posts, read by `init?(notification:)`.",
            "\(access)nonisolated static let linkKey = \"link\"",
        ]
        for notification in names {
            body.append("/// `\(notification.visible)`.")
            let constant = SwiftName.escapedIdentifier(for: notification)
            body.append("\(access)nonisolated static let \(constant) = Foundation.Notification.Name(\(SwiftLiteral.string(notification)))")
        }
        return "extension \(name) {\n    /// The notifications the table names, one constant each (`notification` gives a link's).\n"
            + nonisolatedDeclaration("\(access)enum Notifications", body: body, indent: "    ") + "}\n"
    }
}
