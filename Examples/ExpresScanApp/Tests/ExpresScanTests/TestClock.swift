import Foundation

/// A clock the tests move by hand, injected into the inbox so a launch runs the same on every machine.
final class TestClock: @unchecked Sendable {
    // One lock guards `seconds`: the inbox may read the clock from any thread.
    private let lock = NSLock()
    private var seconds: TimeInterval = 1_000

    /// Moves the time on by `interval` seconds.
    func advance(by interval: TimeInterval) {
        lock.lock()
        defer { lock.unlock() }
        seconds += interval
    }

    /// The function the inbox reads the time with.
    var read: @Sendable () -> TimeInterval {
        { [self] in
            lock.lock()
            defer { lock.unlock() }
            return seconds
        }
    }
}
