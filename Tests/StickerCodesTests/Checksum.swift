/// The two checksums a PNG file carries, CRC-32 over each chunk and Adler-32 over the zlib stream's data, computed
/// here by the tests' own code: StickerCodes writes them with zlib, and `PNGReader` checks them with these.
enum Checksum {
    /// CRC-32 (ISO 3309, the polynomial 0xEDB88320 reflected) of `bytes`, continuing from `crc` (0 to start).
    static func crc32(_ bytes: some Sequence<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        var value = ~crc
        for byte in bytes { value = crcTable[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
        return ~value
    }

    /// Adler-32 (RFC 1950) of `bytes`.
    static func adler32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var low: UInt32 = 1
        var high: UInt32 = 0
        var pending = 0
        for byte in bytes {
            low += UInt32(byte)
            high += low
            pending += 1
            // 5552 bytes is the most that can be summed before `high` could overflow 32 bits.
            if pending == 5552 {
                low %= 65521
                high %= 65521
                pending = 0
            }
        }
        return (high % 65521) << 16 | (low % 65521)
    }

    /// The CRC of every byte value, computed once.
    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }
}
