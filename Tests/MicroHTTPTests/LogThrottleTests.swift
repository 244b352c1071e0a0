import Testing

@testable import MicroHTTP

@Suite("Throttling libmicrohttpd's repeated log messages")
struct LogThrottleTests {
    @Test("a message repeated within the interval is held back and counted at its next admission")
    func throttles() {
        let throttle = LogThrottle(interval: .seconds(1))
        let start = ContinuousClock.now
        #expect(throttle.admit("limit", now: start) == 0)
        #expect(throttle.admit("limit", now: start + .milliseconds(10)) == nil)
        #expect(throttle.admit("limit", now: start + .milliseconds(900)) == nil)
        #expect(throttle.admit("other", now: start + .milliseconds(900)) == 0, "other messages are not held back")
        #expect(throttle.admit("limit", now: start + .milliseconds(1001)) == 2)
        #expect(throttle.admit("limit", now: start + .milliseconds(2100)) == 0)
    }
}
