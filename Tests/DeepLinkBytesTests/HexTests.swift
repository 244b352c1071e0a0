import Testing

@testable import DeepLinkBytes

@Suite("Hex digits both ways")
struct HexTests {
    @Test("every byte value reads as the digit Swift's own parser reads, or as none")
    func values() {
        for byte in UInt8.min...UInt8.max {
            let expected = byte < 0x80 ? UInt8(String(UnicodeScalar(byte)), radix: 16) : nil
            #expect(Hex.value(of: byte) == expected, "byte \(byte)")
        }
    }

    @Test("each nibble writes as its digit in either case and reads back")
    func digits() {
        for nibble in UInt8(0)...UInt8(15) {
            let lower = Hex.digit(nibble)
            let upper = Hex.digit(nibble, uppercase: true)
            #expect(String(UnicodeScalar(lower)) == String(nibble, radix: 16))
            #expect(String(UnicodeScalar(upper)) == String(nibble, radix: 16, uppercase: true))
            #expect(Hex.value(of: lower) == nibble && Hex.value(of: upper) == nibble)
            #expect(Hex.digit(nibble | 0xF0) == lower, "the high bits are ignored")
        }
    }

    @Test(
        "a byte is two digits, zero-padded",
        arguments: [(0x00, "00", "00"), (0x0A, "0a", "0A"), (0x2F, "2f", "2F"), (0xFF, "ff", "FF")] as [(UInt8, String, String)])
    func text(byte: UInt8, lower: String, upper: String) {
        #expect(Hex.text(byte) == lower)
        #expect(Hex.text(byte, uppercase: true) == upper)
    }
}
