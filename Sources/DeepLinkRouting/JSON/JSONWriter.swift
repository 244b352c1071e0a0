/// Writes compact JSON with keys in the order given, so output is deterministic and cheap to produce.
///
/// Strings escape `"`, `\`, control characters, U+2028/U+2029 and `<`, `>`, `&` (as `\u003c`…), so the
/// output is safe even where a careless consumer embeds it in HTML.
public struct JSONWriter: Sendable {
    /// The JSON written so far.
    public private(set) var text = ""
    private var needsComma: [Bool] = [false]

    /// An empty writer.
    public init() {}

    /// Opens an object; `key` names it inside an enclosing object.
    public mutating func beginObject(_ key: String? = nil) { open(key, "{") }
    /// Closes the innermost object.
    public mutating func endObject() { close("}") }
    /// Opens an array; `key` names it inside an enclosing object.
    public mutating func beginArray(_ key: String? = nil) { open(key, "[") }
    /// Closes the innermost array.
    public mutating func endArray() { close("]") }

    /// Writes a string value, or `null` for nil.
    public mutating func string(_ key: String? = nil, _ value: String?) {
        separate(key)
        if let value { Self.quote(value, into: &text) } else { text += "null" }
    }

    /// Writes a Boolean value.
    public mutating func bool(_ key: String? = nil, _ value: Bool) {
        separate(key)
        text += value ? "true" : "false"
    }

    /// Writes an integer value.
    public mutating func int(_ key: String? = nil, _ value: Int) {
        separate(key)
        text += String(value)
    }

    /// Writes already-encoded JSON as a value.
    public mutating func raw(_ key: String? = nil, _ json: String) {
        separate(key)
        text += json
    }

    /// Bytes that `quote` rewrites: quote, backslash, control characters, `<`, `>`, `&`, and the lead byte of
    /// U+2028/U+2029.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x3C || byte == 0x3E || byte == 0x26 || byte == 0xE2
    }

    private mutating func open(_ key: String?, _ bracket: String) {
        separate(key)
        text += bracket
        needsComma.append(false)
    }

    private mutating func close(_ bracket: String) {
        needsComma.removeLast()
        text += bracket
    }

    private mutating func separate(_ key: String?) {
        if needsComma[needsComma.count - 1] { text += "," }
        needsComma[needsComma.count - 1] = true
        if let key {
            Self.quote(key, into: &text)
            text += ":"
        }
    }

    /// Appends `value` as a JSON string literal.
    public static func quote(_ value: String, into output: inout String) {
        output += "\""
        if !value.utf8.contains(where: needsEscape) {
            output += value
            output += "\""
            return
        }
        var clean = value.utf8.startIndex
        for index in value.utf8.indices {
            let byte = value.utf8[index]
            let escape: String?
            switch byte {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x00..<0x20, 0x3C, 0x3E, 0x26: escape = "\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
            case 0xE2 where value.utf8[index...].starts(with: [0xE2, 0x80, 0xA8]) || value.utf8[index...].starts(with: [0xE2, 0x80, 0xA9]):
                let last = value.utf8[value.utf8.index(index, offsetBy: 2)]
                output += value[clean..<index]
                output += last == 0xA8 ? "\\u2028" : "\\u2029"
                clean = value.utf8.index(index, offsetBy: 3)
                continue
            default: escape = nil
            }
            guard let escape, index >= clean else { continue }
            output += value[clean..<index]
            output += escape
            clean = value.utf8.index(after: index)
        }
        output += value[clean...]
        output += "\""
    }
}
