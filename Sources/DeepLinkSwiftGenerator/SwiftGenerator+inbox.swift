extension SwiftGenerator {
    /// `Inbox`: its stored state and initializer, and what it takes in.
    var inbox: String {
        let hasStates = !states.isEmpty
        let body =
            [
                "/// How long the same link arriving again counts as one delivery (both SwiftUI hooks, or a scene's connection",
                "/// options and then `onOpenURL` at a cold start): five seconds.",
                "\(access)nonisolated static let defaultWindow: Foundation.TimeInterval = 5", "",
                "private let lock = Foundation.NSLock()",
                "private let clock: @Sendable () -> Foundation.TimeInterval",
                "private let window: Foundation.TimeInterval",
            ] + (hasStates ? ["private var currentState: AppState"] : []) + [
                "private var currentFeatures: Set<Feature>",
                "/// The app's version, for the routes with a `minAppVersion`; nil asks for no update.",
                "private let appVersion: String?",
                "/// The held links in the order they arrived, each with the time it expires.",
                "private var pending: [(arrival: Arrival, deadline: Foundation.TimeInterval)] = []",
                "/// When each link last arrived or was handed over, for the window.",
                "private var seen: [\(name): Foundation.TimeInterval] = [:]",
                "/// The hash values of the secret links handed over: not the links, so no token stays in memory for them.",
                "private var handedOverSecrets: Set<Int> = []", "",
                "/// An inbox for an app \(hasStates ? "in `state` " : "")with `features` enabled, at `appVersion` (`DeepLink.bundleVersion`; nil",
                "/// asks for no update). `window` is how long a link arriving again is the same delivery; `clock` gives the time in",
                "/// seconds (inject one to test a launch deterministically).",
                "\(access)nonisolated init(",
                "    \(hasStates ? "state: AppState, " : "")features: Set<Feature> = [], appVersion: String? = nil,",
                "    window: Foundation.TimeInterval = Inbox.defaultWindow,",
                "    clock: @escaping @Sendable () -> Foundation.TimeInterval = { Foundation.Date().timeIntervalSinceReferenceDate }",
                ") {",
            ] + (hasStates ? ["    self.currentState = state"] : []) + [
                "    self.currentFeatures = features", "    self.appVersion = appVersion", "    self.window = window", "    self.clock = clock", "}",
            ]
        let declaration = nonisolatedDeclaration("\(access)final class Inbox: @unchecked Sendable", body: body, indent: "    ")
        return """
            extension \(name) {
                /// The app's one inbox of links, fed by every entry point (`onOpenURL`, activities, a scene's connection options,
                /// push payloads, Spotlight, Handoff) and by every state change: it hands a link over when the app's state admits
                /// it, holds it while the table says to wait (`launching`; a screen behind sign-in until sign-in), drops it when
                /// it expires, and hands each link over once: the same link arriving again within `window` is one delivery, and
                /// a secret link is handed over at most once in the inbox's life (keep one inbox for the process).
                ///
                /// Any thread may call it: one lock guards its state, which is why it is `@unchecked Sendable`; no call waits on
                /// anything but that lock, and none calls out while holding it but to `clock` (the events are returned, not sent).
            \(declaration)}

            extension \(name).Inbox {
            \(hasStates ? stateMembers : "")    /// The features the app last reported.
                \(access)nonisolated var features: Set<\(name).Feature> {
                    lock.lock()
                    defer { lock.unlock() }
                    return currentFeatures
                }

                /// The links held, in the order they arrived.
                \(access)nonisolated var held: [\(name).Arrival] {
                    lock.lock()
                    defer { lock.unlock() }
                    return pending.map(\\.arrival)
                }

                /// Takes in `url` from `entry`, parsed as `\(name).parse(_:)` parses a URL; nil (an activity without a URL) gives
                /// nothing.
                \(access)nonisolated func receive(_ url: URL?, from entry: \(name).Arrival.Entry) -> [Event] {
                    guard let url else { return [] }
                    return receive(\(name).Arrival.parse(url, from: entry), from: entry)
                }

                /// Takes in `string` from `entry` (a scanned code, a pasted link), parsed as the server parses it.
                \(access)nonisolated func receive(_ string: String, from entry: \(name).Arrival.Entry) -> [Event] {
                    receive(\(name).Arrival.parse(string, from: entry), from: entry)
                }

                /// Takes in a link the app built or decoded itself.
                \(access)nonisolated func receive(_ link: \(name), from entry: \(name).Arrival.Entry = .code) -> [Event] {
                    receive(.success(\(name).Arrival(link: link, entry: entry)), from: entry)
                }

                /// Takes in the link of a push notification's payload (`Arrival.payloadKey`); a payload without one gives nothing.
                \(access)nonisolated func receive(pushPayload userInfo: [AnyHashable: Any]) -> [Event] {
                    \(name).Arrival.parse(pushPayload: userInfo).map { receive($0, from: .pushNotification) } ?? []
                }

                /// Takes in the link of an activity (a Universal Link, a Spotlight item, a Handoff); one without a link gives
                /// nothing.
                \(access)nonisolated func receive(activityType: String, webpageURL: URL?, userInfo: [AnyHashable: Any]?) -> [Event] {
                    let entry = \(name).EmbeddedTable.entry(ofActivityType: activityType)
                    let arrival = \(name).Arrival.parse(activityType: activityType, webpageURL: webpageURL, userInfo: userInfo)
                    return arrival.map { receive($0, from: entry) } ?? []
                }

                /// Takes in what parsing gave at `entry`: hands the link over when the state admits it, holds it when the table
                /// says to wait, and drops it otherwise, or when the same link arrived within the window (a secret one: once
                /// handed over, ever). What expired is dropped first.
                \(access)nonisolated func receive(_ parsed: Result<\(name).Arrival, \(name).Unmatched>, from entry: \(name).Arrival.Entry) -> [Event] {
                    lock.lock()
                    defer { lock.unlock() }
                    let now = clock()
                    var events = expire(now: now)
                    switch parsed {
                    case .success(let arrival): events.append(admit(arrival, now: now))
                    case .failure(let unmatched): events.append(.unmatched(unmatched, entry))
                    }
                    return events
                }

                /// The app has `features` enabled now: every held link is decided again.
                \(access)nonisolated func update(features: Set<\(name).Feature>) -> [Event] {
                    lock.lock()
                    defer { lock.unlock() }
                    currentFeatures = features
                    return reconsider(now: clock())
                }

                /// Drops the held links that expired (every other call does so first).
                \(access)nonisolated func expire() -> [Event] {
                    lock.lock()
                    defer { lock.unlock() }
                    return expire(now: clock())
                }
            }

            """
    }

    /// `state` and `update(state:)`, for a table with states.
    private var stateMembers: String {
        """
            /// The state the app last reported.
            \(access)nonisolated var state: \(name).AppState {
                lock.lock()
                defer { lock.unlock() }
                return currentState
            }

            /// The app is in `state` now: every held link is decided again (handed over, still held or dropped), after what
            /// expired is dropped.
            \(access)nonisolated func update(state: \(name).AppState) -> [Event] {
                lock.lock()
                defer { lock.unlock() }
                currentState = state
                return reconsider(now: clock())
            }


        """
    }
}
