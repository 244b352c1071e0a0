import DeepLinkBytes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `2026-11-22T04:18:02.123Z` from the system clock, formatted by hand: Foundation's date formatting loads ICU,
/// which costs megabytes of memory and microseconds per line.
enum Timestamp {
    /// The current time as text.
    static func now() -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        write(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the current time, as UTF-8.
    static func write(into bytes: inout [UInt8]) {
        ByteWriter.append(to: &bytes, capacity: 24) { write(into: &$0) }
    }

    /// Writes the current time, as UTF-8.
    static func write(into writer: inout ByteWriter) {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        write(time, into: &writer)
    }

    /// Appends `time` (seconds and nanoseconds since 1970), as UTF-8.
    static func write(_ time: timespec, into bytes: inout [UInt8]) {
        ByteWriter.append(to: &bytes, capacity: 24) { write(time, into: &$0) }
    }

    /// Writes `time` (seconds and nanoseconds since 1970), as UTF-8.
    static func write(_ time: timespec, into writer: inout ByteWriter) {
        let (days, secondOfDay) = Int(time.tv_sec).quotientAndRemainder(dividingBy: 86_400)
        let date = civilDate(daysSince1970: secondOfDay < 0 ? days - 1 : days)
        let second = secondOfDay < 0 ? secondOfDay + 86_400 : secondOfDay
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
        let milliseconds = time.tv_nsec / 1_000_000
        writer.write(UInt8(ascii: "0") + UInt8(milliseconds / 100))
        writer.writeTwoDigits(milliseconds % 100)
        writer.write(UInt8(ascii: "Z"))
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01, by arithmetic: `gmtime_r` takes glibc's
    /// time-zone lock, which every worker thread would contend for once per request.
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        // Days since 0000-03-01, in 400-year eras of 146,097 days; the year starts in March so leap days come last.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
