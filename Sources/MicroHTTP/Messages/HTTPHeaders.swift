import Glibc

/// An ordered list of HTTP header fields with case-insensitive lookup.
///
/// Every field is kept in the order it was added, repeated names included, so nothing a client sent
/// is merged or lost. Lookups compare names ASCII-case-insensitively, as HTTP requires.
///
/// The fields live in one byte buffer, each name and value followed by a NUL byte, with the offsets of
/// those NULs alongside: a request's headers cost two allocations whatever their number, and a response's
/// names and values reach libmicrohttpd as C strings without a conversion.
package struct HTTPHeaders: Sendable, Equatable, Hashable {
    /// One header field: a name and its value, both as sent or to be sent.
    package struct Field: Sendable, Equatable, Hashable {
        /// The field name, in the spelling it was given.
        package var name: String
        /// The field value.
        package var value: String

        /// Creates a field from a name and a value.
        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// `name NUL value NUL` for every field, in order.
    private var bytes: [UInt8] = []
    /// For every field, the offsets in `bytes` of the NUL after its name and of the NUL after its value.
    private var terminators: [Int] = []
    /// Whether a name or value holds a NUL byte of its own (then its C string would end early).
    private(set) var hasEmbeddedNUL = false

    /// Creates a header list from fields, keeping their order.
    package init(_ fields: [Field] = []) {
        for field in fields { add(name: field.name, value: field.value) }
    }

    /// Creates an empty list with room for `byteCount` bytes of names and values and `count` fields.
    init(reservingBytes byteCount: Int, count: Int) {
        bytes.reserveCapacity(byteCount)
        terminators.reserveCapacity(2 * count)
    }

    /// All fields, in order.
    package var fields: [Field] { map { $0 } }

    /// The number of fields, repeated names counted each time.
    package var count: Int { terminators.count / 2 }

    /// Whether there are no fields at all.
    package var isEmpty: Bool { terminators.isEmpty }

    /// Appends a field after all existing ones, even if the name is already present.
    package mutating func add(name: String, value: String) {
        append(name.utf8)
        append(value.utf8)
    }

    /// Removes every field. Memory of at most `byteLimit` bytes is kept, zeroed, for the next request's fields (see
    /// `RequestContext.finish()`); more is given back.
    mutating func removeAll(keepingAtMost byteLimit: Int) {
        let keeps = bytes.capacity <= byteLimit
        if keeps { bytes.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } }
        bytes.removeAll(keepingCapacity: keeps)
        terminators.removeAll(keepingCapacity: keeps)
        hasEmbeddedNUL = false
    }

    /// Whether the list has memory for fields: a fresh empty one has none, one emptied by `removeAll(keepingAtMost:)`
    /// may keep its own.
    var hasRoom: Bool { bytes.capacity > 0 }

    /// Appends a field given as raw bytes (a request header as libmicrohttpd holds it).
    mutating func add(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        append(raw: name)
        append(raw: value)
    }

    private mutating func append(raw text: UnsafeRawBufferPointer) {
        if !hasEmbeddedNUL, let start = text.baseAddress, memchr(start, 0, text.count) != nil { hasEmbeddedNUL = true }
        bytes.append(contentsOf: text)
        terminators.append(bytes.count)
        bytes.append(0)
    }

    private mutating func append(_ text: some Collection<UInt8>) {
        if !hasEmbeddedNUL, text.contains(0) { hasEmbeddedNUL = true }
        bytes.append(contentsOf: text)
        terminators.append(bytes.count)
        bytes.append(0)
    }

    /// The value of the first field named `name` (compared case-insensitively), or nil.
    package subscript(_ name: String) -> String? {
        firstIndex(named: name).map { value(at: $0) }
    }

    /// Whether a field is named `name` (compared case-insensitively).
    package func contains(_ name: String) -> Bool {
        firstIndex(named: name) != nil
    }

    /// `body` called with the bytes of the first value named `name` (compared case-insensitively), without making
    /// a string of them; nil when there is no such field.
    package func withValue<Result>(named name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard let index = firstIndex(named: name) else { return nil }
        let start = terminators[2 * index] + 1
        let end = terminators[2 * index + 1]
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// Every value of fields named `name` (compared case-insensitively), in order.
    package func values(for name: String) -> [String] {
        (0..<count).filter { nameMatches($0, name) }.map { value(at: $0) }
    }

    /// Calls `body` with each field's name and value as NUL-terminated C strings, in order, until it returns false.
    /// Returns whether every field was visited.
    func forEachCString(_ body: (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Bool) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                guard let base = characters.baseAddress else { return true }
                for index in 0..<count where !body(base + nameStart(index), base + terminators[2 * index] + 1) {
                    return false
                }
                return true
            }
        }
    }

    /// Whether two field names are equal ignoring ASCII case.
    static func namesMatch(_ left: String, _ right: String) -> Bool {
        namesMatch(left.utf8, right)
    }

    /// Whether the field name in `left`'s bytes equals `right`, ignoring ASCII case.
    static func namesMatch(_ left: some Collection<UInt8>, _ right: String) -> Bool {
        left.count == right.utf8.count
            && zip(left, right.utf8).allSatisfy { asciiLowercased($0) == asciiLowercased($1) }
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    private func nameStart(_ index: Int) -> Int {
        index == 0 ? 0 : terminators[2 * index - 1] + 1
    }

    private func firstIndex(named name: String) -> Int? {
        // The name's own bytes, borrowed: a `var` copy for `withUTF8` was a retain and a release on every lookup.
        let found = name.utf8.withContiguousStorageIfAvailable { wanted in
            withFields { bytes, terminators -> Int? in
                var start = 0
                for index in 0..<terminators.count / 2 {
                    let end = terminators[2 * index]
                    if end - start == wanted.count, Self.namesMatch(UnsafeBufferPointer(rebasing: bytes[start..<end]), wanted) {
                        return index
                    }
                    start = terminators[2 * index + 1] + 1
                }
                return nil
            }
        }
        guard let found else { return (0..<count).first { nameMatches($0, name) } }
        return found
    }

    /// Whether `left` and `right` are the same field name, ignoring ASCII case; both the same length.
    private static func namesMatch(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in left.indices where asciiLowercased(left[index]) != asciiLowercased(right[index]) { return false }
        return true
    }

    private func nameMatches(_ index: Int, _ name: String) -> Bool {
        Self.namesMatch(bytes[nameStart(index)..<terminators[2 * index]], name)
    }

    /// Calls `body` with the buffer of names and values and the offsets of their terminating NULs.
    func withFields<Result>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Int>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in terminators.withUnsafeBufferPointer { body(bytes, $0) } }
    }

    private func name(at index: Int) -> String {
        String(decoding: bytes[nameStart(index)..<terminators[2 * index]], as: UTF8.self)
    }

    private func value(at index: Int) -> String {
        String(decoding: bytes[(terminators[2 * index] + 1)..<terminators[2 * index + 1]], as: UTF8.self)
    }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
    /// Creates a header list from `"Name": "value"` pairs, keeping their written order.
    package init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { Field(name: $0.0, value: $0.1) })
    }
}

extension HTTPHeaders: Sequence {
    /// Iterates over the fields in order.
    package struct Iterator: IteratorProtocol {
        let headers: HTTPHeaders
        var index = 0

        /// The next field, or nil after the last.
        package mutating func next() -> Field? {
            guard index < headers.count else { return nil }
            defer { index += 1 }
            return Field(name: headers.name(at: index), value: headers.value(at: index))
        }
    }

    /// Iterates over the fields in order.
    package func makeIterator() -> Iterator {
        Iterator(headers: self)
    }

    /// The number of fields.
    package var underestimatedCount: Int { count }
}
