extension SwiftGenerator {
    /// `init?(string:)`, `init?(url:)`, `parse(_:)` of both and, where `NSUserActivity` exists, `init?(userActivity:)`.
    var parsing: String {
        """
        extension \(name) {
            /// The link `string` opens, or nil when no route takes it: the server's verdict on the very same characters.
            /// Use it wherever the app holds the string (a QR code, a notification payload, a pasted link).
            \(access)nonisolated init?(string: String) {
                guard case .link(let link) = Self.parse(string) else { return nil }
                self = link
            }

            /// The link `url` opens, or nil when no route takes it, or when `url` shows signs of the repair Foundation makes
            /// to a string the server refuses (see `parse(_:)`).
            \(access)nonisolated init?(url: URL) {
                guard case .link(let link) = Self.parse(url) else { return nil }
                self = link
            }

            /// The link `string` opens, or why it opens none: the outcome, reason and detail of the server's `/resolve`.
            \(access)nonisolated static func parse(_ string: String) -> Parse {
                EmbeddedTable.parse(string)
            }

            /// The link `url` opens, or why it opens none, parsed from `url.absoluteString`.
            ///
            /// Foundation repairs a string it cannot parse before it makes a URL of it: `\\` becomes `%5C`, a space or a
            /// control character `%20` or `%09`, a `%` that begins no escape `%25`, and so does every `%` of a component
            /// it re-encodes. The server refuses the string as it was (`malformedURL`), so a URL opens a link here only
            /// when no such repair could have made it: it holds none of `%5C`, `%20`, `%00`–`%1F`, `%7F`, and it opens
            /// the same link with its `%25`s given back as `%`. Parse the string itself, with `parse(_:)` of a
            /// `String`, where the app has it.
            \(access)nonisolated static func parse(_ url: URL) -> Parse {
                let string = url.absoluteString
                let parse = EmbeddedTable.parse(string)
                guard case .link(let link) = parse else { return parse }
                if let escape = EmbeddedTable.repairedCharacter(in: string) {
                    let detail = "URL has '\\(escape)', which Foundation writes for a character the server refuses; parse the original string instead"
                    return .unmatched(Unmatched(reason: .malformedURL, detail: detail))
                }
                if let original = EmbeddedTable.percentSignsGivenBack(in: string), EmbeddedTable.parse(original) != parse {
                    let detail = "URL has '%25', which Foundation writes for a '%' the server reads otherwise; parse the original string instead"
                    return .unmatched(Unmatched(reason: .malformedURL, detail: detail))
                }
                return .link(link)
            }
        }

        #if canImport(Darwin)
            extension \(name) {
                /// The link a Universal Link opened through `onContinueUserActivity(NSUserActivityTypeBrowsingWeb)` (or
                /// `application(_:continue:restorationHandler:)`) opens: its `webpageURL`, parsed as `init?(url:)` does.
                /// Nil for any other kind of activity, one without a URL, or a URL no route takes.
                \(access)nonisolated init?(userActivity: NSUserActivity) {
                    guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL else { return nil }
                    self.init(url: url)
                }
            }
        #endif

        """
    }
}
