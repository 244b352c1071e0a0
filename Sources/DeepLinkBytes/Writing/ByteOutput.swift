/// Where bytes go: a ``ByteWriter`` into memory, or a ``ByteCounter`` that only counts them, so that one function
/// generic over its output both sizes a text exactly and then writes it.
package protocol ByteOutput {
    /// Writes one byte.
    mutating func write(_ byte: UInt8)
    /// Writes the UTF-8 of a literal.
    mutating func write(_ text: StaticString)
    /// Writes `bytes`.
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>)
    /// Writes the UTF-8 text `value` as a JSON string literal, quoted and escaped as ``JSONWriter`` escapes it.
    mutating func writeJSONString(_ value: UnsafeBufferPointer<UInt8>)
    /// Writes the UTF-8 of `text` as a JSON string literal.
    mutating func writeJSONString(_ text: String)
    /// Writes the UTF-8 text `value` escaped as inside a JSON string literal, without the quotes.
    mutating func writeJSONEscaped(_ value: UnsafeBufferPointer<UInt8>)
    /// Writes the UTF-8 of `text` escaped as inside a JSON string literal, without the quotes.
    mutating func writeJSONEscaped(_ text: String)
}

extension ByteWriter: ByteOutput {}
