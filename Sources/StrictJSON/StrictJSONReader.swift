import DeepLinkBytes

/// The recursive-descent reader behind `StrictJSON.parse`, over bytes already known to be UTF-8.
struct StrictJSONReader {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    mutating func value(depth: Int) throws(StrictJSONError) -> StrictJSON {
        skipWhitespace()
        guard position < bytes.count else { throw StrictJSONError("the end of the body where a value was expected", at: position) }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw StrictJSONError("'\(Self.shown(bytes[position]))' where a value was expected", at: position)
        }
    }

    private mutating func object(depth: Int) throws(StrictJSONError) -> StrictJSON {
        guard depth <= StrictJSON.maximumDepth else { throw StrictJSONError("more than \(StrictJSON.maximumDepth) levels of nesting", at: position) }
        position += 1
        var members: [(key: String, value: StrictJSON)] = []
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipWhitespace()
            let keyOffset = position
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                let found = position < bytes.count && bytes[position] == UInt8(ascii: "}") ? "a trailing comma" : "something other than a key"
                throw StrictJSONError(found, at: position)
            }
            let key = try string()
            if members.contains(where: { $0.key == key }) { throw StrictJSONError("the key '\(key)' given twice", at: keyOffset) }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw StrictJSONError("no ':' after the key '\(key)'", at: position) }
            members.append((key, try value(depth: depth)))
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { return .object(members) }
            guard consume(UInt8(ascii: ",")) else { throw StrictJSONError("no ',' or '}' after a member", at: position) }
        }
    }

    private mutating func array(depth: Int) throws(StrictJSONError) -> StrictJSON {
        guard depth <= StrictJSON.maximumDepth else { throw StrictJSONError("more than \(StrictJSON.maximumDepth) levels of nesting", at: position) }
        position += 1
        var elements: [StrictJSON] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") { throw StrictJSONError("a trailing comma", at: position) }
            elements.append(try value(depth: depth))
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return .array(elements) }
            guard consume(UInt8(ascii: ",")) else { throw StrictJSONError("no ',' or ']' after an element", at: position) }
        }
    }

    /// A string literal from its opening quote; escapes decoded, surrogate pairs joined, raw control characters and
    /// lone surrogates refused.
    private mutating func string() throws(StrictJSONError) -> String {
        let start = position
        position += 1
        var decoded: [UInt8] = []
        while true {
            guard position < bytes.count else { throw StrictJSONError("a string that never ends", at: start) }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: decoded, as: UTF8.self)
            case 0..<0x20: throw StrictJSONError("a control character inside a string", at: position - 1)
            case UInt8(ascii: "\\"): try escape(into: &decoded)
            default: decoded.append(byte)
            }
        }
    }

    private mutating func escape(into decoded: inout [UInt8]) throws(StrictJSONError) {
        guard position < bytes.count else { throw StrictJSONError("a string that never ends", at: position) }
        let letter = bytes[position]
        position += 1
        let simple: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
        if let byte = simple[letter] {
            decoded.append(byte)
            return
        }
        guard letter == UInt8(ascii: "u") else { throw StrictJSONError("the escape '\\\(Self.shown(letter))'", at: position - 2) }
        var scalar = try hex4()
        if (0xD800...0xDBFF).contains(scalar) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                throw StrictJSONError("a lone surrogate", at: position - 6)
            }
            position += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw StrictJSONError("a lone surrogate", at: position - 12) }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw StrictJSONError("a lone surrogate", at: position - 6)
        }
        guard let character = Unicode.Scalar(scalar) else { throw StrictJSONError("an escape that is no character", at: position - 6) }
        decoded.append(contentsOf: String(Character(character)).utf8)
    }

    private mutating func hex4() throws(StrictJSONError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw StrictJSONError("a short \\u escape", at: position) }
        var value: UInt32 = 0
        for byte in bytes[position..<position + 4] {
            guard let digit = Hex.value(of: byte) else { throw StrictJSONError("a \\u escape that is not four hex digits", at: position) }
            value = value << 4 | UInt32(digit)
        }
        position += 4
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as written.
    private mutating func number() throws(StrictJSONError) -> String {
        let start = position
        func digits() -> Int {
            let first = position
            while position < bytes.count, (0x30...0x39).contains(bytes[position]) { position += 1 }
            return position - first
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
            throw StrictJSONError("a malformed number", at: start)
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw StrictJSONError("a malformed number", at: start) }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw StrictJSONError("a malformed number", at: start) }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func literal(_ text: StaticString, _ value: StrictJSON) throws(StrictJSONError) -> StrictJSON {
        let expected = text.withUTF8Buffer { Array($0) }
        guard bytes.count - position >= expected.count, Array(bytes[position..<position + expected.count]) == expected else {
            throw StrictJSONError("'\(Self.shown(bytes[position]))' where a value was expected", at: position)
        }
        position += expected.count
        return value
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// A byte for a message: printable ASCII as itself, anything else as its code.
    private static func shown(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + Hex.text(byte, uppercase: true)
    }
}
