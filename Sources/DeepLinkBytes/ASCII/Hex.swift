/// Hexadecimal digits, both ways: the one routine behind percent-escapes, JSON's `\u00XX` and byte descriptions.
package enum Hex {
    /// The value of the hex digit `byte` (`0-9`, `A-F`, `a-f`), or nil when it is not one.
    package static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// The digit for `nibble` (0 through 15; higher bits are ignored), lower-case unless `uppercase`.
    package static func digit(_ nibble: UInt8, uppercase: Bool = false) -> UInt8 {
        let value = nibble & 0x0F
        return value < 10 ? UInt8(ascii: "0") + value : (uppercase ? UInt8(ascii: "A") : UInt8(ascii: "a")) + value - 10
    }

    /// `byte` as two digits, lower-case unless `uppercase` (`0x2F` is `2f`).
    package static func text(_ byte: UInt8, uppercase: Bool = false) -> String {
        String(decoding: [digit(byte >> 4, uppercase: uppercase), digit(byte, uppercase: uppercase)], as: UTF8.self)
    }
}
