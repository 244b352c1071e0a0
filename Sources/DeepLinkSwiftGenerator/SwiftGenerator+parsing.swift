extension SwiftGenerator {
    /// `init?(string:)`, `init?(url:)` and `parse(_:)` of both.
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
                EmbeddedTable.parse(EmbeddedTable.arrive(string, from: .code))
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
                EmbeddedTable.parse(EmbeddedTable.arrive(url, from: .openURL))
            }
        }

        """
    }
}
