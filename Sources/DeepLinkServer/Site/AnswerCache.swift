import MicroHTTP
import ServerPlatform

/// Answers already given, by host and raw request target, kept as prepared responses: a landing page asked for
/// again (every scan of the same sticker) or the same `/resolve` query is sent without resolving, rendering or
/// building a response.
///
/// Only answers about routes that are not `secret: true` are kept, and only for URLs a route matched, so no
/// sign-in token ever becomes a key. An answer is a function of the site (config and templates) and the target,
/// and a site has caches of its own, so a reload starts with empty ones. A worker thread uses its own cache
/// (`Site.answerCaches`).
///
/// An answer is admitted only when it is asked for again soon (`admits`): the first ask of a target leaves 40 bits
/// of its key's hash and the ask's number in a fixed table of recent asks, and only a second ask while that hash is
/// still there, within `askWindow` first asks of it, builds a prepared response and keeps it. A flood of distinct URLs (a
/// sticker per charger, a token per sign-in) then builds no prepared response, turns no generation and frees nothing,
/// and nor does a target asked for again only after more first asks than the cache could have kept its answer through.
/// A hash collision admits an answer one ask early, never a wrong answer: the cache itself is keyed by the whole
/// target.
///
/// Bounded by two generations of at most `generationSize` answers and `generationBytes` bytes each: new answers go
/// into the recent generation; when the next one would not fit, it becomes the older one, whose answers are dropped
/// unless asked for again before the next turn (then they move back). The answers a turn drops are released a few at a
/// time by the inserts and misses that follow (`retiring`), not all at once, so no request pays for freeing hundreds of
/// responses and the allocator is not left with a burst of freed blocks. An answer counts its key and its body twice
/// (the prepared response keeps a copy of its own), so long targets, which a client can make up at will (`/resolve`
/// ignores query items it does not know), bound the cache by bytes as short ones bound it by count. So it holds at
/// most twice `generationBytes` (and, until they are released, the answers the last turn dropped), keeps the answers
/// in use, and a flood of distinct URLs costs it nothing but misses.
final class AnswerCache: Sendable {
    static let generationSize = 256
    static let generationBytes = 2 << 20
    /// Slots of the table of recent asks (a power of two), enough that few first asks within `askWindow` of each
    /// other share one.
    static let askSlots = 4096
    /// How many first asks apart two asks of a target may be for the second to keep its answer: twice the answers the
    /// two generations hold. An answer asked for again only after more than that would be dropped before its next ask,
    /// so keeping it would build a prepared response and turn a generation for nothing; without the window, 5,000
    /// stickers scanned in turn had about 3 in 10 of their pages built, kept and dropped unused.
    static let askWindow = UInt32(4 * generationSize)
    /// How many dropped answers each insert or miss releases (half a generation's worth over a generation's inserts).
    static let releasesPerStep = 2

    /// An answer kept, with the name of the route it is about and the alias its URL came through, empty for the
    /// route's path (for the per-route and alias metrics of a cached answer).
    struct Entry {
        let response: PreparedResponse
        let route: String
        var alias = ""
    }

    private let generations = PThreadMutex<Generations>(Generations())

    private struct Generations {
        var recent: [Key: Entry] = [:]
        var older: [Key: Entry] = [:]
        var recentBytes = 0
        var olderBytes = 0
        /// Answers a turn dropped, released `releasesPerStep` at a time (after the lock).
        var retiring: [Entry] = []
        /// Keys asked for once, a slot each by the low bits of their hash: in one word, the hash's top 40 bits (the
        /// top one set, so a used slot is never 0) and the low 24 bits of the first ask's number (`firstAsks` then),
        /// so an ask reads one cache line. 0 is an empty slot.
        var asks = [UInt64](repeating: 0, count: AnswerCache.askSlots)
        /// First asks recorded so far, wrapping.
        var firstAsks: UInt32 = 0

        /// The bits of a slot that hold the first ask's number; the others hold the hash's.
        static let askNumberBits: UInt64 = 0xFF_FFFF

        /// Whether `key` was asked for within `askWindow` first asks (its hash is in its slot, recorded recently);
        /// records the ask when it was not. An entry 2^24 first asks old may pass for a recent one, and a hash that
        /// shares a slot and 40 bits with another passes for it: either admits an answer one ask early, never a
        /// wrong one.
        mutating func admits(_ key: Key) -> Bool {
            let hash = UInt64(bitPattern: Int64(key.hash))
            let slot = Int(truncatingIfNeeded: hash) & (AnswerCache.askSlots - 1)
            let fingerprint = (hash | 1 << 63) & ~Self.askNumberBits
            let entry = asks[slot]
            if entry & ~Self.askNumberBits == fingerprint,
                (UInt64(firstAsks) &- entry) & Self.askNumberBits < UInt64(AnswerCache.askWindow)
            {
                return true
            }
            firstAsks &+= 1
            asks[slot] = fingerprint | UInt64(firstAsks) & Self.askNumberBits
            return false
        }

        /// Takes up to `releasesPerStep` of the answers waiting to be released, to release after the lock.
        mutating func retire() -> [Entry] {
            guard !retiring.isEmpty else { return [] }
            let count = min(AnswerCache.releasesPerStep, retiring.count)
            defer { retiring.removeLast(count) }
            return Array(retiring.suffix(count))
        }

        /// Adds `response` to the recent generation, turning the generations first when it would not fit; returns
        /// answers to release after the lock (releasing frees libmicrohttpd responses): a few of those earlier turns
        /// dropped, and whatever was still waiting when this one turns (none, unless answers far above the average
        /// size make generations turn within a few inserts).
        mutating func insert(_ response: Entry, for key: Key) -> [Entry] {
            let bytes = Self.bytes(of: response, for: key)
            var released = retire()
            if recent.count >= AnswerCache.generationSize || recentBytes + bytes > AnswerCache.generationBytes {
                released += retiring
                retiring = Array(older.values)
                (older, olderBytes) = (recent, recentBytes)
                (recent, recentBytes) = ([:], 0)
            }
            if let replaced = recent.updateValue(response, forKey: key) {
                recentBytes -= Self.bytes(of: replaced, for: key)
                released.append(replaced)
            }
            recentBytes += bytes
            return released
        }

        /// Takes the answer for `key` out of the older generation.
        mutating func takeOlder(_ key: Key) -> Entry? {
            guard let response = older.removeValue(forKey: key) else { return nil }
            olderBytes -= Self.bytes(of: response, for: key)
            return response
        }

        /// What an answer holds: its key, and its body twice.
        static func bytes(of entry: Entry, for key: Key) -> Int {
            key.host.utf8.count + key.target.utf8.count + entry.route.utf8.count + entry.alias.utf8.count + 2 * entry.response.response.body.count
        }
    }

    /// The answer kept for `key`, if any.
    func response(for key: Key) -> Entry? {
        // The answers released here are released once `withLock` has returned, after the lock.
        generations.withLock { generations -> (found: Entry?, released: [Entry]) in
            if let response = generations.recent[key] { return (response, []) }
            guard let response = generations.takeOlder(key) else { return (nil, generations.retire()) }
            return (response, generations.insert(response, for: key))
        }.found
    }

    /// Whether an answer to `key` should be kept: true when `key` was asked for recently (its second ask), false
    /// the first time, which is remembered for the next.
    func admits(_ key: Key) -> Bool {
        generations.withLock { $0.admits(key) }
    }

    /// Keeps `response`, an answer about the route named `route` through `alias` (empty for its path), as the
    /// answer to `key`.
    func store(_ response: PreparedResponse, route: String, alias: String = "", for key: Key) {
        // The answers released here are released once `withLock` has returned, after the lock.
        _ = generations.withLock { $0.insert(Entry(response: response, route: route, alias: alias), for: key) }
    }

    /// The number of answers kept.
    var count: Int {
        generations.withLock { $0.recent.count + $0.older.count }
    }

    /// The bytes the answers kept hold, as the bound counts them.
    var bytes: Int {
        generations.withLock { $0.recentBytes + $0.olderBytes }
    }
}
