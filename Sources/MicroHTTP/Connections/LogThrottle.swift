/// Admits a message at most once per interval; reports how many identical messages it held back meanwhile.
final class LogThrottle: Sendable {
    private let interval: Duration
    private let state = PThreadMutex<[String: (admitted: ContinuousClock.Instant, held: Int)]>([:])

    init(interval: Duration) {
        self.interval = interval
    }

    /// Nil to drop `message`; otherwise the number of copies dropped since it was last admitted.
    func admit(_ message: String, now: ContinuousClock.Instant = .now) -> Int? {
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
