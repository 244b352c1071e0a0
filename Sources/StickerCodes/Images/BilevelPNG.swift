/// A black-and-white PNG: grayscale at 1 bit per pixel, its zlib stream made of stored (uncompressed) deflate
/// blocks, so writing it needs no compression library. A row of a 512 px code is 64 bytes.
struct BilevelPNG {
    /// Pixels across.
    let width: Int
    /// Pixels down.
    let height: Int
    /// Each row's pixels, packed eight to a byte, most significant bit first, 1 for white.
    let rows: [[UInt8]]

    /// The PNG file's bytes.
    func encoded() -> [UInt8] {
        var scanlines: [UInt8] = []
        scanlines.reserveCapacity(rows.count * ((width + 7) / 8 + 1))
        for row in rows {
            scanlines.append(0)  // filter type 0: the row as it is
            scanlines.append(contentsOf: row)
        }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [1, 0, 0, 0, 0]  // bit depth 1, grayscale, deflate, adaptive filtering, no interlace
        file.appendChunk("IHDR", header)
        file.appendChunk("IDAT", Self.zlibStored(scanlines))
        file.appendChunk("IEND", [])
        return file
    }

    /// A zlib stream (RFC 1950) holding `data` in stored deflate blocks (RFC 1951, 3.2.4) of at most 65,535 bytes.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]  // deflate with a 32 KiB window, no dictionary, "fastest"
        stream.reserveCapacity(data.count + data.count / 65_535 * 5 + 11)
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            stream.append(end == data.count ? 1 : 0)  // BFINAL on the last block, BTYPE 00 (stored)
            stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            stream += data[start..<end]
            start = end
        } while start < data.count
        stream.appendBigEndian(Checksum.adler32(data))
        return stream
    }
}

extension [UInt8] {
    /// Appends `value` most significant byte first, as PNG and zlib write integers.
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    /// Appends a PNG chunk: its length, type, data and the CRC of type and data.
    fileprivate mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let typeAndData = Array(type.utf8) + data
        append(contentsOf: typeAndData)
        appendBigEndian(Checksum.crc32(typeAndData))
    }
}
