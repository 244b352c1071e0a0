import DeepLinkBytes
import Mustache

/// HTML escaping byte by byte, installed as the content type of every template.
///
/// swift-mustache's own HTML escaping walks grapheme clusters, so a `"` followed by a combining mark
/// (U+0301) is one cluster it does not recognise and goes out raw: an attribute breakout (found by fuzzing).
/// Escaping the UTF-8 bytes of `<`, `>`, `&`, `"`, `'` catches them whatever follows.
struct HTMLEscaping: MustacheContentType {
    /// The content-type name the templates are switched to.
    static let name = "HTML_BYTES"

    /// The pragma prepended to every template.
    static let pragma = "{{% CONTENT_TYPE: \(name) }}"

    /// Makes the content type available to templates; idempotent.
    static func register() {
        MustacheContentTypes.register(HTMLEscaping(), named: name)
    }

    func escapeText(_ text: String) -> String {
        guard text.utf8.contains(where: Self.needsEscape) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 16)
        Self.escape(text, into: &escaped)
        return String(decoding: escaped, as: UTF8.self)
    }

    /// Appends `text` to `output` with `<`, `>`, `&`, `"` and `'` replaced by their character references.
    static func escape(_ text: String, into output: inout [UInt8]) {
        ByteWriter.append(to: &output, capacity: 6 * text.utf8.count) { write(text, into: &$0) }
    }

    /// Writes `text` with `<`, `>`, `&`, `"` and `'` replaced by their character references (at most six bytes for
    /// each byte of `text`).
    static func write(_ text: String, into writer: inout ByteWriter) {
        var text = text
        text.withUTF8 { bytes in
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
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        escaped.contains(byte)
    }

    /// The bytes escaped: `"`, `&`, `'`, `<` and `>`.
    private static let escaped = ASCIISet.htmlEscaped
}
