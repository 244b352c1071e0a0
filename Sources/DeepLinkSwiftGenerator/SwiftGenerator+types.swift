import DeepLinkRouting

extension SwiftGenerator {
    /// `enum DeepLink`: one case per route, in table order.
    var linkEnum: String {
        var lines = [
            "/// A link the app opens: one case per route of the table, in table order (first match wins).",
            "public enum DeepLink: Hashable, Codable, Sendable {",
        ]
        for route in routes {
            // `visible`: a path may hold a decoded line break, which must not end the comment.
            let scopes = route.route.scopes.map(\.description).joined(separator: ", ")
            lines.append("    /// `\(route.route.pattern.description.visible)` (\(scopes)).")
            lines.append("    case \(route.declaration)")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `DeepLinkParse`, `DeepLinkAction`, `AppState` and `Feature`.
    var supportingTypes: String {
        var lines = [
            "/// What parsing a URL gives: its link, or why the table does not take it (the reason the server gives too).",
            "public enum DeepLinkParse: Equatable, Sendable {",
            "    /// A route took the URL and its parameters validated.",
            "    case link(DeepLink)",
            "    /// No route took it; `reason` is `noRoute`, `invalidParameter`, `channelNotAllowed`, `foreignHost`, ….",
            "    case unmatched(Unmatched)",
            "}",
            "",
            "/// What the app does with a link in a state.",
            "public enum DeepLinkAction: String, Hashable, Sendable {",
            "    /// Handle it.",
            "    case dispatch",
            "    /// Drop it: the route's gate does not admit the state, or the route requires a feature not enabled.",
            "    case ignore",
            "}",
            "",
            "/// Every state the app reports, from the table's `states`.",
            // An enum without cases can have neither a raw type nor synthesized Codable.
            "public enum AppState: \(states.isEmpty ? "" : "String, ")CaseIterable, Hashable, \(states.isEmpty ? "" : "Codable, ")Sendable {",
        ]
        for state in states {
            lines.append("    /// `\(state.name)`.")
            let bare = state.identifier.trimmingBackticks
            lines.append("    case \(state.identifier)" + (bare == state.name ? "" : " = \(SwiftLiteral.string(state.name))"))
        }
        lines.append("}")
        lines.append("")
        lines.append("/// Every app feature a route may require, from the table's `features`.")
        let features = table.features.map { ($0, SwiftName.escaped(SwiftName.identifier(for: $0) ?? "_")) }
        lines.append("public enum Feature: \(features.isEmpty ? "" : "String, ")CaseIterable, Hashable, \(features.isEmpty ? "" : "Codable, ")Sendable {")
        for (name, identifier) in features {
            lines.append("    /// `\(name)`.")
            lines.append("    case \(identifier)" + (identifier.trimmingBackticks == name ? "" : " = \(SwiftLiteral.string(name))"))
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A `Notification.Name` constant for every notification the table names, in table order.
    var notificationNames: String {
        var seen: Set<String> = []
        let names = table.routes.compactMap(\.notification).filter { seen.insert($0).inserted }
        guard !names.isEmpty else { return "" }
        var lines = ["extension Notification.Name {"]
        for name in names {
            lines.append("    /// Posted for the routes whose notification is `\(name)`.")
            lines.append("    public static let \(SwiftName.escaped(SwiftName.identifier(for: name) ?? "_")) = Notification.Name(\(SwiftLiteral.string(name)))")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
