import Glibc

/// `2026-11-22T04:18:02.123Z` from the system clock, formatted by hand: Foundation's date formatting loads ICU,
/// which costs megabytes of memory and microseconds per line.
enum Timestamp {
    static func now() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        var parts = tm()
        var seconds = time.tv_sec
        gmtime_r(&seconds, &parts)
        var text = ""
        text.reserveCapacity(24)
        append(Int(parts.tm_year) + 1900, digits: 4, to: &text)
        text += "-"
        append(Int(parts.tm_mon) + 1, digits: 2, to: &text)
        text += "-"
        append(Int(parts.tm_mday), digits: 2, to: &text)
        text += "T"
        append(Int(parts.tm_hour), digits: 2, to: &text)
        text += ":"
        append(Int(parts.tm_min), digits: 2, to: &text)
        text += ":"
        append(Int(parts.tm_sec), digits: 2, to: &text)
        text += "."
        append(time.tv_nsec / 1_000_000, digits: 3, to: &text)
        text += "Z"
        return text
    }

    private static func append(_ value: Int, digits: Int, to text: inout String) {
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        var remainder = value
        while divisor > 0 {
            text.unicodeScalars.append(Unicode.Scalar(UInt8(48 + remainder / divisor % 10)))
            remainder %= divisor * 10
            divisor /= 10
        }
    }
}
