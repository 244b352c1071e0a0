import DeepLinkRouting

extension SwiftGenerator {
    /// `Presentation`, `presentation`, `holdExpiry` and `present(on:)`; `post(to:object:)` and `init?(notification:)`,
    /// the two ends of the notification a link's route names.
    var presenting: String {
        let presentation = nonisolatedDeclaration(
            "\(access)enum Presentation: String, Hashable, Sendable, CaseIterable",
            body: [
                "/// Append the link to the path.", "case push",
                "/// Reset the path to the link's `stack`: its `stack` routes, then the link.", "case replace",
                "/// Leave the path alone: the link drives the coordinator (a sign-in), never a screen on the path.", "case none",
            ], indent: "    ")
        return """
            extension \(name) {
                /// What opening a link does to the navigation path: the table's `presentation` of its route.
            \(presentation)}

            extension \(name) {
                /// What opening this link does to the navigation path: its route's `presentation` (`replace` unless the table says
                /// otherwise); always `none` for a secret route, whose values must never reach a path SwiftUI may save.
                \(access)nonisolated var presentation: Presentation {
                    guard !isSecret, let written = EmbeddedTable.line(of: route)?.presentation else { return isSecret ? .none : .replace }
                    return Presentation(rawValue: written) ?? .replace
                }

                /// How long an `Inbox` holds this link before dropping it, in seconds: its route's `expiry` (five minutes unless the
                /// table says otherwise).
                \(access)nonisolated var holdExpiry: Foundation.TimeInterval {
                    Foundation.TimeInterval(EmbeddedTable.line(of: route)?.expiry ?? \(Delivery.defaultExpiry))
                }

                /// `path` as opening this link leaves it: the link appended (`push`), the path reset to its `stack` (`replace`), or
                /// unchanged (`none`, every secret route among them).
                \(access)nonisolated func present(on path: inout [\(name)]) {
                    switch presentation {
                    case .push: path.append(self)
                    case .replace: path = stack
                    case .none: break
                    }
                }

                /// Posts its route's `notification` on `center`, with the link in `userInfo` under `Notifications.linkKey`; returns
                /// false, posting nothing, for a route without one.
                @discardableResult
                \(access)nonisolated func post(to center: Foundation.NotificationCenter = .default, object: Any? = nil) -> Bool {
                    guard let name = notification else { return false }
                    center.post(name: name, object: object, userInfo: [Notifications.linkKey: self])
                    return true
                }

                /// The link a notification `post(to:object:)` posted carries; nil for a notification without one.
                \(access)nonisolated init?(notification: Foundation.Notification) {
                    guard let link = notification.userInfo?[Notifications.linkKey] as? \(name) else { return nil }
                    self = link
                }
            }

            """
    }
}
