import Testing

@testable import JSONLinesLog

@Suite("Timestamps")
struct TimestampTests {
    @Test(
        "a time is written as an ISO 8601 UTC timestamp with milliseconds",
        arguments: [
            (0, 0, "1970-01-01T00:00:00.000Z"),
            (1_795_426_202, 123_999_999, "2026-11-23T09:30:02.123Z"),
            (951_868_799, 999_000_000, "2000-02-29T23:59:59.999Z"),
            (-2_208_988_800, 5_000_000, "1900-01-01T00:00:00.005Z"),
            (1_104_537_599, 50_000_000, "2004-12-31T23:59:59.050Z"),
        ])
    func written(seconds: Int, nanoseconds: Int, text: String) {
        var bytes: [UInt8] = [UInt8(ascii: ">")]
        Timestamp.write(seconds: seconds, nanoseconds: nanoseconds, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == ">" + text)
    }
}
