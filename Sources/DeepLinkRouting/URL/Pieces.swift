/// The non-empty pieces of a text between separator bytes (`/` in paths, `&` in queries), found without
/// allocating: `split` builds an array, and this runs on every resolve.
struct Pieces: Sequence, IteratorProtocol {
    private let text: Substring
    private let separator: UInt8
    private var position: Substring.Index

    /// The pieces of `text`; leading, trailing and repeated separators yield nothing.
    init(_ text: Substring, separator: UInt8) {
        self.text = text
        self.separator = separator
        position = text.startIndex
    }

    mutating func next() -> Substring? {
        let bytes = text.utf8
        while position < bytes.endIndex, bytes[position] == separator { position = bytes.index(after: position) }
        guard position < bytes.endIndex else { return nil }
        let start = position
        while position < bytes.endIndex, bytes[position] != separator { position = bytes.index(after: position) }
        return text[start..<position]
    }
}
