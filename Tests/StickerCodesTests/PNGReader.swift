/// Reads back the PNGs StickerCodes writes (1-bit grayscale, deflated), checking every length, CRC and the Adler-32
/// on the way with the tests' own checksums, and inflating with Python's zlib: the tests' own reading, not the
/// writer's code run backwards.
struct PNGReader {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let width: Int
    let height: Int
    /// Whether each pixel is black, row by row.
    let pixels: [[Bool]]
    /// The type of the first deflate block: 0 stored, 1 fixed Huffman codes, 2 dynamic Huffman codes.
    let firstBlockType: Int

    init(_ file: [UInt8]) throws {
        guard file.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure(description: "no PNG signature") }
        var offset = 8
        var chunks: [(type: String, data: [UInt8])] = []
        func integer(at index: Int) -> Int { file[index..<index + 4].reduce(0) { $0 << 8 | Int($1) } }
        while offset + 12 <= file.count {
            let length = integer(at: offset)
            let typeAndData = Array(file[(offset + 4)..<(offset + 8 + length)])
            guard UInt32(integer(at: offset + 8 + length)) == Checksum.crc32(typeAndData) else { throw Failure(description: "bad CRC") }
            chunks.append((String(decoding: typeAndData[..<4], as: UTF8.self), Array(typeAndData[4...])))
            offset += 12 + length
        }
        guard offset == file.count, chunks.map(\.type) == ["IHDR", "IDAT", "IEND"] else { throw Failure(description: "bad chunks") }
        let header = chunks[0].data
        let width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        self.width = width
        self.height = height
        guard Array(header[8...]) == [1, 0, 0, 0, 0] else { throw Failure(description: "not 1-bit grayscale") }
        // The zlib header (RFC 1950): deflate with a 32 KiB window, no preset dictionary, the check bits right.
        let stream = chunks[1].data
        guard stream.count >= 7, stream[0] == 0x78, stream[1] & 0x20 == 0, (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0 else {
            throw Failure(description: "bad zlib header")
        }
        firstBlockType = Int(stream[2] >> 1 & 0b11)
        let data = try Inflater.inflate(stream)
        let adler = stream.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard adler == Checksum.adler32(data) else { throw Failure(description: "bad Adler-32") }
        let rowBytes = (width + 7) / 8
        guard data.count == height * (rowBytes + 1) else { throw Failure(description: "wrong data size") }
        pixels = (0..<height).map { y in
            let row = data[(y * (rowBytes + 1))...]
            guard row.first == 0 else { return [] }
            return (0..<width).map { x in row[row.startIndex + 1 + x / 8] & (0x80 >> UInt8(x % 8)) == 0 }
        }
    }
}
