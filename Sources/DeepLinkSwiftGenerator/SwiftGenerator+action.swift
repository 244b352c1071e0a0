import DeepLinkRouting

extension SwiftGenerator {
    /// The members of `Action`: dispatch, wait with its reason, ignore with its reason, and the server's names for them.
    var actionBody: [String] {
        [
            "/// Handle it now.", "case dispatch",
            "/// Hold it and decide again on the next state, until it expires (an `Inbox` does): the server's `\"action\": \"wait\"`.",
            "case wait(WaitReason)",
            "/// Drop it.", "case ignore(IgnoreReason)",
            "/// Ask the user to update: the route needs this version of the app or later (its `minAppVersion`), and the app is",
            "/// older. The server's `\"action\": \"update\"` with its `\"minAppVersion\"`.",
            "case update(minimum: String)", "",
            "/// Why a link is held.",
            "\(access)enum WaitReason: String, Hashable, Sendable, CaseIterable {",
            "    /// The route waits in the state: the app cannot decide yet (`launching`).",
            "    case undecidedState",
            "    /// The route's gate refuses the state and keeps the link until a state it admits.",
            "    case notYetAdmitted",
            "}", "",
            "/// Why a link is dropped.",
            "\(access)enum IgnoreReason: String, Hashable, Sendable, CaseIterable {",
            "    /// The route's gate does not admit the state (a sign-in link while signed in).",
            "    case gateClosed",
            "    /// The route requires a feature that is not enabled.",
            "    case featureDisabled",
            "    /// A value breaks its rule (a link built in code or decoded).",
            "    case invalidValue",
            "    /// It was held longer than its route's `expiry` (an `Inbox` drops it).",
            "    case expired",
            "    /// The same link arrived again within the inbox's window, or a secret link was handed over already.",
            "    case duplicate",
            "}", "",
            "/// `dispatch`, `wait`, `ignore` or `update`: the server's `\"action\"`.",
            "\(access)nonisolated var name: String {",
            "    switch self {",
            "    case .dispatch: \"dispatch\"",
            "    case .wait: \"wait\"",
            "    case .ignore: \"ignore\"",
            "    case .update: \"update\"",
            "    }",
            "}", "",
            "/// The server's `\"reason\"` beside this action: the wait reason, or `featureDisabled`; nil for a dispatch and for",
            "/// the other ignore reasons, which the server does not name (its gate refusal has no reason, and it never sees the rest).",
            "\(access)nonisolated var serverReason: String? {",
            "    switch self {",
            "    case .wait(let reason): reason.rawValue",
            "    case .ignore(.featureDisabled): IgnoreReason.featureDisabled.rawValue",
            "    case .dispatch, .ignore, .update: nil",
            "    }",
            "}", "",
            "/// `dispatch`, `wait(undecidedState)`, `ignore(gateClosed)`, `update(2.3)`.",
            "\(access)nonisolated var description: String {",
            "    switch self {",
            "    case .dispatch: \"dispatch\"",
            "    case .wait(let reason): \"wait(\\(reason.rawValue))\"",
            "    case .ignore(let reason): \"ignore(\\(reason.rawValue))\"",
            "    case .update(let minimum): \"update(\\(minimum))\"",
            "    }",
            "}",
        ]
    }

    /// `EmbeddedTable.action(of:state:features:appVersion:)`: the app's version first (a build older than the route's
    /// `minAppVersion` cannot open it, whatever else holds), then the state (the states the route waits in, then its gate
    /// and whether it keeps what its gate refuses), then the feature, in the server's order.
    var embeddedAction: String {
        """
        extension \(name).EmbeddedTable {
            /// What the app does with `link`: the version, hold, gate and feature rules of the server's `/resolve`. An
            /// `appVersion` that is not 1 to 3 dot-separated whole numbers is no version: nothing asks for an update.
            nonisolated static func action(of link: \(name), state: String?, features: Set<String>, appVersion: String? = nil) -> Action {
                guard link.isValid, let route = compiledRoute(link.route), let line = line(of: link.route) else { return .ignore(.invalidValue) }
                if let minimum = line.minAppVersion, let needed = DeepLinkRouting.AppVersion(minimum),
                    let version = appVersion.flatMap(DeepLinkRouting.AppVersion.init), version < needed
                {
                    return .update(minimum: minimum)
                }
                if let state {
                    if line.wait?.contains(state) ?? false { return .wait(.undecidedState) }
                    if let gate = route.gate, !(table?.gates[gate]?.contains(state) ?? false) {
                        return (line.resume ?? false) ? .wait(.notYetAdmitted) : .ignore(.gateClosed)
                    }
                }
                if let feature = route.feature, !features.contains(feature) { return .ignore(.featureDisabled) }
                return .dispatch
            }

            /// The embedded line of `route`.
            nonisolated static func line(of route: Route) -> RouteLine? {
                positions[route].flatMap { $0 < routes.count ? routes[$0] : nil }
            }
        }

        """
    }
}
