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
///
/// The value lives in memory of its own, not in a stored `var`: the lock already makes the access exclusive, and a
/// stored property would add the runtime's exclusivity bookkeeping (`swift_beginAccess`) to every `withLock`, about
/// 90 instructions each, six times a request on the server's uncached path.
package final class PThreadMutex<Value: Sendable>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let value = UnsafeMutablePointer<Value>.allocate(capacity: 1)

    /// A lock around `value`.
    package init(_ value: Value) {
        self.value.initialize(to: value)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value while holding the lock.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
