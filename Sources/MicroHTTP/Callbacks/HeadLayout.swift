/// Checks that the header fields libmicrohttpd handed over are the whole request head the client sent, line by line.
///
/// libmicrohttpd 0.9.75 parses the head in place: it writes a NUL over each CR and LF that ends a line and over the
/// colon after each field name, and hands over pointers into that buffer, with lengths that stop at the first NUL.
/// Two faults follow, both silent: a NUL byte in a field value cuts the value (`X-A: v\0Content-Length: 9` is served
/// as `X-A: v`), and a field line that starts with `:` or with a NUL byte is taken for the blank line that ends the
/// head, so the lines after it are read as the body or as the next request (a smuggling primitive).
///
/// What a well-formed head leaves in that buffer is known exactly: after the request line's version and after each
/// field value come one or two NULs (LF or CRLF), then the next field name; after the last value, the line ends of
/// that line and of the blank line (two to four NULs) and nothing else, up to the end of the head libmicrohttpd
/// reports. Anything else in between is a cut value or a line without a name, and the request is refused.
///
/// One form stays invisible: a line of only `:` or NUL bytes ended by a bare LF right before the blank line leaves
/// the same NULs as a CRLF would (see docs/reliability.md).
struct HeadLayout {
    /// The first byte of the head (the method), where libmicrohttpd keeps it.
    private let start: UnsafeRawPointer
    /// The head's length, blank line included.
    private let size: Int
    /// Where the last line read so far ends (its version or value), as an offset from `start`.
    private var cursor: Int
    /// The first fault found, if any.
    private(set) var problem: String?

    /// Starts at the end of the request line; nil when libmicrohttpd's pointers are not in one head of `size` bytes
    /// (it refuses such requests itself).
    init?(method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?, size: Int?) {
        guard let method, let version, let size, size > 0 else { return nil }
        let versionOffset = version - method
        guard (0..<size).contains(versionOffset) else { return nil }
        self.start = UnsafeRawPointer(method)
        self.size = size
        self.cursor = versionOffset + Self.length(from: UnsafeRawPointer(version), limit: size - versionOffset)
    }

    /// Takes the next field, as libmicrohttpd's pointers and lengths give it.
    mutating func field(name: UnsafeRawPointer?, nameSize: Int, value: UnsafeRawPointer?, valueSize: Int) {
        guard problem == nil else { return }
        guard let name, let value else { return fail("malformed header section") }
        let nameOffset = name - start
        let valueOffset = value - start
        guard cursor < nameOffset, nameOffset + nameSize < valueOffset, valueOffset + valueSize <= size else {
            return fail("malformed header section")
        }
        guard isLineEnd(cursor..<nameOffset) else { return fail("NUL byte in a header field value") }
        // The colon (now a NUL), then optional whitespace before the value.
        let separator = (nameOffset + nameSize + 1)..<valueOffset
        guard byte(at: nameOffset + nameSize) == 0, separator.allSatisfy({ byte(at: $0) == 0x20 || byte(at: $0) == 0x09 }) else {
            return fail("malformed header section")
        }
        cursor = valueOffset + valueSize
    }

    /// The first fault of the head, the end included: after the last line, only its line end and the blank line's.
    var headProblem: String? {
        if let problem { return problem }
        let rest = cursor..<size
        guard (2...4).contains(rest.count), rest.allSatisfy({ byte(at: $0) == 0 }) else {
            return "NUL byte in a header field value, or a header line without a name"
        }
        return nil
    }

    /// Whether `range` is one line end: one NUL (LF) or two (CRLF).
    private func isLineEnd(_ range: Range<Int>) -> Bool {
        (1...2).contains(range.count) && range.allSatisfy { byte(at: $0) == 0 }
    }

    private func byte(at offset: Int) -> UInt8 {
        start.load(fromByteOffset: offset, as: UInt8.self)
    }

    private mutating func fail(_ reason: String) {
        problem = reason
    }

    /// The length of the C string at `pointer`, reading at most `limit` bytes.
    private static func length(from pointer: UnsafeRawPointer, limit: Int) -> Int {
        var count = 0
        while count < limit, pointer.load(fromByteOffset: count, as: UInt8.self) != 0 { count += 1 }
        return count
    }
}
