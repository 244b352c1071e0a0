import Glibc
import ServerPlatform

/// Wakes a thread that sleeps between rounds of work before its pause is over: a POSIX semaphore, whose `sem_post`
/// never blocks, so a request thread can ask for a flush without ever waiting for it.
///
/// `@unchecked Sendable` because its one stored property is the address of a `sem_t`, allocated once and freed in
/// `deinit`; `sem_post` and `sem_timedwait` are safe to call from any thread at once.
package final class WakeUpSignal: @unchecked Sendable {
    private let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    /// A signal no one has sent yet.
    package init() {
        sem_init(semaphore, 0, 0)
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    /// Wakes the waiting thread (or the next one to wait).
    package func signal() {
        sem_post(semaphore)
    }

    /// Sleeps until signalled or for `nanoseconds`, whichever comes first; the signals sent meanwhile are consumed.
    package func wait(nanoseconds: Int) {
        // `sem_timedwait` wants a wall-clock deadline.
        let now = SystemClock.now()
        let total = now.nanoseconds + max(0, nanoseconds)
        var deadline = timespec(tv_sec: now.seconds + total / 1_000_000_000, tv_nsec: total % 1_000_000_000)
        while sem_timedwait(semaphore, &deadline) != 0, errno == EINTR {}
        while sem_trywait(semaphore) == 0 {}
    }
}
