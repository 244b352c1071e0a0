/// A set of ASCII bytes as a 128-bit mask, so a test is a shift and an AND: the one byte-class type of the
/// server's parsers, escapers and encoders (token characters, RFC 3986's unreserved set, what HTML and JSON escape).
///
/// Holds ASCII only: a byte from 0x80 up is never a member, and inserting one does nothing. Public (the rest of this
/// module is `package`) only so that `contains` inlines into the other modules' byte loops: Swift 6.3 inlines an
/// `@inlinable` function across modules when it is public, not when it is `package`.
public struct ASCIISet: Sendable, Hashable {
    /// Bit `n` set for each member `n` below 0x40.
    @usableFromInline var low: UInt64 = 0
    /// Bit `n` set for each member `0x40 + n`.
    @usableFromInline var high: UInt64 = 0

    /// The empty set.
    package init() {}

    /// The bytes of `members`.
    package init(_ members: String) {
        for byte in members.utf8 { insert(byte) }
    }

    /// The bytes in `range`.
    package init(_ range: ClosedRange<UInt8>) {
        for byte in range { insert(byte) }
    }

    /// Adds `byte` when it is ASCII.
    package mutating func insert(_ byte: UInt8) {
        guard byte < 0x80 else { return }
        if byte < 0x40 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 0x40) }
    }

    /// The members of both sets.
    package func union(_ other: ASCIISet) -> ASCIISet {
        var union = self
        union.low |= other.low
        union.high |= other.high
        return union
    }

    /// The members of this set that are not in `other`.
    package func subtracting(_ other: ASCIISet) -> ASCIISet {
        var difference = self
        difference.low &= ~other.low
        difference.high &= ~other.high
        return difference
    }

    /// Whether `byte` is a member.
    ///
    /// - Parameter byte: Any byte; one past ASCII is never a member.
    /// - Returns: True when the set holds it.
    @inlinable
    public func contains(_ byte: UInt8) -> Bool {
        let mask = byte < 0x40 ? low : high
        return byte < 0x80 && (mask >> UInt64(byte & 0x3F)) & 1 == 1
    }

    /// Whether every byte of `bytes` is a member.
    ///
    /// A loop, not `allSatisfy(contains)`: the method passed as a closure is a partial application, and on the request
    /// path that cost a heap-allocated context a call.
    ///
    /// - Parameter bytes: The bytes to look at.
    /// - Returns: True when each is a member (and for no bytes at all).
    @inlinable
    public func containsAll(_ bytes: some Sequence<UInt8>) -> Bool {
        if let isAll = bytes.withContiguousStorageIfAvailable({ firstOffset(in: $0, isMember: false) == nil }) { return isAll }
        for byte in bytes where !contains(byte) { return false }
        return true
    }

    /// The index of the first byte of `bytes` that is a member, or nil when none is (a loop, as `containsAll`).
    ///
    /// - Parameter bytes: The bytes to search.
    /// - Returns: The index of the first member, or nil.
    @inlinable
    public func firstMember<Bytes: Collection<UInt8>>(in bytes: Bytes) -> Bytes.Index? {
        // A string's UTF-8 view is contiguous; walking it by its own indices costs several times more a byte.
        if let offset = bytes.withContiguousStorageIfAvailable({ firstOffset(in: $0, isMember: true) }) {
            return offset.map { bytes.index(bytes.startIndex, offsetBy: $0) }
        }
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if contains(bytes[index]) { return index }
            bytes.formIndex(after: &index)
        }
        return nil
    }

    /// The offset of the first byte in `buffer` that is a member (`isMember`) or is not one, or nil.
    @inlinable
    func firstOffset(in buffer: UnsafeBufferPointer<UInt8>, isMember: Bool) -> Int? {
        var offset = 0
        while offset < buffer.count {
            if contains(buffer[offset]) == isMember { return offset }
            offset += 1
        }
        return nil
    }
}
