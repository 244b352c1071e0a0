/// Writes compact JSON with keys in the order given, so output is deterministic and cheap to produce.
///
/// Strings escape `"`, `\`, control characters, U+2028/U+2029 and `<`, `>`, `&` (as `\u003c`…), so the
/// output is safe even where a careless consumer embeds it in HTML. The JSON is built as UTF-8 bytes, which
/// is what goes on the wire; `text` gives it as a string.
public struct JSONWriter: Sendable {
    /// The JSON written so far, as UTF-8.
    public private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = [false]

    /// An empty writer.
    public init() {}

    /// The JSON written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Opens an object; `key` names it inside an enclosing object.
    public mutating func beginObject(_ key: String? = nil) { open(key, UInt8(ascii: "{")) }
    /// Closes the innermost object.
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    /// Opens an array; `key` names it inside an enclosing object.
    public mutating func beginArray(_ key: String? = nil) { open(key, UInt8(ascii: "[")) }
    /// Closes the innermost array.
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Writes a string value, or `null` for nil.
    public mutating func string(_ key: String? = nil, _ value: String?) {
        separate(key)
        if let value { Self.quote(value, into: &bytes) } else { bytes += "null".utf8 }
    }

    /// Writes a Boolean value.
    public mutating func bool(_ key: String? = nil, _ value: Bool) {
        separate(key)
        bytes += (value ? "true" : "false").utf8
    }

    /// Writes an integer value.
    public mutating func int(_ key: String? = nil, _ value: Int) {
        separate(key)
        bytes += String(value).utf8
    }

    /// Writes already-encoded JSON as a value.
    public mutating func raw(_ key: String? = nil, _ json: String) {
        separate(key)
        bytes += json.utf8
    }

    private mutating func open(_ key: String?, _ bracket: UInt8) {
        separate(key)
        bytes.append(bracket)
        needsComma.append(false)
    }

    private mutating func close(_ bracket: UInt8) {
        needsComma.removeLast()
        bytes.append(bracket)
    }

    private mutating func separate(_ key: String?) {
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
        if let key {
            Self.quote(key, into: &bytes)
            bytes.append(UInt8(ascii: ":"))
        }
    }

    /// Appends `value` as a JSON string literal.
    public static func quote(_ value: String, into output: inout [UInt8]) {
        var value = value
        value.withUTF8 { quote(utf8: $0, into: &output) }
    }

    /// Appends the UTF-8 text `value` as a JSON string literal; invalid UTF-8 is written as it is.
    public static func quote(utf8 value: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        ByteWriter.append(to: &output, capacity: ByteWriter.jsonStringCapacity(value.count)) { $0.writeJSONString(value) }
    }

    /// Bytes that `quote` may rewrite: quote, backslash, control characters, `<`, `>`, `&`, and the lead byte
    /// of U+2028/U+2029.
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x40 ? (escapedBelow0x40 >> UInt64(byte)) & 1 == 1 : byte == 0x5C || byte == 0xE2
    }

    /// Bit `n` set for each byte `n` below 0x40 that is escaped: the control characters, `"`, `&`, `<` and `>`.
    private static let escapedBelow0x40: UInt64 = 0xFFFF_FFFF | 1 << 0x22 | 1 << 0x26 | 1 << 0x3C | 1 << 0x3E

    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
