extension SwiftGenerator {
    /// `notification`, `requiredFeature`, `action(in:features:)`, `universalLink`, `appLink` and `stack`, read from the
    /// embedded table, so they say what the server says.
    var dispatching: String {
        """
        extension \(name) {
            /// The notification the table names for this link's route; nil for a route without one.
            \(access)nonisolated var notification: Foundation.Notification.Name? {
                EmbeddedTable.compiledRoute(route)?.notification.map { Foundation.Notification.Name($0) }
            }

            /// The app's version as its bundle says (`CFBundleShortVersionString` of `Bundle.main`), to pass as `appVersion`;
            /// nil when the bundle has none (a test runner, a command-line tool).
            \(access)nonisolated static var bundleVersion: String? {
                Foundation.Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String
            }

            /// The oldest version of the app that opens this link's route (its `minAppVersion`); nil for a route without one.
            \(access)nonisolated var minAppVersion: String? {
                EmbeddedTable.line(of: route)?.minAppVersion
            }

            /// The feature the table says this link's route requires, if any.
            \(access)nonisolated var requiredFeature: Feature? {
                \(features.isEmpty ? "nil" : "EmbeddedTable.compiledRoute(route)?.feature.flatMap { Feature(rawValue: $0) }")
            }

        \(actions)
            /// The canonical Universal Link (as the server's `/link` gives it); nil when no domain may open the route, its
            /// path has `*` or `**`, or a value breaks its rule.
            \(access)nonisolated var universalLink: URL? {
                EmbeddedTable.links(of: self)?.universal.flatMap { URL(string: $0) }
            }

            /// The canonical custom-scheme link; nil when no scheme may open the route, or as for `universalLink`.
            \(access)nonisolated var appLink: URL? {
                EmbeddedTable.links(of: self)?.app.flatMap { URL(string: $0) }
            }

            /// The navigation stack this link opens, outermost first, ending with the link itself: the table's `stack`
            /// routes built from this link's values.
            \(access)nonisolated var stack: [\(name)] {
                EmbeddedTable.stack(of: self)
            }
        }

        """
    }

    /// `action(in:features:)` and `action(in:)`; for a table without states, `action(features:)` and `action()`
    /// (a function taking a value of a type without cases could never run, which the compiler warns about).
    private var actions: String {
        let features = self.features.isEmpty ? "[]" : "Set(features.map(\\.rawValue))"
        let summary =
            states.isEmpty
            ? """
                /// What the app does with this link with `features` enabled, as the server's `/resolve` says:
                /// `.ignore(.featureDisabled)` when it requires a feature not in `features`, `.ignore(.invalidValue)` when a
                /// value breaks its rule.
                /// `.update(minimum:)` first, when `appVersion` (the app's, such as `DeepLink.bundleVersion`) is older than the
                /// route's `minAppVersion`; nil asks for no update.
            """
            : """
                /// What the app does with this link in `state` with `features` enabled, as the server's `/resolve` says:
                /// `.update(minimum:)` first, when `appVersion` (the app's, such as `DeepLink.bundleVersion`) is older than the
                /// route's `minAppVersion` (nil asks for no update); `.wait(.undecidedState)` in a state the route waits in; in
                /// a state its gate refuses, `.wait(.notYetAdmitted)` when it keeps such links until a state it admits, else
                /// `.ignore(.gateClosed)`; `.ignore(.featureDisabled)` when it requires a feature not in `features`;
                /// `.ignore(.invalidValue)` when a value breaks its rule.
            """
        guard !states.isEmpty else {
            return summary + """

                    \(access)nonisolated func action(features: Set<Feature>, appVersion: String? = nil) -> Action {
                        EmbeddedTable.action(of: self, state: nil, features: \(features), appVersion: appVersion)
                    }

                    /// What the app does with this link with no feature enabled (`action(features:appVersion:)` with none).
                    \(access)nonisolated func action(appVersion: String? = nil) -> Action {
                        action(features: [], appVersion: appVersion)
                    }

                """
        }
        return summary + """

                \(access)nonisolated func action(in state: AppState, features: Set<Feature>, appVersion: String? = nil) -> Action {
                    EmbeddedTable.action(of: self, state: state.rawValue, features: \(features), appVersion: appVersion)
                }

                /// What the app does with this link in `state` with no feature enabled (`action(in:features:appVersion:)` with
                /// none).
                \(access)nonisolated func action(in state: AppState, appVersion: String? = nil) -> Action {
                    action(in: state, features: [], appVersion: appVersion)
                }

            """
    }
}
