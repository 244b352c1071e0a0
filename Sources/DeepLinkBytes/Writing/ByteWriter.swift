/// Writes bytes left to right into memory sized beforehand: the hot paths (access-log lines, JSON answers) format
/// with plain stores instead of one array append per piece.
///
/// A write that does not fit is dropped whole and `isTruncated` is set, so a capacity reckoned too small cuts the
/// output short but never writes past the memory; callers size the memory from the longest output their input
/// can give (``jsonStringCapacity(_:)`` for a quoted string).
package struct ByteWriter {
    let start: UnsafeMutablePointer<UInt8>?
    let capacity: Int
    /// Bytes written so far.
    package internal(set) var count = 0
    /// Whether a write was dropped for want of room.
    package internal(set) var isTruncated = false

    /// A writer over `buffer`, from its start.
    package init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        start = buffer.baseAddress
        capacity = buffer.baseAddress == nil ? 0 : buffer.count
    }

    /// Calls `body` with a writer over temporary memory of `capacity` bytes, then appends what it wrote to `output`.
    package static func append(to output: inout [UInt8], capacity: Int, _ body: (inout ByteWriter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, capacity)) { buffer in
            var writer = ByteWriter(buffer)
            body(&writer)
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<writer.count]))
        }
    }

    /// Writes one byte.
    package mutating func write(_ byte: UInt8) {
        guard let start, reserve(1) else { return }
        start[count] = byte
        count += 1
    }

    /// Writes the UTF-8 of a literal.
    package mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { write($0) }
    }

    /// Writes `bytes`.
    package mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start, let source = bytes.baseAddress, reserve(bytes.count) else { return }
        (start + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Writes `bytes`.
    package mutating func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    /// Writes the UTF-8 of `text`. (Labelled, so that a literal goes to the `StaticString` overload, which needs no
    /// copy of the string.)
    package mutating func write(string text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    /// Writes a non-negative `value` in decimal, zero-padded to at least `digits` digits (at most 20); a negative
    /// value is written as 0.
    package mutating func writeDecimal(_ value: Int, digits: Int = 1) {
        writeDigits(UInt(max(0, value)), minimumCount: digits)
    }

    /// Writes `value` in decimal, with a `-` when it is negative.
    package mutating func writeInteger(_ value: Int) {
        if value < 0 { write(UInt8(ascii: "-")) }
        writeDigits(value.magnitude, minimumCount: 1)
    }

    /// Writes `value`, 0 through 99, as two digits (`07`).
    package mutating func writeTwoDigits(_ value: Int) {
        guard let start, reserve(2) else { return }
        let pair = Self.digitPairs.utf8Start + 2 * min(max(value, 0), 99)
        start[count] = pair[0]
        start[count + 1] = pair[1]
        count += 2
    }

    /// `00` through `99`: decimals are written two digits at a time.
    static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    mutating func writeDigits(_ value: UInt, minimumCount: Int) {
        var length = 1
        var limit: UInt = 10
        while length < 19, value >= limit {
            length += 1
            limit *= 10
        }
        if value >= limit { length += 1 }
        length = max(length, min(minimumCount, 20))
        guard let start, reserve(length) else { return }
        // From the last digit back, two at a time, then zeros up to the padded length.
        let pairs = Self.digitPairs.utf8Start
        var rest = value
        var index = count + length
        while rest >= 10 {
            let pair = pairs + 2 * Int(rest % 100)
            index -= 2
            start[index] = pair[0]
            start[index + 1] = pair[1]
            rest /= 100
        }
        if rest > 0 || index == count + length {
            index -= 1
            start[index] = UInt8(ascii: "0") + UInt8(rest)
        }
        while index > count {
            index -= 1
            start[index] = UInt8(ascii: "0")
        }
        count += length
    }

    /// Whether `needed` more bytes fit; marks the writer truncated when not.
    mutating func reserve(_ needed: Int) -> Bool {
        guard needed <= capacity - count else {
            isTruncated = true
            return false
        }
        return true
    }
}
