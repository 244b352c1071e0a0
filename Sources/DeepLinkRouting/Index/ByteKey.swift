/// Bytes compared and hashed as bytes: the trie owns its literals, and a lookup borrows a path component's bytes,
/// so finding a literal needs no `String`.
///
/// `@unchecked Sendable`: the borrowed form points into a resolve's own buffers and exists only for the duration
/// of one dictionary lookup; only the owned form is ever stored, and it is an immutable array.
struct ByteKey: Hashable, @unchecked Sendable {
    private let owned: [UInt8]?
    private let borrowed: Bytes?

    init(_ bytes: [UInt8]) {
        owned = bytes
        borrowed = nil
    }

    init(borrowing bytes: Bytes) {
        owned = nil
        borrowed = bytes
    }

    private func withBytes<Result>(_ body: (Bytes) -> Result) -> Result {
        if let borrowed { return body(borrowed) }
        return (owned ?? []).withUnsafeBufferPointer(body)
    }

    static func == (lhs: ByteKey, rhs: ByteKey) -> Bool {
        lhs.withBytes { left in rhs.withBytes { right in left.elementsEqual(right) } }
    }

    func hash(into hasher: inout Hasher) {
        withBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
