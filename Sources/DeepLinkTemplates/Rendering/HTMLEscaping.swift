package import DeepLinkBytes

/// HTML escaping byte by byte, for every value a template writes (`TemplateRenderer`).
///
/// Escaping grapheme clusters, as swift-mustache's own HTML escaping does, lets a `"` followed by a combining mark
/// (U+0301) through raw, as one cluster it does not recognise: an attribute breakout. Escaping the UTF-8 bytes
/// of `<`, `>`, `&`, `"`, `'` catches them whatever follows.
package enum HTMLEscaping {
    /// The content-type name templates may switch to (`{{% CONTENT_TYPE: HTML_BYTES }}`), the name templates written
    /// for swift-mustache use; `HTML` means the same.
    package static let name = "HTML_BYTES"

    /// The pragma read before every template (see `TemplateParser`).
    package static let pragma = "{{% CONTENT_TYPE: \(name) }}"

    /// `text` with `<`, `>`, `&`, `"` and `'` replaced by their character references.
    package static func escapeText(_ text: String) -> String {
        guard text.utf8.contains(where: Self.needsEscape) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 16)
        Self.escape(text, into: &escaped)
        return String(decoding: escaped, as: UTF8.self)
    }

    /// Appends `text` to `output` with `<`, `>`, `&`, `"` and `'` replaced by their character references.
    package static func escape(_ text: String, into output: inout [UInt8]) {
        ByteWriter.append(to: &output, capacity: 6 * text.utf8.count) { write(text, into: &$0) }
    }

    /// Writes `text` with `<`, `>`, `&`, `"` and `'` replaced by their character references (at most six bytes for
    /// each byte of `text`).
    package static func write(_ text: String, into writer: inout ByteWriter) {
        var text = text
        text.withUTF8 { write(bytes: $0, into: &writer) }
    }

    /// Writes `bytes` escaped as `write(_:into:)` does: runs without `<>&"'` are copied whole.
    package static func write(bytes: UnsafeBufferPointer<UInt8>, into writer: inout ByteWriter) {
        var clean = 0
        for index in bytes.indices where needsEscape(bytes[index]) {
            writer.write(UnsafeBufferPointer(rebasing: bytes[clean..<index]))
            switch bytes[index] {
            case UInt8(ascii: "<"): writer.write("&lt;")
            case UInt8(ascii: ">"): writer.write("&gt;")
            case UInt8(ascii: "&"): writer.write("&amp;")
            case UInt8(ascii: "\""): writer.write("&quot;")
            default: writer.write("&#39;")
            }
            clean = index + 1
        }
        writer.write(UnsafeBufferPointer(rebasing: bytes[clean...]))
    }

    /// The length of `bytes` once escaped: each `<` or `>` adds 3 bytes, each `&` or `'` 4, each `"` 5.
    package static func escapedCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = bytes.count
        for byte in bytes where needsEscape(byte) {
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: ">"): count += 3
            case UInt8(ascii: "\""): count += 5
            default: count += 4
            }
        }
        return count
    }

    /// The length of `text`'s UTF-8 once escaped.
    package static func escapedCount(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { escapedCount($0) }
    }

    /// The UTF-8 of `text`, escaped.
    package static func escaped(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        escape(text, into: &output)
        return output
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        escaped.contains(byte)
    }

    /// The bytes escaped: `"`, `&`, `'`, `<` and `>`.
    private static let escaped = ASCIISet.htmlEscaped
}
