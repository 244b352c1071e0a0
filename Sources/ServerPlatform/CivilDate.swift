/// A day of the proleptic Gregorian calendar, in UTC, found by arithmetic: `gmtime_r` takes glibc's time-zone lock,
/// which every worker thread would contend for once per request, and Foundation's calendars load ICU.
///
/// The one date routine of the server: log timestamps and HTTP dates are both written from it.
package struct CivilDate: Equatable, Sendable {
    /// The year (`1970`); proleptic, so it may be zero or negative.
    package let year: Int
    /// The month, `1` (January) to `12`.
    package let month: Int
    /// The day of the month, from `1`.
    package let day: Int

    /// The date of `year`, `month` (1 to 12) and `day`, as given.
    package init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date of a day counted from 1970-01-01.
    package init(daysSince1970 days: Int) {
        // Days since 0000-03-01, in 400-year eras of 146,097 days; the year starts in March so leap days come last.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// The days from 1970-01-01 to this date; a day past the month's end counts on into the next months, as
    /// `timegm` does.
    package var daysSince1970: Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day of the week, `0` (Sunday) to `6` (Saturday).
    package var weekday: Int {
        let remainder = (daysSince1970 + 4) % 7  // 1970-01-01 was a Thursday.
        return remainder < 0 ? remainder + 7 : remainder
    }

    /// The date and the second of that day (0 to 86,399) of an instant `seconds` after 1970-01-01T00:00:00Z.
    package static func of(secondsSince1970 seconds: Int) -> (date: CivilDate, secondOfDay: Int) {
        let (days, second) = seconds.quotientAndRemainder(dividingBy: 86_400)
        return second < 0 ? (CivilDate(daysSince1970: days - 1), second + 86_400) : (CivilDate(daysSince1970: days), second)
    }
}
