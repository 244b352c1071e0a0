import Synchronization

/// The bytes the server may hold for its connections at once: request bodies while they are read and handled,
/// and one-off answers until libmicrohttpd has sent and freed them (prepared answers are shared, and not counted).
///
/// Without it, a client that posts large bodies whose answers are larger still, and then reads them slowly, makes
/// the server hold their sum: hundreds of connections from a few addresses can hold gigabytes. With it, a request
/// that would take the total past the limit gets 503 at once, and the server's memory stays bounded.
final class MemoryBudget: Sendable {
    /// The most bytes held at once.
    let limit: Int
    private let held = Atomic<Int>(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// The bytes held now.
    var bytesHeld: Int { held.load(ordering: .relaxed) }

    /// Takes `bytes` from the budget when they fit; false (and nothing taken) when they do not.
    func reserve(_ bytes: Int) -> Bool {
        var current = held.load(ordering: .relaxed)
        while true {
            guard bytes <= limit - current else { return false }
            let (exchanged, original) = held.compareExchange(expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
    }

    /// Gives back `bytes` taken by `reserve`.
    func release(_ bytes: Int) {
        held.subtract(bytes, ordering: .relaxed)
    }
}
