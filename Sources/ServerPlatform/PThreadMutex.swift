#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a `pthread_mutex_t`: `Synchronization.Mutex`'s `withLock`, visible to the thread sanitizer.
///
/// On Linux a contended `Mutex` waits in the kernel (`FUTEX_LOCK_PI`) from inside the standard library, which the
/// sanitizer does not instrument, so it cannot see the lock pass from one thread to the other and reports the
/// accesses it guards as a race (as it would for MicroHTTP's `OpenConnections` under `make tsan`, whose lock
/// libmicrohttpd's threads and the draining thread take in turn). The sanitizer intercepts the pthread calls, so this lock is seen.
///
/// `@unchecked Sendable` because `value` is only ever reached inside `withLock`, between `pthread_mutex_lock` and
/// `pthread_mutex_unlock`, and the mutex is allocated once, at a fixed address, for the object's lifetime.
package final class PThreadMutex<Value: Sendable>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    /// A lock around `value`.
    package init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
