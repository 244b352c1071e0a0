import DeepLinkRouting
import Foundation

/// ExpresScan's `handleUniversalLink`, on the generated `DeepLink`: URL and app state in, what to do out.
///
/// The seed dispatcher's ordered list of `parse…DeepLink` helpers is the table's route order, the
/// `Notification.Name`s and the sign-in gate come from the table too, so nothing here repeats a URL shape.
public struct LinkRouter: Sendable {
    /// What the app does with one URL.
    public enum Outcome: Equatable, Sendable {
        /// Reset the navigation path, push `stack`, and post `notification` with the link.
        case dispatch(DeepLink, notification: Notification.Name, stack: [DeepLink])
        /// A link the state's gate or the enabled features refuse (a sign-in link while signed in): dropped.
        case ignore(DeepLink, state: AppState)
        /// No route takes the URL; `unmatched.reason` says why (the same as the server's `/resolve`).
        case unmatched(Unmatched)
    }

    /// The key of the link in a posted notification's `userInfo`.
    public static let linkKey = "link"

    /// A router.
    public init() {}

    /// What to do with `url` while the app is in `state` with `features` enabled.
    public func route(_ url: URL, in state: AppState, features: Set<Feature> = []) -> Outcome {
        switch DeepLink.parse(url) {
        case .unmatched(let unmatched):
            return .unmatched(unmatched)
        case .link(let link):
            guard link.action(in: state, features: features) == .dispatch else { return .ignore(link, state: state) }
            return .dispatch(link, notification: link.notification, stack: link.stack)
        }
    }

    /// Routes `url` and posts the notification on `center` when the outcome is a dispatch; returns the outcome.
    @discardableResult
    public func handle(_ url: URL, in state: AppState, center: NotificationCenter = .default) -> Outcome {
        let outcome = route(url, in: state)
        if case .dispatch(let link, let notification, _) = outcome {
            center.post(name: notification, object: nil, userInfo: [Self.linkKey: link])
        }
        return outcome
    }
}
