import ServerPlatform

/// Admits a message at most once per interval; reports how many identical messages it held back meanwhile.
final class LogThrottle: Sendable {
    /// The interval in nanoseconds.
    private let interval: Int
    /// Each message's last admission (monotonic nanoseconds) and the copies held back since.
    private let state = PThreadMutex<[String: (admitted: Int, held: Int)]>([:])

    init(interval: Duration) {
        self.interval = SystemClock.nanoseconds(interval)
    }

    /// Nil to drop `message`; otherwise the number of copies dropped since it was last admitted. `now` is in
    /// `SystemClock.monotonicNanoseconds()`.
    func admit(_ message: String, now: Int = SystemClock.monotonicNanoseconds()) -> Int? {
        state.withLock { seen in
            if let previous = seen[message], now - previous.admitted < interval {
                seen[message] = (previous.admitted, previous.held + 1)
                return nil
            }
            let held = seen[message]?.held ?? 0
            if seen.count > 256 { seen.removeAll() }
            seen[message] = (now, 0)
            return held
        }
    }
}
