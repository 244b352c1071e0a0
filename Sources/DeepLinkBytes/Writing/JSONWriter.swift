/// Writes compact JSON with keys in the order given, so output is deterministic and cheap to produce.
///
/// Strings escape only what JSON requires (RFC 8259 7): `"`, `\` and control characters. Every escape makes a byte
/// longer, and `/resolve` echoes what it is sent: escaping `&` as `\u0026` made a 1 MiB batch of `&` a 12.5 MB
/// answer. Answers go out as `application/json` with `nosniff`, never into HTML. The JSON is built as UTF-8 bytes,
/// which is what goes on the wire; `text` gives it as a string.
package struct JSONWriter: Sendable {
    /// The JSON written so far.
    private var output = GrowableBytes()
    /// Nesting depth: 0 at the top level, one more inside each open object or array.
    private var depth = 0
    /// Bit `n` set when the container at depth `n` already holds a value (so the next one needs a comma).
    private var isFilled: UInt64 = 0
    /// The same for depths from 64 on, which no JSON deeplinkd writes reaches.
    private var isDeeperFilled: [Bool] = []

    /// An empty writer.
    package init() {}

    /// The JSON written so far, as UTF-8.
    package var bytes: [UInt8] { output.bytes }

    /// The number of bytes written so far.
    package var byteCount: Int { output.count }

    /// The JSON written so far.
    package var text: String { output.text }

    /// Opens an object; `key` names it inside an enclosing object.
    package mutating func beginObject(_ key: String? = nil) { open(key, UInt8(ascii: "{")) }
    /// Closes the innermost object.
    package mutating func endObject() { close(UInt8(ascii: "}")) }
    /// Opens an array; `key` names it inside an enclosing object.
    package mutating func beginArray(_ key: String? = nil) { open(key, UInt8(ascii: "[")) }
    /// Closes the innermost array.
    package mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Writes a string value, or `null` for nil.
    package mutating func string(_ key: String? = nil, _ value: String?) {
        guard var value else { return member(key, room: 4) { $0.write("null") } }
        value.withUTF8 { value in member(key, room: ByteWriter.jsonStringCapacity(value.count)) { $0.writeJSONString(value) } }
    }

    /// Writes a Boolean value.
    package mutating func bool(_ key: String? = nil, _ value: Bool) {
        member(key, room: 5) { $0.write(value ? "true" : "false") }
    }

    /// Writes an integer value.
    package mutating func int(_ key: String? = nil, _ value: Int) {
        member(key, room: 20) { $0.writeInteger(value) }
    }

    /// Writes a value that `write` writes as JSON, in at most `room` bytes: an element of the enclosing array, or
    /// the whole of the output.
    package mutating func value(room: Int, _ write: (inout ByteWriter) -> Void) {
        member(nil, room: room, write)
    }

    private mutating func open(_ key: String?, _ bracket: UInt8) {
        member(key, room: 1) { $0.write(bracket) }
        depth += 1
        setFilled(false)
    }

    private mutating func close(_ bracket: UInt8) {
        if depth >= 64 { isDeeperFilled.removeLast() }
        depth -= 1
        output.write(room: 1) { $0.write(bracket) }
    }

    /// Writes one member or element in a single append: the comma when the container already holds one, the quoted
    /// key, then the value, which `body` writes in at most `room` bytes.
    private mutating func member(_ key: String?, room: Int, _ body: (inout ByteWriter) -> Void) {
        let needsComma = isFilledHere
        setFilled(true)
        guard var key else {
            output.write(room: 1 + room) { writer in
                if needsComma { writer.write(UInt8(ascii: ",")) }
                body(&writer)
            }
            return
        }
        key.withUTF8 { key in
            output.write(room: 2 + ByteWriter.jsonStringCapacity(key.count) + room) { writer in
                if needsComma { writer.write(UInt8(ascii: ",")) }
                writer.writeJSONString(key)
                writer.write(UInt8(ascii: ":"))
                body(&writer)
            }
        }
    }

    private var isFilledHere: Bool {
        depth < 64 ? isFilled & (1 << UInt64(depth)) != 0 : isDeeperFilled[depth - 64]
    }

    private mutating func setFilled(_ filled: Bool) {
        if depth < 64 {
            isFilled = filled ? isFilled | (1 << UInt64(depth)) : isFilled & ~(1 << UInt64(depth))
        } else if depth - 64 < isDeeperFilled.count {
            isDeeperFilled[depth - 64] = filled
        } else {
            isDeeperFilled.append(filled)
        }
    }

    /// Appends `value` as a JSON string literal.
    package static func quote(_ value: String, into output: inout [UInt8]) {
        var value = value
        value.withUTF8 { quote(utf8: $0, into: &output) }
    }

    /// Appends the UTF-8 text `value` as a JSON string literal; invalid UTF-8 is written as it is.
    package static func quote(utf8 value: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        ByteWriter.append(to: &output, capacity: ByteWriter.jsonStringCapacity(value.count)) { $0.writeJSONString(value) }
    }
}
