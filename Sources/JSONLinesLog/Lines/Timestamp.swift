import DeepLinkBytes
import ServerPlatform

/// `2026-11-22T04:18:02.123Z` from the system clock, formatted by hand: Foundation's date formatting loads ICU,
/// which costs megabytes of memory and microseconds per line.
enum Timestamp {
    /// Writes the current time, as UTF-8.
    static func write(into writer: inout ByteWriter) {
        let time = SystemClock.now()
        write(seconds: time.seconds, nanoseconds: time.nanoseconds, into: &writer)
    }

    /// Appends the time `seconds` and `nanoseconds` after 1970, as UTF-8.
    static func write(seconds: Int, nanoseconds: Int, into bytes: inout [UInt8]) {
        ByteWriter.append(to: &bytes, capacity: 24) { write(seconds: seconds, nanoseconds: nanoseconds, into: &$0) }
    }

    /// Writes the time `seconds` and `nanoseconds` after 1970, as UTF-8: the 24 bytes are put together in place and
    /// written at once (a line has one, and writing them piece by piece cost four times as much).
    static func write(seconds: Int, nanoseconds: Int, into writer: inout ByteWriter) {
        let (date, second) = CivilDate.of(secondsSince1970: seconds)
        let milliseconds = nanoseconds / 1_000_000
        var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &text) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            func put(_ value: Int, at index: Int) {
                let value = min(max(value, 0), 99)
                bytes[index] = UInt8(ascii: "0") + UInt8(value / 10)
                bytes[index + 1] = UInt8(ascii: "0") + UInt8(value % 10)
            }
            put(date.year / 100, at: 0)
            put(date.year % 100, at: 2)
            bytes[4] = UInt8(ascii: "-")
            put(date.month, at: 5)
            bytes[7] = UInt8(ascii: "-")
            put(date.day, at: 8)
            bytes[10] = UInt8(ascii: "T")
            put(second / 3600, at: 11)
            bytes[13] = UInt8(ascii: ":")
            put(second / 60 % 60, at: 14)
            bytes[16] = UInt8(ascii: ":")
            put(second % 60, at: 17)
            bytes[19] = UInt8(ascii: ".")
            put(milliseconds / 10, at: 20)
            bytes[22] = UInt8(ascii: "0") + UInt8(min(max(milliseconds % 10, 0), 9))
            bytes[23] = UInt8(ascii: "Z")
            writer.write(UnsafeBufferPointer(bytes))
        }
    }
}
