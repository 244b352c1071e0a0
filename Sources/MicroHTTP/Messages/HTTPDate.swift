import ServerPlatform

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), as HTTP headers want it; written and read by hand from the
/// platform's `CivilDate`, because Foundation's `DateFormatter` loads ICU (megabytes of resident memory for one
/// header) and `gmtime_r` takes glibc's time-zone lock.
package enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The seconds since 1970 of an IMF-fixdate written exactly as `format` writes it, or nil for anything else:
    /// impossible dates (`99 Dec 2099 99:99:99`, which would roll over into another date), a wrong weekday, other
    /// spacing or the obsolete forms. A date that does not parse is ignored by its caller (RFC 9110 13.1.3), so the
    /// strict reading only ever costs a full response.
    package static func parse(_ text: String) -> Int? {
        guard text.utf8.count == 29, text.hasSuffix(" GMT") else { return nil }
        let parts = text.split(separator: " ")
        // The widths `format` writes (which also keep the arithmetic below far from overflowing).
        guard parts.count == 6, parts[1].utf8.count == 2, parts[3].utf8.count == 4, parts[4].utf8.count == 8,
            let day = Int(parts[1]), let month = months.firstIndex(of: String(parts[2])), let year = Int(parts[3])
        else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        let days = CivilDate(year: year, month: month + 1, day: day).daysSince1970
        let seconds = days * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2]
        return format(seconds: seconds) == text ? seconds : nil
    }

    /// The IMF-fixdate of `seconds` since 1970.
    package static func format(seconds: Int) -> String {
        let (date, second) = CivilDate.of(secondsSince1970: seconds)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[date.weekday]), \(two(date.day)) \(months[date.month - 1]) \(date.year) "
            + "\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60)) GMT"
    }

    /// The current time in whole seconds since 1970.
    package static var now: Int { SystemClock.now().seconds }
}
