#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The two clocks the server reads: the wall clock for what it writes down (log times, `Last-Modified`) and the
/// monotonic clock for what it measures (request durations, deadlines), both without `Duration`'s 128-bit arithmetic.
package enum SystemClock {
    /// The wall-clock time: seconds since 1970-01-01T00:00:00Z, and the nanoseconds into that second.
    package static func now() -> (seconds: Int, nanoseconds: Int) {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return (Int(time.tv_sec), Int(time.tv_nsec))
    }

    /// The monotonic clock in nanoseconds, from an unspecified start: only differences mean anything.
    package static func monotonicNanoseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }

    /// `duration` in whole nanoseconds, to add to the monotonic clock; a negative one is zero, and one longer than
    /// a century is a century, so a deadline far away cannot overflow.
    package static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        guard seconds < Int64(centuryInSeconds) else { return centuryInSeconds * 1_000_000_000 }
        return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }

    private static let centuryInSeconds = 100 * 366 * 86_400
}
