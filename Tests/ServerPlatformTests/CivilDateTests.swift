import Glibc
import Testing

@testable import ServerPlatform

@Suite("Civil dates by arithmetic")
struct CivilDateTests {
    @Test(
        "known days convert both ways, leap days and century years included",
        arguments: [
            (0, 1970, 1, 1, 4), (-1, 1969, 12, 31, 3), (10_957, 2000, 1, 1, 6), (11_016, 2000, 2, 29, 2),
            (11_017, 2000, 3, 1, 3), (47_540, 2100, 2, 28, 0), (47_541, 2100, 3, 1, 1), (-25_567, 1900, 1, 1, 1),
            (19_782, 2024, 2, 29, 4), (20_416, 2025, 11, 24, 1), (-719_528, 0, 1, 1, 6),
        ])
    func knownDays(days: Int, year: Int, month: Int, day: Int, weekday: Int) {
        let date = CivilDate(daysSince1970: days)
        #expect(date == CivilDate(year: year, month: month, day: day))
        #expect(date.daysSince1970 == days)
        #expect(date.weekday == weekday)
    }

    @Test("the arithmetic agrees with gmtime_r from 1900 to 2400, and a day past a month's end counts on as timegm's does")
    func agreesWithTheCLibrary() {
        for days in stride(from: -25_567, through: 157_000, by: 13) {
            var seconds = days * 86_400 + 45_296
            var parts = tm()
            gmtime_r(&seconds, &parts)
            let (date, second) = CivilDate.of(secondsSince1970: seconds)
            #expect(date == CivilDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday)), "day \(days)")
            #expect(date.weekday == Int(parts.tm_wday) && second == 45_296, "day \(days)")
        }
        #expect(CivilDate(year: 2025, month: 2, day: 29).daysSince1970 == CivilDate(year: 2025, month: 3, day: 1).daysSince1970)
        #expect(CivilDate(year: 2099, month: 12, day: 99).daysSince1970 == CivilDate(year: 2100, month: 3, day: 9).daysSince1970)
    }

    @Test("an instant before 1970 falls on the day before, with its second counted from that day's midnight")
    func instantsBefore1970() {
        let (date, second) = CivilDate.of(secondsSince1970: -1)
        #expect(date == CivilDate(year: 1969, month: 12, day: 31) && second == 86_399)
        #expect(CivilDate.of(secondsSince1970: -86_400) == (CivilDate(year: 1969, month: 12, day: 31), 0))
    }
}
