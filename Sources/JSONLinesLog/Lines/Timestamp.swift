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

    /// Writes the time `seconds` and `nanoseconds` after 1970, as UTF-8.
    static func write(seconds: Int, nanoseconds: Int, into writer: inout ByteWriter) {
        let (date, second) = CivilDate.of(secondsSince1970: seconds)
        writer.writeTwoDigits(date.year / 100)
        writer.writeTwoDigits(date.year % 100)
        writer.write(UInt8(ascii: "-"))
        writer.writeTwoDigits(date.month)
        writer.write(UInt8(ascii: "-"))
        writer.writeTwoDigits(date.day)
        writer.write(UInt8(ascii: "T"))
        writer.writeTwoDigits(second / 3600)
        writer.write(UInt8(ascii: ":"))
        writer.writeTwoDigits(second / 60 % 60)
        writer.write(UInt8(ascii: ":"))
        writer.writeTwoDigits(second % 60)
        writer.write(UInt8(ascii: "."))
        let milliseconds = nanoseconds / 1_000_000
        writer.write(UInt8(ascii: "0") + UInt8(milliseconds / 100))
        writer.writeTwoDigits(milliseconds % 100)
        writer.write(UInt8(ascii: "Z"))
    }
}
