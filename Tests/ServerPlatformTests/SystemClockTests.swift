import Glibc
import Testing

@testable import ServerPlatform

@Suite("The system clocks")
struct SystemClockTests {
    @Test("the monotonic clock never goes back and counts nanoseconds")
    func monotonic() {
        let start = SystemClock.monotonicNanoseconds()
        var pause = timespec(tv_sec: 0, tv_nsec: 20_000_000)
        nanosleep(&pause, nil)
        let elapsed = SystemClock.monotonicNanoseconds() - start
        #expect(elapsed >= 20_000_000 && elapsed < 5_000_000_000)
    }

    @Test("the wall clock is past 2026-01-01 and its nanoseconds stay within the second")
    func wall() {
        let now = SystemClock.now()
        #expect(now.seconds > 1_767_225_600)
        #expect((0..<1_000_000_000).contains(now.nanoseconds))
    }
}

extension SystemClockTests {
    @Test(
        "a duration becomes whole nanoseconds, never negative and never past a century",
        arguments: [
            (Duration.seconds(5), 5_000_000_000), (.milliseconds(1500), 1_500_000_000), (.nanoseconds(7), 7), (.zero, 0),
            (.seconds(-3), 0), (.seconds(Int64.max), 100 * 366 * 86_400 * 1_000_000_000),
        ])
    func durations(duration: Duration, nanoseconds: Int) {
        #expect(SystemClock.nanoseconds(duration) == nanoseconds)
    }
}
