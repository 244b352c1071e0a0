import Glibc

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
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        var parts = tm()
        var seconds = time.tv_sec
        gmtime_r(&seconds, &parts)
        append(Int(parts.tm_year) + 1900, digits: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(Int(parts.tm_mon) + 1, digits: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(Int(parts.tm_mday), digits: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        append(Int(parts.tm_hour), digits: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(Int(parts.tm_min), digits: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(Int(parts.tm_sec), digits: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        append(time.tv_nsec / 1_000_000, digits: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Appends `value` in decimal with exactly `digits` digits (leading zeros; higher digits are dropped).
    static func append(_ value: Int, digits: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}
