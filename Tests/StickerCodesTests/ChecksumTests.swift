import Testing

@Suite("The PNG checksums the tests check with")
struct ChecksumTests {
    @Test("CRC-32 and Adler-32 give the published check values")
    func checkValues() {
        #expect(Checksum.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Checksum.crc32(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(Checksum.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Checksum.adler32([]) == 1)
    }

    @Test("Adler-32 stays exact past the 5552-byte reduction interval")
    func adlerLong() {
        let bytes = [UInt8](repeating: 0xFF, count: 100_000)
        var low = 1
        var high = 0
        for byte in bytes {
            low = (low + Int(byte)) % 65521
            high = (high + low) % 65521
        }
        #expect(Checksum.adler32(bytes) == UInt32(high << 16 | low))
    }
}
