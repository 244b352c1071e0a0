/// A JSON value read strictly by RFC 8259, for request bodies: UTF-8 only and no byte order mark (8.1), no trailing
/// commas, no comments, no duplicate object keys (the last one silently winning would let a batch say two things, and
/// `GET /resolve` refuses a repeated parameter for the same reason), at most `maximumDepth` levels of nesting.
///
/// Foundation's `JSONSerialization` accepts trailing commas, UTF-16 and a BOM, and keeps the last of duplicate keys.
package enum StrictJSON: Equatable, Sendable {
    case object([(key: String, value: StrictJSON)])
    case array([StrictJSON])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    /// The deepest nesting of arrays and objects read.
    package static let maximumDepth = 32

    /// The value of `bytes`, or why they are not one strict JSON text.
    package static func parse(_ bytes: [UInt8]) throws(StrictJSONError) -> StrictJSON {
        guard !(bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF) else {
            throw StrictJSONError("a byte order mark; send UTF-8 without one", at: 0)
        }
        if let nul = bytes.firstIndex(of: 0) { throw StrictJSONError("a NUL byte (UTF-16 or UTF-32?); send UTF-8", at: nul) }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw StrictJSONError("text that is not UTF-8", at: 0) }
        var reader = StrictJSONReader(bytes: bytes)
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.position == bytes.count else { throw StrictJSONError("more after the JSON value", at: reader.position) }
        return value
    }

    package static func == (left: StrictJSON, right: StrictJSON) -> Bool {
        switch (left, right) {
        case (.object(let left), .object(let right)):
            left.count == right.count && zip(left, right).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let left), .array(let right)): left == right
        case (.string(let left), .string(let right)), (.number(let left), .number(let right)): left == right
        case (.bool(let left), .bool(let right)): left == right
        case (.null, .null): true
        default: false
        }
    }
}
