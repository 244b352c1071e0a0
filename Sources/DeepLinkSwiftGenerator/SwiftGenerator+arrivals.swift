extension SwiftGenerator {
    /// `Arrival`: a link with the channel and alias it came by and the entry point that took it in.
    var arrivals: String {
        let arrival = nonisolatedDeclaration(
            "\(access)struct Arrival: Hashable, Sendable, CustomStringConvertible",
            body: [
                "/// How a URL reached the app, as the server's `/resolve` names it in `channel`.",
                "\(access)enum Channel: String, Hashable, Sendable, CaseIterable {",
                "    /// An `https` link on one of the table's domains: a Universal Link.", "    case universal",
                "    /// A link of one of the table's custom schemes.", "    case app",
                "}", "",
                "/// Where the app took the link in.",
                "\(access)enum Entry: String, Hashable, Sendable, CaseIterable {",
                "    /// `onOpenURL`, `application(_:open:options:)` or `scene(_:openURLContexts:)`: a custom scheme, a widget's",
                "    /// `widgetURL`, an `OpenURLIntent`, a Universal Link on iOS 18.", "    case openURL",
                "    /// `onContinueUserActivity(NSUserActivityTypeBrowsingWeb)`: a Universal Link.", "    case browsingActivity",
                "    /// A scene's connection options (`urlContexts`, `userActivities`) at a cold start.", "    case launch",
                "    /// A push notification's payload, under `payloadKey`.", "    case pushNotification",
                "    /// A Spotlight item (`CSSearchableItemActionType`) whose identifier is the link.", "    case spotlight",
                "    /// Another device's or app's activity (Handoff, a Siri shortcut): its `webpageURL`, or `payloadKey` in its `userInfo`.",
                "    case handoff",
                "    /// A code the app scanned itself.", "    case scan",
                "    /// A string the user pasted.", "    case paste",
                "    /// A link the app built itself.", "    case code",
                "}", "",
                "/// The key of the link, written as its Universal Link, in a push notification's payload and in a Handoff",
                "/// activity's `userInfo`.",
                "\(access)nonisolated static let payloadKey = \"deeplink\"", "",
                "/// The link.", "\(access)let link: \(name)",
                "/// The channel it came by; nil for a link that came as a value (built in code).", "\(access)let channel: Channel?",
                "/// The alias it matched (the pattern as written in the table), as `/resolve`'s `via`; nil when its route's `path`",
                "/// matched: report these to learn which old sticker shapes are still in use before an alias is retired.",
                "\(access)let via: String?",
                "/// Where the app took it in.", "\(access)let entry: Entry", "",
                "/// An arrival; a link built in code has no channel and no alias.",
                "\(access)nonisolated init(link: \(name), channel: Channel? = nil, via: String? = nil, entry: Entry = .code) {",
                "    self.link = link", "    self.channel = channel", "    self.via = via", "    self.entry = entry", "}", "",
                "/// `charger(id: \"CH-42\") (universal, via charger/$(id), from openURL)`; a secret route's values redacted.",
                "\(access)nonisolated var description: String {",
                "    let parts = [channel?.rawValue, via.map { \"via \\($0)\" }, \"from \\(entry.rawValue)\"].compactMap(\\.self)",
                "    return \"\\(link.description) (\\(parts.joined(separator: \", \")))\"",
                "}",
            ], indent: "    ")
        return """
            extension \(name) {
                /// A link as it reached the app: the link, the channel and alias it came by (what the server's `/resolve` says of
                /// its URL), and the entry point that took it in. What an `Inbox` holds and hands over.
            \(arrival)}

            extension \(name).Arrival {
                /// The arrival of `string` at `entry`, or why it opens no link (the reason and detail of the server's `/resolve`).
                \(access)nonisolated static func parse(_ string: String, from entry: Entry) -> Result<Self, \(name).Unmatched> {
                    \(name).EmbeddedTable.arrive(string, from: entry)
                }

                /// The arrival of `url` at `entry`, parsed as `\(name).parse(_:)` parses a URL (refusing Foundation's repairs).
                \(access)nonisolated static func parse(_ url: URL, from entry: Entry) -> Result<Self, \(name).Unmatched> {
                    \(name).EmbeddedTable.arrive(url, from: entry)
                }

                /// The arrival a push notification's payload carries under `payloadKey`; nil when it carries no link string.
                \(access)nonisolated static func parse(pushPayload userInfo: [AnyHashable: Any]) -> Result<Self, \(name).Unmatched>? {
                    guard let string = userInfo[payloadKey] as? String else { return nil }
                    return parse(string, from: .pushNotification)
                }

                /// The arrival an activity carries: a browsing activity's `webpageURL` (a Universal Link), a Spotlight item's
                /// identifier (`CSSearchableItemActionType`, its `userInfo` under `kCSSearchableItemActivityIdentifier`),
                /// or another activity's `webpageURL`, else the string under `payloadKey` in its `userInfo` (Handoff, a Siri
                /// shortcut); nil when it carries none of them.
                \(access)nonisolated static func parse(activityType: String, webpageURL: URL?, userInfo: [AnyHashable: Any]?) -> Result<Self, \(name).Unmatched>? {
                    let entry = \(name).EmbeddedTable.entry(ofActivityType: activityType)
                    if entry == .browsingActivity { return webpageURL.map { parse($0, from: entry) } }
                    if entry == .spotlight { return (userInfo?["kCSSearchableItemActivityIdentifier"] as? String).map { parse($0, from: entry) } }
                    if let webpageURL { return parse(webpageURL, from: entry) }
                    return (userInfo?[payloadKey] as? String).map { parse($0, from: entry) }
                }
            }

            """
    }

    /// `EmbeddedTable.arrive(_:from:)` of a string and of a URL, and `parse(_:)` of what they give.
    var embeddedArrivals: String {
        """
        extension \(name).EmbeddedTable {
            /// The server's outcome for `string`, as an arrival at `entry`: the link, its channel and its alias.
            nonisolated static func arrive(_ string: String, from entry: Arrival.Entry) -> Result<Arrival, Unmatched> {
                guard let table else { return .failure(unavailable) }
                switch table.resolve(string) {
                case .unmatched(let unmatched):
                    return .failure(converted(unmatched))
                case .matched(let match):
                    guard match.routeIndex < routesInOrder.count, let link = link(route: routesInOrder[match.routeIndex], value: match.value(of:)) else {
                        let detail = "route '\\(match.route.name)' matched, but this code has no case for it: generate it again from the table"
                        return .failure(Unmatched(reason: .noRoute, detail: detail))
                    }
                    // A match is on `https` (a domain) or on one of the table's custom schemes.
                    let isUniversal = string.prefix { $0 != ":" }.lowercased() == "https"
                    return .success(Arrival(link: link, channel: isUniversal ? .universal : .app, via: match.via?.description, entry: entry))
                }
            }

            /// `url`'s arrival at `entry`, refused where `url` shows Foundation's repair of a string the server refuses.
            nonisolated static func arrive(_ url: URL, from entry: Arrival.Entry) -> Result<Arrival, Unmatched> {
                let string = url.absoluteString
                let arrival = arrive(string, from: entry)
                guard case .success = arrival else { return arrival }
                if let escape = repairedCharacter(in: string) {
                    let detail = "URL has '\\(escape)', which Foundation writes for a character the server refuses; parse the original string instead"
                    return .failure(Unmatched(reason: .malformedURL, detail: detail))
                }
                if let original = percentSignsGivenBack(in: string), parse(arrive(original, from: entry)) != parse(arrival) {
                    let detail = "URL has '%25', which Foundation writes for a '%' the server reads otherwise; parse the original string instead"
                    return .failure(Unmatched(reason: .malformedURL, detail: detail))
                }
                return arrival
            }

            /// The entry point of an activity of `activityType`: a Universal Link (`NSUserActivityTypeBrowsingWeb`), a Spotlight
            /// item (`CSSearchableItemActionType`, whose value is `com.apple.corespotlightitem`), or Handoff for any other.
            nonisolated static func entry(ofActivityType activityType: String) -> Arrival.Entry {
                let entries: [String: Arrival.Entry] = ["NSUserActivityTypeBrowsingWeb": .browsingActivity, "com.apple.corespotlightitem": .spotlight]
                return entries[activityType] ?? .handoff
            }

            /// The outcome of an arrival, as `parse(_:)` gives it.
            nonisolated static func parse(_ arrival: Result<Arrival, Unmatched>) -> Parse {
                switch arrival {
                case .success(let arrival): .link(arrival.link)
                case .failure(let unmatched): .unmatched(unmatched)
                }
            }
        }

        """
    }
}
