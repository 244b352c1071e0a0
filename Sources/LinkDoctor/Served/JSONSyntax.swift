/// JSON syntax as RFC 8259 writes it, checked over UTF-8 bytes and nothing more lenient: Apple's CDN reads the AASA
/// with a strict reader (its errors are Go's `encoding/json`'s), so a trailing comma, a comment, a single-quoted
/// string, an unquoted key, `NaN` or `Infinity`, a leading zero or `+`, a hexadecimal number, a control character
/// or an unknown escape in a string is an error here too, though Foundation on Linux may read some of them.
///
/// Nesting is followed with a stack of its own, not recursion, so no body can exhaust the thread's stack.
struct JSONSyntax {
    /// The first thing that is not JSON, and where.
    struct Violation: Error, Equatable, CustomStringConvertible {
        /// What was found (`a trailing comma`).
        let problem: String
        /// The offset of the byte it starts at.
        let offset: Int
        /// The line of that byte, from 1.
        let line: Int
        /// Its column, from 1, counting bytes.
        let column: Int

        var description: String { "line \(line), column \(column): \(problem)" }
    }

    private let bytes: [UInt8]
    private var position = 0

    /// The first violation in `bytes` (a whole document: one value, white space around it), or nil.
    static func violation(in bytes: [UInt8]) -> Violation? {
        var reader = JSONSyntax(bytes: bytes)
        do throws(Violation) {
            try reader.document()
            return nil
        } catch {
            return error
        }
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var next: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func document() throws(Violation) {
        var open: [UInt8] = []  // `{` and `[` not yet closed, innermost last
        while true {
            skipWhiteSpace()
            if try startValue(inside: &open) { continue }
            // A value is complete: close what it completes, then find the next value or the end.
            while true {
                skipWhiteSpace()
                guard let container = open.last else {
                    guard next == nil else { throw violation("more text after the JSON value") }
                    return
                }
                let closer = container == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if next == closer {
                    position += 1
                    open.removeLast()
                    continue
                }
                guard next == UInt8(ascii: ",") else {
                    if next == UInt8(ascii: "/") { throw violation("a comment, which JSON does not allow") }
                    throw violation(
                        next == nil ? "the end of the body inside \(Self.shown(container))" : "\(found) where ',' or '\(Self.shown(closer))' belongs")
                }
                let comma = position
                position += 1
                skipWhiteSpace()
                if next == UInt8(ascii: "}") || next == UInt8(ascii: "]") { throw violation("a trailing comma", at: comma) }
                if container == UInt8(ascii: "{") { try key() }
                break
            }
        }
    }

    /// Reads the start of a value: true when it opened an array or object whose first value (after its first key)
    /// comes next, false when the value is complete.
    private mutating func startValue(inside open: inout [UInt8]) throws(Violation) -> Bool {
        guard let byte = next else { throw violation("the end of the body where a value belongs") }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            position += 1
            skipWhiteSpace()
            let closer = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if next == closer {
                position += 1
                return false
            }
            open.append(byte)
            if byte == UInt8(ascii: "{") { try key() }
            return true
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case UInt8(ascii: "'"): throw violation("a single-quoted string (JSON strings take double quotes)")
        case UInt8(ascii: "/"): throw violation("a comment, which JSON does not allow")
        case UInt8(ascii: "+"): throw violation("a number with a '+' sign")
        case UInt8(ascii: "."): throw violation("a number without a digit before its '.'")
        case UInt8(ascii: "N"), UInt8(ascii: "I"): throw violation("NaN or Infinity, which JSON has no number for")
        default: throw violation("\(found) where a value belongs")
        }
        return false
    }

    /// A key and its `:`, after `{` or `,`.
    private mutating func key() throws(Violation) {
        skipWhiteSpace()
        switch next {
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "'"): throw violation("a single-quoted key (JSON keys take double quotes)")
        case UInt8(ascii: "/"): throw violation("a comment, which JSON does not allow")
        case nil: throw violation("the end of the body where a key belongs")
        default: throw violation("\(found) where a double-quoted key belongs (an unquoted key is not JSON)")
        }
        skipWhiteSpace()
        guard next == UInt8(ascii: ":") else { throw violation("\(found) where ':' belongs after a key") }
        position += 1
        skipWhiteSpace()
    }

    private mutating func string() throws(Violation) {
        position += 1
        while let byte = next {
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return
            case UInt8(ascii: "\\"):
                position += 1
                guard let escaped = next, Array(#""\/bfnrtu"#.utf8).contains(escaped) else { throw violation("an escape JSON does not have", at: position - 1) }
                position += 1
                if escaped == UInt8(ascii: "u") {
                    for _ in 0..<4 {
                        guard let digit = next, digit.isHexDigit else { throw violation("a \\u escape without 4 hexadecimal digits") }
                        position += 1
                    }
                }
            case 0x00..<0x20: throw violation("control character \(Self.hex(byte)) in a string (JSON escapes it)")
            default: position += 1
            }
        }
        throw violation("the end of the body inside a string")
    }

    private mutating func number() throws(Violation) {
        let start = position
        if next == UInt8(ascii: "-") { position += 1 }
        guard let first = next, first.isDigit else { throw violation("'-' without a digit after it", at: start) }
        position += 1
        if first == UInt8(ascii: "0"), let following = next {
            if following.isDigit { throw violation("a number with a leading zero", at: start) }
            if following == UInt8(ascii: "x") || following == UInt8(ascii: "X") { throw violation("a hexadecimal number", at: start) }
        }
        while next?.isDigit == true { position += 1 }
        if next == UInt8(ascii: ".") {
            position += 1
            guard next?.isDigit == true else { throw violation("a number without a digit after its '.'", at: start) }
            while next?.isDigit == true { position += 1 }
        }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            position += 1
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { position += 1 }
            guard next?.isDigit == true else { throw violation("a number without a digit in its exponent", at: start) }
            while next?.isDigit == true { position += 1 }
        }
    }

    private mutating func literal(_ word: String) throws(Violation) {
        guard bytes[position...].starts(with: word.utf8) else { throw violation("\(found) where a value belongs") }
        position += word.utf8.count
    }

    /// Spaces, tabs, line feeds and carriage returns: JSON's only white space.
    private mutating func skipWhiteSpace() {
        while let byte = next, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    /// The byte at the current position, as a message shows it.
    private var found: String {
        guard let byte = next else { return "the end of the body" }
        return (0x21..<0x7F).contains(byte) ? "'\(Self.shown(byte))'" : "byte \(Self.hex(byte))"
    }

    private func violation(_ problem: String, at offset: Int? = nil) -> Violation {
        let offset = min(offset ?? position, bytes.count)
        let before = bytes[..<offset]
        let line = before.filter { $0 == 0x0A }.count + 1
        let column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        return Violation(problem: problem, offset: offset, line: line, column: column)
    }

    private static func shown(_ byte: UInt8) -> String {
        String(UnicodeScalar(byte))
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" : "") + digits
    }
}

extension UInt8 {
    fileprivate var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
    fileprivate var isHexDigit: Bool {
        isDigit || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
