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
        var text = text
        text.withUTF8 { bytes in
            var clean = 0
            for (index, byte) in bytes.enumerated() where needsEscape(byte) {
                output += UnsafeBufferPointer(rebasing: bytes[clean..<index])
                switch byte {
                case UInt8(ascii: "<"): output += "&lt;".utf8
                case UInt8(ascii: ">"): output += "&gt;".utf8
                case UInt8(ascii: "&"): output += "&amp;".utf8
                case UInt8(ascii: "\""): output += "&quot;".utf8
                default: output += "&#39;".utf8
                }
                clean = index + 1
            }
            output += UnsafeBufferPointer(rebasing: bytes[clean...])
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "'")
    }
}
