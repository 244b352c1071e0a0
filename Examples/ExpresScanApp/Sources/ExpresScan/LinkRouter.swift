public import Foundation

/// ExpresScan's `handleUniversalLink`, on the generated `DeepLink`: URL and app state in, what to do out.
///
/// The seed dispatcher's ordered list of `parse…DeepLink` helpers is the table's route order; the notification names
/// and the sign-in gate come from the table too, so nothing here repeats a URL shape. A secret link (the magic-link
/// sign-in) drives the coordinator and never reaches the navigation path, which SwiftUI may save to disk.
public struct LinkRouter: Sendable {
    /// What the app does with one URL.
    public enum Outcome: Equatable, Sendable {
        /// Post `notification` (when the route names one) with the link; then, when `path` is not nil, reset the
        /// navigation path to it. `path` is nil for a secret link.
        case dispatch(DeepLink, notification: Notification.Name?, path: [DeepLink]?)
        /// A link the state's gate or the enabled features refuse (a sign-in link while signed in): dropped.
        case ignore(DeepLink, state: DeepLink.AppState)
        /// No route takes the URL; the reason and detail are the server's `/resolve`'s.
        case unmatched(DeepLink.Unmatched)
    }

    /// The key of the link in a posted notification's `userInfo`.
    public static let linkKey = "link"

    /// A router.
    public init() {}

    /// What to do with `url` while the app is in `state` with `features` enabled.
    public func route(_ url: URL, in state: DeepLink.AppState, features: Set<DeepLink.Feature> = []) -> Outcome {
        outcome(DeepLink.parse(url), in: state, features: features)
    }

    /// What to do with `string` (a scanned QR code, a notification payload): parsed as the server parses it.
    public func route(string: String, in state: DeepLink.AppState, features: Set<DeepLink.Feature> = []) -> Outcome {
        outcome(DeepLink.parse(string), in: state, features: features)
    }

    private func outcome(_ parse: DeepLink.Parse, in state: DeepLink.AppState, features: Set<DeepLink.Feature>) -> Outcome {
        switch parse {
        case .unmatched(let unmatched):
            return .unmatched(unmatched)
        case .link(let link):
            guard link.action(in: state, features: features) == .dispatch else { return .ignore(link, state: state) }
            return .dispatch(link, notification: link.notification, path: link.isSecret ? nil : link.stack)
        }
    }

    /// Routes `url` and posts the notification on `center` when the outcome is a dispatch; returns the outcome.
    @discardableResult
    public func handle(_ url: URL, in state: DeepLink.AppState, center: NotificationCenter = .default) -> Outcome {
        let outcome = route(url, in: state)
        if case .dispatch(let link, let notification?, _) = outcome {
            center.post(name: notification, object: nil, userInfo: [Self.linkKey: link])
        }
        return outcome
    }
}
