/// How much of a QR code may be damaged (a scratch, a dirty sticker) and still read: the higher, the larger the code.
package enum ErrorCorrection: String, Sendable, CaseIterable {
    /// About 7 % of the code may be lost (`L`).
    case low = "L"
    /// About 15 % (`M`), the usual choice.
    case medium = "M"
    /// About 25 % (`Q`).
    case quartile = "Q"
    /// About 30 % (`H`), for stickers in rough places.
    case high = "H"

    /// The most bytes a QR code (version 40) holds at this level.
    package var capacity: Int {
        switch self {
        case .low: 2953
        case .medium: 2331
        case .quartile: 1663
        case .high: 1273
        }
    }
}
