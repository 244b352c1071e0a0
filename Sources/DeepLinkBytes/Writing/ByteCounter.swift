/// Counts the bytes a ``ByteOutput`` would be given, writing none: the first pass of a text sized exactly, whose
/// second pass writes the same calls through a ``ByteWriter``.
package struct ByteCounter: ByteOutput {
    /// Bytes counted so far.
    package private(set) var count = 0

    /// A counter at zero.
    package init() {}

    package mutating func write(_ byte: UInt8) {
        count += 1
    }

    package mutating func write(_ text: StaticString) {
        count += text.utf8CodeUnitCount
    }

    package mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        count += bytes.count
    }

    package mutating func writeJSONString(_ value: UnsafeBufferPointer<UInt8>) {
        count += ByteWriter.jsonStringLength(value)
    }

    package mutating func writeJSONString(_ text: String) {
        var text = text
        text.withUTF8 { writeJSONString($0) }
    }

    package mutating func writeJSONEscaped(_ value: UnsafeBufferPointer<UInt8>) {
        count += ByteWriter.jsonStringLength(value) - 2
    }

    package mutating func writeJSONEscaped(_ text: String) {
        var text = text
        text.withUTF8 { writeJSONEscaped($0) }
    }
}
