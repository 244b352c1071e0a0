import Testing

@testable import StickerCodes

@Suite("QR codes from libqrencode")
struct QRCodeTests {
    static let link = "https://links.example.com/c/CH-42"

    @Test("a code is 17 + 4 × version modules wide, and more correction never makes it smaller", arguments: ErrorCorrection.allCases)
    func width(correction: ErrorCorrection) throws {
        let code = try QRCode(encoding: Self.link, correction: correction)
        #expect(code.width == 17 + 4 * code.version)
        #expect(code.modules.count == code.width * code.width)
        if let lower = ErrorCorrection.allCases.firstIndex(of: correction).flatMap({ $0 > 0 ? ErrorCorrection.allCases[$0 - 1] : nil }) {
            #expect(try QRCode(encoding: Self.link, correction: lower).version <= code.version)
        }
    }

    @Test("the three finder patterns sit in the corners")
    func finderPatterns() throws {
        let code = try QRCode(encoding: Self.link, correction: .medium)
        let last = code.width - 1
        for (row, column) in [(0, 0), (0, last - 6), (last - 6, 0)] {
            // The outer ring is dark, the ring inside it light, the 3 × 3 centre dark.
            #expect(code.isDark(row: row, column: column) && code.isDark(row: row + 6, column: column + 6))
            #expect(!code.isDark(row: row + 1, column: column + 1))
            #expect(code.isDark(row: row + 3, column: column + 3))
        }
    }

    @Test(
        "a text longer than the largest code holds is refused with its size",
        arguments: [
            (ErrorCorrection.low, "the text is 2954 bytes, more than a QR code holds at error correction L (2953 bytes)"),
            (.high, "the text is 2954 bytes, more than a QR code holds at error correction H (1273 bytes)"),
        ])
    func tooLong(correction: ErrorCorrection, message: String) {
        // Lower-case letters: 8-bit mode, one byte each.
        #expect(throws: QRCodeError.tooLong(bytes: 2954, correction)) { try QRCode(encoding: String(repeating: "a", count: 2954), correction: correction) }
        #expect(QRCodeError.tooLong(bytes: 2954, correction).description == message)
        #expect(throws: Never.self) { try QRCode(encoding: String(repeating: "a", count: correction.capacity), correction: correction) }
    }

    @Test("a NUL byte is refused rather than cutting the text short")
    func nulByte() {
        #expect(throws: QRCodeError.nulByte) { try QRCode(encoding: "https://a.example/\u{0}x", correction: .medium) }
    }
}
