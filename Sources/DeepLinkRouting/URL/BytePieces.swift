/// The non-empty pieces of bytes between separators (`/` in paths, `&` in queries), found without allocating:
/// `split` builds an array, and this runs on every resolve.
struct BytePieces: Sequence, IteratorProtocol {
    private let bytes: Bytes
    private let separator: UInt8
    private var position = 0

    /// The pieces of `bytes`; leading, trailing and repeated separators yield nothing.
    init(_ bytes: Bytes, separator: UInt8) {
        self.bytes = bytes
        self.separator = separator
    }

    mutating func next() -> Bytes? {
        while position < bytes.count, bytes[position] == separator { position += 1 }
        guard position < bytes.count else { return nil }
        let start = position
        while position < bytes.count, bytes[position] != separator { position += 1 }
        return Bytes(rebasing: bytes[start..<position])
    }
}
