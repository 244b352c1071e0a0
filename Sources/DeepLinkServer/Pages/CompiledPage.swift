import DeepLinkBytes
import DeepLinkTemplates
import MicroHTTP

/// A landing page rendered once with placeholders in the places of the URL's values, then filled per request.
///
/// Rendering the Mustache template costs tens of microseconds a page (context lookups, escaping); a landing
/// page differs from one request to the next only by the values the URL gave it (`LandingPage.values`). So
/// the page of a route is rendered once per *shape* (which of those values are absent, empty or not) with a
/// placeholder in each non-empty value's place, cut at the placeholders, and every request of that shape
/// joins the pieces with its own values, HTML-escaped byte by byte as the template's content type does, each once,
/// into the body sent (`body(valueCount:bound:write:)`, the one way a landing page's body is written).
///
/// A template can use a value in ways a placeholder does not capture (a transform such as `uppercased`, a
/// triple mustache that skips escaping): every compiled page is checked against the renderer itself with two
/// sets of sample values, markup characters included, written by that same writer, and a route whose page does
/// not come out byte-identical is rendered in full for every request instead.
struct CompiledPage: Sendable {
    /// A literal run of the page, or the place of one value (its index in `LandingPage.values`).
    enum Piece: Sendable, Equatable {
        case text([UInt8])
        case value(Int)
    }

    /// Every literal run of the page, one after the other.
    let text: [UInt8]
    /// The page in order: the length of a literal run, then the value that follows it (nil after the last run).
    /// Kept apart from `text` so filling walks plain numbers, with no reference counted per piece.
    let slots: [(textLength: Int, value: Int?)]

    init(pieces: [Piece]) {
        var text: [UInt8] = []
        var slots: [(textLength: Int, value: Int?)] = []
        var runLength = 0
        for piece in pieces {
            switch piece {
            case .text(let run):
                text += run
                runLength += run.count
            case .value(let index):
                slots.append((runLength, index))
                runLength = 0
            }
        }
        slots.append((runLength, nil))
        self.text = text
        self.slots = slots
    }

    /// Compiles the page of `shape` with `render`, which renders the page's template with a list of URL
    /// values; nil when the template uses a value in a way the compiled page would not reproduce.
    static func compile(_ shape: [String?], render: ([String?]) -> [UInt8]) -> CompiledPage? {
        let placeholders = shape.enumerated().map { index, value in value.map { $0.isEmpty ? "" : Placeholder.text(index) } }
        guard let pieces = Placeholder.pieces(of: render(placeholders), count: shape.count) else { return nil }
        let page = CompiledPage(pieces: pieces)
        for sample in Self.samples {
            let values = shape.enumerated().map { index, value in value.map { $0.isEmpty ? "" : sample + String(index) } }
            let written = page.body(
                valueCount: values.count, bound: { 6 * (values[$0]?.utf8.count ?? 0) },
                write: { HTMLEscaping.write(values[$0] ?? "", into: &$1) })
            guard written.bytes == render(values) else { return nil }
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
