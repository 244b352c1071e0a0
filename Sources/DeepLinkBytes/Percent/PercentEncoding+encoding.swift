extension PercentEncoding {
    /// `text` with every byte outside `kept` written `%XX` (upper-case hex); with ``ASCIISet/unreserved`` a value
    /// can stand in any path component or query item and decodes back to itself.
    package static func encoded(_ text: some StringProtocol, keeping kept: ASCIISet = .unreserved) -> String {
        if kept.containsAll(text.utf8) { return String(text) }
        var bytes: [UInt8] = []
        ByteWriter.append(to: &bytes, capacity: 3 * text.utf8.count) { writer in
            for byte in text.utf8 { writer.writePercentEncoded(byte, keeping: kept) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How many bytes `text` takes percent-encoded, keeping `kept`.
    package static func encodedLength(_ text: some StringProtocol, keeping kept: ASCIISet = .unreserved) -> Int {
        text.utf8.reduce(0) { $0 + (kept.contains($1) ? 1 : 3) }
    }
}

extension ByteWriter {
    /// Writes `byte` as it is when it is in `kept`, as `%XX` (upper-case hex) otherwise.
    package mutating func writePercentEncoded(_ byte: UInt8, keeping kept: ASCIISet) {
        guard !kept.contains(byte) else { return write(byte) }
        guard let start, reserve(3) else { return }
        (start[count], start[count + 1], start[count + 2]) = (UInt8(ascii: "%"), Hex.digit(byte >> 4, uppercase: true), Hex.digit(byte, uppercase: true))
        count += 3
    }

    /// Writes `text` as ``PercentEncoding/encoded(_:keeping:)`` gives it, runs of kept bytes at once.
    package mutating func writePercentEncoded(_ text: String, keeping kept: ASCIISet = .unreserved) {
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                var end = index
                while end < bytes.count, kept.contains(bytes[end]) { end += 1 }
                write(UnsafeBufferPointer(rebasing: bytes[index..<end]))
                guard end < bytes.count else { return }
                writePercentEncoded(bytes[end], keeping: kept)
                index = end + 1
            }
        }
    }
}
