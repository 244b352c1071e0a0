import Glibc
import Testing

@testable import DeepLinkServer

@Suite("Timestamps")
struct TimestampTests {
    @Test("the date arithmetic agrees with gmtime_r from 1900 to 2400, leap days and century years included")
    func civilDates() {
        for days in stride(from: -25_567, through: 157_000, by: 13) + [0, -1, 11_016, 11_017, 47_540, 47_541, 10_956, 10_957] {
            var seconds = days * 86_400
            var parts = tm()
            gmtime_r(&seconds, &parts)
            let date = Timestamp.civilDate(daysSince1970: days)
            #expect(
                date.year == Int(parts.tm_year) + 1900 && date.month == Int(parts.tm_mon) + 1 && date.day == Int(parts.tm_mday),
                "day \(days): \(date) against \(parts.tm_year + 1900)-\(parts.tm_mon + 1)-\(parts.tm_mday)")
        }
    }

    @Test(
        "a time is written as an ISO 8601 UTC timestamp with milliseconds",
        arguments: [
            (timespec(tv_sec: 0, tv_nsec: 0), "1970-01-01T00:00:00.000Z"),
            (timespec(tv_sec: 1_795_426_202, tv_nsec: 123_999_999), "2026-11-23T09:30:02.123Z"),
            (timespec(tv_sec: 951_868_799, tv_nsec: 999_000_000), "2000-02-29T23:59:59.999Z"),
            (timespec(tv_sec: -2_208_988_800, tv_nsec: 5_000_000), "1900-01-01T00:00:00.005Z"),
            (timespec(tv_sec: 1_104_537_599, tv_nsec: 50_000_000), "2004-12-31T23:59:59.050Z"),
        ])
    func written(time: timespec, text: String) {
        var bytes: [UInt8] = [UInt8(ascii: ">")]
        Timestamp.write(time, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == ">" + text)
    }
}
