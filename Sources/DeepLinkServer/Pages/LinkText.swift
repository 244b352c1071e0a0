import DeepLinkBytes
import DeepLinkTemplates

/// A link a landing page shows, as fixed text around a request's link tail: `head`, the tail when `hasTail`, then
/// `middle`, the tail again percent-encoded when `hasEncodedTail` (a URL carried inside another, as an Android intent's
/// fallback), then `end`. The fixed text is worked out once per route when the site loads; a request writes the rest.
///
/// A class with only constants, so that a request's page takes each link as one reference rather than retaining its
/// six arrays every time it reads a value's source.
final class LinkText: Sendable, Equatable {
    let head: PageText
    let hasTail: Bool
    let middle: PageText
    let hasEncodedTail: Bool
    let end: PageText

    init(head: PageText, hasTail: Bool, middle: PageText = PageText(""), hasEncodedTail: Bool = false, end: PageText = PageText("")) {
        self.head = head
        self.hasTail = hasTail
        self.middle = middle
        self.hasEncodedTail = hasEncodedTail
        self.end = end
    }

    static func == (left: LinkText, right: LinkText) -> Bool {
        left.head == right.head && left.hasTail == right.hasTail && left.middle == right.middle && left.hasEncodedTail == right.hasEncodedTail
            && left.end == right.end
    }

    /// Whether the link is empty with `tail` as the tail.
    func isEmpty(tail: UnsafeBufferPointer<UInt8>) -> Bool {
        head.raw.isEmpty && middle.raw.isEmpty && end.raw.isEmpty && ((!hasTail && !hasEncodedTail) || tail.isEmpty)
    }

    /// The link as text, with `tail` as the tail.
    func text(tail: UnsafeBufferPointer<UInt8>) -> String {
        var bytes = head.raw
        if hasTail { bytes += tail }
        bytes += middle.raw
        if hasEncodedTail { bytes += Array(PercentEncoding.encoded(String(decoding: tail, as: UTF8.self)).utf8) }
        return String(decoding: bytes + end.raw, as: UTF8.self)
    }

    /// How many bytes the link takes HTML-escaped, with a tail `escapedTail` bytes long escaped and `encodedTail` bytes
    /// long percent-encoded.
    func escapedCount(escapedTail: Int, encodedTail: Int) -> Int {
        head.escaped.count + (hasTail ? escapedTail : 0) + middle.escaped.count + (hasEncodedTail ? encodedTail : 0) + end.escaped.count
    }

    /// Writes the link HTML-escaped, with `tail` as the tail (copied as it is when escaping leaves it as it is, which
    /// `isPlain` says); a percent-encoded tail has nothing to escape.
    func write(into writer: inout ByteWriter, tail: UnsafeBufferPointer<UInt8>, isPlain: Bool) {
        writer.write(head.escaped)
        if hasTail { isPlain ? writer.write(tail) : HTMLEscaping.write(bytes: tail, into: &writer) }
        writer.write(middle.escaped)
        if hasEncodedTail { for byte in tail { writer.writePercentEncoded(byte, keeping: .unreserved) } }
        writer.write(end.escaped)
    }

    /// How many bytes `tail` takes percent-encoded.
    static func encodedCount(_ tail: UnsafeBufferPointer<UInt8>) -> Int {
        tail.reduce(0) { $0 + (ASCIISet.unreserved.contains($1) ? 1 : 3) }
    }
}
