public import Foundation

/// ExpresScan's `handleUniversalLink`, on the generated `DeepLink` and its `Inbox`: every way a link comes in, and
/// every state the coordinator reports, in; what to do out.
///
/// The seed dispatcher's ordered list of `parse…DeepLink` helpers is the table's route order; the notification names,
/// the sign-in gate, which links wait while launching and how each is presented come from the table too, so nothing
/// here repeats a URL shape or a state. The inbox holds a link the state cannot decide yet (a sign-in link before the
/// Keychain check has settled, a receipt before sign-in) and hands each link over once, whichever hooks deliver it.
public struct LinkRouter: Sendable {
    /// What the app does with one link.
    public enum Outcome: Equatable, Sendable {
        /// Post `notification` (when the route names one) with the link, then present it: push it on the navigation
        /// path, reset the path to its stack, or (`none`: sign-in links) leave the path alone.
        case dispatch(DeepLink, notification: Notification.Name?, presentation: DeepLink.Presentation)
        /// Held by the inbox until the state decides it, or until it expires.
        case wait(DeepLink, reason: DeepLink.Action.WaitReason)
        /// Dropped: the state's gate refuses it (a sign-in link while signed in), it expired, or it arrived already.
        case ignore(DeepLink, reason: DeepLink.Action.IgnoreReason)
        /// Not opened: this build is older than the route's `minAppVersion`; ask the user to update to `minimum`.
        case update(DeepLink, minimum: String)
        /// No route takes what arrived; the reason and detail are the server's `/resolve`'s.
        case unmatched(DeepLink.Unmatched)
    }

    /// The app's one inbox.
    public let inbox: DeepLink.Inbox

    /// A router for an app that starts in `state` (a cold launch starts in `launching`), at `appVersion` (the
    /// bundle's version by default); `clock` is the inbox's.
    public init(
        state: DeepLink.AppState = .launching, appVersion: String? = DeepLink.bundleVersion,
        clock: @escaping @Sendable () -> TimeInterval = { Date().timeIntervalSinceReferenceDate }
    ) {
        inbox = DeepLink.Inbox(state: state, appVersion: appVersion, clock: clock)
    }

    /// A URL from `onOpenURL` (`.openURL`), a browsing activity (`.browsingActivity`) or a scene's connection options at
    /// a cold start (`.launch`); nil (an activity without a URL) gives nothing.
    public func open(_ url: URL?, from entry: DeepLink.Arrival.Entry = .openURL) -> [Outcome] {
        outcomes(inbox.receive(url, from: entry))
    }

    /// A string the app holds: a scanned QR code, a pasted link.
    public func open(string: String, from entry: DeepLink.Arrival.Entry = .scan) -> [Outcome] {
        outcomes(inbox.receive(string, from: entry))
    }

    /// A push notification's payload, whose `DeepLink.Arrival.payloadKey` holds the link.
    public func open(pushPayload userInfo: [AnyHashable: Any]) -> [Outcome] {
        outcomes(inbox.receive(pushPayload: userInfo))
    }

    /// An activity: a Universal Link, a Spotlight item, a Handoff.
    public func open(activityType: String, webpageURL: URL?, userInfo: [AnyHashable: Any]?) -> [Outcome] {
        outcomes(inbox.receive(activityType: activityType, webpageURL: webpageURL, userInfo: userInfo))
    }

    /// The coordinator reports `state`: what the inbox held is decided again.
    public func enter(_ state: DeepLink.AppState) -> [Outcome] {
        outcomes(inbox.update(state: state))
    }

    /// Posts the notification of every dispatched link on `center` and presents it on `path`.
    public func handle(_ outcomes: [Outcome], on path: inout [DeepLink], center: NotificationCenter = .default) {
        for case .dispatch(let link, _, _) in outcomes {
            link.post(to: center)
            link.present(on: &path)
        }
    }

    private func outcomes(_ events: [DeepLink.Inbox.Event]) -> [Outcome] {
        events.map { event in
            switch event {
            case .open(let arrival): .dispatch(arrival.link, notification: arrival.link.notification, presentation: arrival.link.presentation)
            case .held(let arrival, let reason): .wait(arrival.link, reason: reason)
            case .dropped(let arrival, let reason): .ignore(arrival.link, reason: reason)
            case .needsUpdate(let arrival, let minimum): .update(arrival.link, minimum: minimum)
            case .unmatched(let unmatched, _): .unmatched(unmatched)
            }
        }
    }
}
