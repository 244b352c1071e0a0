/// A landing page rendered once with placeholders in the places of the URL's values, then filled per request.
///
/// Rendering the Mustache template costs tens of microseconds a page (context lookups, escaping); a landing
/// page differs from one request to the next only by the values the URL gave it (`LandingPage.urlValues`). So
/// the page of a route is rendered once per *shape* (which of those values are absent, empty or not) with a
/// placeholder in each non-empty value's place, cut at the placeholders, and every request of that shape
/// joins the pieces with its own values, HTML-escaped byte by byte as the template's content type does.
///
/// A template can use a value in ways a placeholder does not capture (a transform such as `uppercased`, a
/// triple mustache that skips escaping): every compiled page is checked against the renderer itself with two
/// sets of sample values, markup characters included, and a route whose page does not come out byte-identical
/// is rendered in full for every request instead.
struct CompiledPage: Sendable {
    /// A literal run of the page, or the place of one value (its index in `urlValues`).
    enum Piece: Sendable, Equatable {
        case text([UInt8])
        case value(Int)
    }

    let pieces: [Piece]
    /// Bytes of the page without its values, to reserve the output at once.
    private let textSize: Int

    /// The page for `values`: the pieces joined with each value HTML-escaped.
    func fill(_ values: [String?]) -> [UInt8] {
        var page: [UInt8] = []
        page.reserveCapacity(textSize + 256)
        for piece in pieces {
            switch piece {
            case .text(let text): page += text
            case .value(let index): HTMLEscaping.escape(values[index] ?? "", into: &page)
            }
        }
        return page
    }

    /// Compiles the page of `shape` with `render`, which renders the page's template with a list of URL
    /// values; nil when the template uses a value in a way the compiled page would not reproduce.
    static func compile(_ shape: [String?], render: ([String?]) -> [UInt8]) -> CompiledPage? {
        let placeholders = shape.enumerated().map { index, value in value.map { $0.isEmpty ? "" : Placeholder.text(index) } }
        guard let pieces = Placeholder.pieces(of: render(placeholders), count: shape.count) else { return nil }
        let page = CompiledPage(pieces: pieces, textSize: pieces.reduce(0) { if case .text(let text) = $1 { $0 + text.count } else { $0 } })
        for sample in Self.samples {
            let values = shape.enumerated().map { index, value in value.map { $0.isEmpty ? "" : sample + String(index) } }
            guard page.fill(values) == render(values) else { return nil }
        }
        return page
    }

    /// Values of two different lengths, neither the length of a placeholder: one with every character HTML
    /// escapes and mixed case, one plain.
    private static let samples = [#"aB<&"'>é/"#, "Zy09-_.~x"]

    /// The placeholders: U+E000, a private-use character U+E100 + index, U+E001 (private-use characters pass
    /// through HTML escaping and case mapping unchanged).
    private enum Placeholder {
        static let start: [UInt8] = [0xEE, 0x80, 0x80]
        static let end: [UInt8] = [0xEE, 0x80, 0x81]
        static let maximumCount = 0x100

        static func text(_ index: Int) -> String {
            "\u{E000}" + String(Character(Unicode.Scalar(UInt32(0xE100 + index)) ?? "\u{E100}")) + "\u{E001}"
        }

        /// The page cut at its placeholders; nil when one is malformed, out of range, or a private-use marker
        /// appears elsewhere.
        static func pieces(of page: [UInt8], count: Int) -> [Piece]? {
            guard count <= maximumCount else { return nil }
            var pieces: [Piece] = []
            var text: [UInt8] = []
            var index = 0
            while index < page.count {
                guard page[index] == 0xEE, page.count - index >= 3, page[index + 1] == 0x80, (0x80...0x81).contains(page[index + 2]) else {
                    text.append(page[index])
                    index += 1
                    continue
                }
                // A start marker, the index character (U+E100...U+E1FF: EE 84 80...EE 87 BF), an end marker.
                guard page[index + 2] == 0x80, page.count - index >= 9, page[index + 3] == 0xEE, (0x84...0x87).contains(page[index + 4]),
                    Array(page[index + 6..<index + 9]) == end
                else { return nil }
                let value = Int(page[index + 4] - 0x84) << 6 | Int(page[index + 5] & 0x3F)
                guard value < count else { return nil }
                if !text.isEmpty { pieces.append(.text(text)) }
                text = []
                pieces.append(.value(value))
                index += 9
            }
            if !text.isEmpty { pieces.append(.text(text)) }
            return pieces
        }
    }
}
