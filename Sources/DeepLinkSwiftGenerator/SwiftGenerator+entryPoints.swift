extension SwiftGenerator {
    /// Every way into the app through the one parser: push payloads, Spotlight items and activities, each with the
    /// helper that writes what the other side reads.
    var entryPoints: String {
        """
        extension \(name) {
            /// The link a push notification's payload carries under `Arrival.payloadKey` (its Universal Link, as
            /// `pushPayload` writes it); nil when it carries none or no route takes it.
            \(access)nonisolated init?(pushPayload userInfo: [AnyHashable: Any]) {
                guard case .success(let arrival)? = Arrival.parse(pushPayload: userInfo) else { return nil }
                self = arrival.link
            }

            /// What the sending side puts in a push notification's payload, beside `aps`: `[Arrival.payloadKey: universalLink]`.
            /// Nil for a secret route (a payload passes through Apple's servers and the device's logs) and for a link without a
            /// Universal Link.
            \(access)nonisolated var pushPayload: [String: String]? {
                guard !isSecret, let link = universalLink?.absoluteString else { return nil }
                return [Arrival.payloadKey: link]
            }

            /// The link a Spotlight item's identifier names (index items under `spotlightIdentifier`); nil when no route
            /// takes it.
            \(access)nonisolated init?(spotlightIdentifier: String) {
                self.init(string: spotlightIdentifier)
            }

            /// The identifier to index a Spotlight item under (`CSSearchableItem(uniqueIdentifier:…)`): the canonical Universal
            /// Link, or the custom-scheme link of a route without one. Nil for a secret route, which must never be indexed.
            \(access)nonisolated var spotlightIdentifier: String? {
                guard !isSecret else { return nil }
                return (universalLink ?? appLink)?.absoluteString
            }

            /// The link an activity carries (`Arrival.parse(activityType:webpageURL:userInfo:)`): a Universal Link, a
            /// Spotlight item, a Handoff or a Siri shortcut's; nil when it carries none or no route takes it.
            \(access)nonisolated init?(activityType: String, webpageURL: URL?, userInfo: [AnyHashable: Any]?) {
                guard case .success(let arrival)? = Arrival.parse(activityType: activityType, webpageURL: webpageURL, userInfo: userInfo) else {
                    return nil
                }
                self = arrival.link
            }
        }

        #if canImport(Darwin)
            extension \(name) {
                /// The link an activity carries, from `onContinueUserActivity` (or `application(_:continue:restorationHandler:)`):
                /// a Universal Link (`NSUserActivityTypeBrowsingWeb`), a Spotlight item (`CSSearchableItemActionType`), a Handoff
                /// or a Siri shortcut's (its `webpageURL`, or `Arrival.payloadKey` in its `userInfo`); nil for an activity that
                /// carries none, or a link no route takes.
                \(access)nonisolated init?(userActivity: NSUserActivity) {
                    self.init(activityType: userActivity.activityType, webpageURL: userActivity.webpageURL, userInfo: userActivity.userInfo)
                }
            }
        #endif

        """
    }
}
