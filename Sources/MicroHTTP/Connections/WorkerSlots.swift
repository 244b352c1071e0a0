import Glibc
import Synchronization

/// Numbers the threads that call a server's handler 0, 1, 2…, so the application can keep state per worker thread
/// and update it without sharing a lock or a cache line with the other workers.
///
/// A thread draws its number from the server's counter the first time it asks and keeps it in thread-specific
/// storage, so later requests read it without touching anything shared. Each libmicrohttpd worker thread belongs
/// to one daemon for its whole life, so the number it keeps is the one of its server. Should more threads than
/// `count` ever ask, the extra ones share the last number, which is why users of the number still synchronise.
final class WorkerSlots: Sendable {
    private let count: Int
    private let drawn = Atomic<Int>(0)

    /// The thread-specific slot holding the calling thread's number plus one (zero: none drawn yet).
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    init(count: Int) {
        self.count = max(1, count)
    }

    /// The calling thread's number, in `0..<count`.
    func current() -> Int {
        let stored = Int(bitPattern: pthread_getspecific(Self.key))
        if stored > 0 { return stored - 1 }
        let number = min(drawn.wrappingAdd(1, ordering: .relaxed).oldValue, count - 1)
        pthread_setspecific(Self.key, UnsafeRawPointer(bitPattern: number + 1))
        return number
    }
}
