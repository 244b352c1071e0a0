import CZlib

/// A black-and-white PNG: grayscale at 1 bit per pixel, its image data deflated by zlib. A 512 px code is under
/// 1 KB (its rows repeat, module after module), where stored blocks would take 33 KB.
struct BilevelPNG {
    /// Pixels across.
    let width: Int
    /// Pixels down.
    let height: Int
    /// Each row's pixels, packed eight to a byte, most significant bit first, 1 for white.
    let rows: [[UInt8]]

    /// The PNG file's bytes.
    func encoded() throws(ImageLayoutError) -> [UInt8] {
        var scanlines: [UInt8] = []
        scanlines.reserveCapacity(rows.count * ((width + 7) / 8 + 1))
        for row in rows {
            scanlines.append(0)  // filter type 0: the row as it is, which deflate shrinks best in a two-tone image
            scanlines.append(contentsOf: row)
        }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [1, 0, 0, 0, 0]  // bit depth 1, grayscale, deflate, adaptive filtering, no interlace
        file.appendChunk("IHDR", header)
        file.appendChunk("IDAT", try Self.zlibStream(scanlines))
        file.appendChunk("IEND", [])
        return file
    }

    /// `data` as a zlib stream (RFC 1950: deflate, RFC 1951, then Adler-32), at zlib's best compression.
    static func zlibStream(_ data: [UInt8]) throws(ImageLayoutError) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var stream = [UInt8](repeating: 0, count: Int(length))
        let status = stream.withUnsafeMutableBufferPointer { output in
            data.withUnsafeBufferPointer { input in
                compress2(output.baseAddress, &length, input.baseAddress, uLong(input.count), Z_BEST_COMPRESSION)
            }
        }
        guard status == Z_OK else { throw .compressionFailed(code: Int(status)) }
        return Array(stream[..<Int(length)])
    }
}

extension [UInt8] {
    /// Appends `value` most significant byte first, as PNG and zlib write integers.
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    /// Appends a PNG chunk: its length, type, data and the CRC-32 of type and data (zlib's).
    fileprivate mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let typeAndData = Array(type.utf8) + data
        append(contentsOf: typeAndData)
        let crc = typeAndData.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        appendBigEndian(UInt32(crc))
    }
}
