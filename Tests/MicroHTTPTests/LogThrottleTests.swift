import Testing

@testable import MicroHTTP

@Suite("Throttling libmicrohttpd's repeated log messages")
struct LogThrottleTests {
    @Test("a message repeated within the interval is held back and counted at its next admission")
    func throttles() {
        let throttle = LogThrottle(interval: .seconds(1))
        let start = 1_000_000_000_000
        #expect(throttle.admit("limit", now: start) == 0)
        #expect(throttle.admit("limit", now: start + 10_000_000) == nil)
        #expect(throttle.admit("limit", now: start + 900_000_000) == nil)
        #expect(throttle.admit("other", now: start + 900_000_000) == 0, "other messages are not held back")
        #expect(throttle.admit("limit", now: start + 1_001_000_000) == 2)
        #expect(throttle.admit("limit", now: start + 2_100_000_000) == 0)
    }
}
