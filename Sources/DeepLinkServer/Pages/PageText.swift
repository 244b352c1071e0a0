import DeepLinkTemplates

/// Fixed text of a landing page's value, as it is and HTML-escaped: worked out once when the site loads, so a
/// request writes it without escaping it again, and the page rendered in full reads it as it is.
struct PageText: Sendable, Equatable {
    /// The UTF-8 of the text.
    let raw: [UInt8]
    /// The same, with `<>&"'` escaped.
    let escaped: [UInt8]

    init(_ text: String) {
        raw = Array(text.utf8)
        escaped = HTMLEscaping.escaped(text)
    }

    static func == (left: PageText, right: PageText) -> Bool {
        left.raw == right.raw
    }
}
