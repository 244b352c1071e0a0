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
/// Bounded by two generations of `generationSize` entries: new answers go into the recent generation; when it is
/// full it becomes the older one, whose answers are dropped unless asked for again before the next turn (then they
/// move back). So it holds at most twice `generationSize` answers, keeps the ones in use, and a flood of distinct
/// URLs costs it nothing but misses.
final class AnswerCache: Sendable {
    static let generationSize = 256

    /// What an answer depends on besides the site.
    struct Key: Hashable {
        /// The configured domain a landing page's URL was resolved on; empty for `/resolve`, which does not use it.
        let host: String
        /// The request target as sent.
        let target: String
    }

    private let generations = PThreadMutex<Generations>(Generations())

    private struct Generations {
        var recent: [Key: PreparedResponse] = [:]
        var older: [Key: PreparedResponse] = [:]

        mutating func insert(_ response: PreparedResponse, for key: Key) {
            if recent.count >= AnswerCache.generationSize {
                older = recent
                recent = [:]
            }
            recent[key] = response
        }
    }

    /// The answer kept for `key`, if any.
    func response(for key: Key) -> PreparedResponse? {
        generations.withLock { generations in
            if let response = generations.recent[key] { return response }
            guard let response = generations.older.removeValue(forKey: key) else { return nil }
            generations.insert(response, for: key)
            return response
        }
    }

    /// Keeps `response` as the answer to `key`.
    func store(_ response: PreparedResponse, for key: Key) {
        generations.withLock { $0.insert(response, for: key) }
    }

    /// The number of answers kept.
    var count: Int {
        generations.withLock { $0.recent.count + $0.older.count }
    }
}
