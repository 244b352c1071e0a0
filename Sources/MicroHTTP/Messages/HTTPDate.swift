#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), as HTTP headers want it; formatted by hand, because
/// Foundation's `DateFormatter` loads ICU (megabytes of resident memory for one header).
public enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The seconds since 1970 of an IMF-fixdate written exactly as `format` writes it, or nil for anything else:
    /// impossible dates (`99 Dec 2099 99:99:99`, which `timegm` would roll over into another date), a wrong
    /// weekday, other spacing or the obsolete forms. A date that does not parse is ignored by its caller
    /// (RFC 9110 13.1.3), so the strict reading only ever costs a full response.
    public static func parse(_ text: String) -> Int? {
        guard text.utf8.count == 29, text.hasSuffix(" GMT") else { return nil }
        let parts = text.split(separator: " ")
        guard parts.count == 6, let day = Int(parts[1]), let month = months.firstIndex(of: String(parts[2])), let year = Int(parts[3]) else {
            return nil
        }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        var fields = tm()
        fields.tm_year = Int32(clamping: year - 1900)
        fields.tm_mon = Int32(month)
        fields.tm_mday = Int32(clamping: day)
        fields.tm_hour = Int32(clamping: clock[0])
        fields.tm_min = Int32(clamping: clock[1])
        fields.tm_sec = Int32(clamping: clock[2])
        let seconds = timegm(&fields)
        return format(seconds: seconds) == text ? seconds : nil
    }

    /// The IMF-fixdate of `seconds` since 1970.
    public static func format(seconds: Int) -> String {
        var seconds = seconds
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// The current time in whole seconds since 1970.
    public static var now: Int { time(nil) }
}
