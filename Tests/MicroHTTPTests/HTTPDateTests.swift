import Testing

@testable import MicroHTTP

@Suite("HTTP dates (IMF-fixdate)")
struct HTTPDateTests {
    @Test(
        "known instants are written as IMF-fixdates and read back",
        arguments: [
            (0, "Thu, 01 Jan 1970 00:00:00 GMT"), (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),
            (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"), (1_709_251_199, "Thu, 29 Feb 2024 23:59:59 GMT"),
            (4_107_542_399, "Sun, 28 Feb 2100 23:59:59 GMT"), (4_107_542_400, "Mon, 01 Mar 2100 00:00:00 GMT"),
            (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
        ])
    func knownInstants(seconds: Int, text: String) {
        #expect(HTTPDate.format(seconds: seconds) == text)
        #expect(HTTPDate.parse(text) == seconds)
    }

    @Test(
        "anything but the exact form is refused: impossible dates, wrong weekdays, other spacing, obsolete forms",
        arguments: [
            "Thu, 99 Dec 2099 99:99:99 GMT", "Sat, 29 Feb 2025 00:00:00 GMT", "Mon, 01 Jan 2024 24:00:00 GMT",
            "Tue, 01 Jan 2024 00:00:00 GMT", "Mon,  1 Jan 2024 00:00:00 GMT", "Monday, 01-Jan-24 00:00:00 GMT",
            "Mon Jan  1 00:00:00 2024", "Mon, 01 Jan 2024 00:00:00 UTC", "Mon, 01 Jan 2024 0:00:000 GMT",
            "Mon, 01 Jan +024 00:00:00 GMT", "",
        ])
    func refused(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }
}
