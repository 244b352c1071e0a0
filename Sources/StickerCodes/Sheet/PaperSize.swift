/// The paper a sticker sheet is printed on.
package enum PaperSize: String, Sendable, CaseIterable {
    /// ISO A4, 210 × 297 mm.
    case a4
    /// US Letter, 8.5 × 11 in (215.9 × 279.4 mm).
    case letter

    /// The CSS `@page` size keyword.
    var cssName: String {
        switch self {
        case .a4: "A4"
        case .letter: "letter"
        }
    }
}
