import MicroHTTP

/// Answers already given, by host and raw request target, kept as prepared responses: a landing page asked for
/// again (every scan of the same sticker) or the same `/resolve` query is sent without resolving, rendering or
/// building a response.
///
/// Only answers about routes that are not `secret: true` are kept, and only for URLs a route matched, so no
/// sign-in token ever becomes a key. An answer is a function of the site (config and templates) and the target,
/// and a site has caches of its own, so a reload starts with empty ones. A worker thread uses its own cache
/// (`Site.answerCache(worker:)`).
///
/// Bounded by two generations of at most `generationSize` answers and `generationBytes` bytes each: new answers go
/// into the recent generation; when the next one would not fit, it becomes the older one, whose answers are dropped
/// unless asked for again before the next turn (then they move back). An answer counts its key and its body twice
/// (the prepared response keeps a copy of its own), so long targets, which a client can make up at will (`/resolve`
/// ignores query items it does not know), bound the cache by bytes as short ones bound it by count. So it holds at
/// most twice `generationBytes`, keeps the answers in use, and a flood of distinct URLs costs it nothing but misses.
final class AnswerCache: Sendable {
    static let generationSize = 256
    static let generationBytes = 2 << 20

    /// What an answer depends on besides the site.
    struct Key: Hashable {
        /// The configured domain a landing page's URL was resolved on; empty for `/resolve`, which does not use it.
        let host: String
        /// The request target as sent.
        let target: String
    }

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

        /// Adds `response` to the recent generation, turning the generations first when it would not fit; returns
        /// the answers that turn dropped, to be released after the lock (releasing frees libmicrohttpd responses).
        mutating func insert(_ response: Entry, for key: Key) -> [Key: Entry] {
            let bytes = Self.bytes(of: response, for: key)
            var dropped: [Key: Entry] = [:]
            if recent.count >= AnswerCache.generationSize || recentBytes + bytes > AnswerCache.generationBytes {
                dropped = older
                (older, olderBytes) = (recent, recentBytes)
                (recent, recentBytes) = ([:], 0)
            }
            if let replaced = recent.updateValue(response, forKey: key) { recentBytes -= Self.bytes(of: replaced, for: key) }
            recentBytes += bytes
            return dropped
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
        // The answers a turn drops are released once `withLock` has returned, after the lock.
        generations.withLock { generations -> (found: Entry?, dropped: [Key: Entry]) in
            if let response = generations.recent[key] { return (response, [:]) }
            guard let response = generations.takeOlder(key) else { return (nil, [:]) }
            return (response, generations.insert(response, for: key))
        }.found
    }

    /// Keeps `response`, an answer about the route named `route` through `alias` (empty for its path), as the
    /// answer to `key`.
    func store(_ response: PreparedResponse, route: String, alias: String = "", for key: Key) {
        // The answers the turn dropped are released once `withLock` has returned, after the lock.
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
