/// Counts by key, for labels a worker counts request after request (a route and its domain, an outcome): the key
/// counted last is kept with its place in the table, so counting it again compares the keys (strings the table and
/// the site hold, equal at once when they share their storage) rather than hashing them.
struct KeyedCounts<Key: Hashable & Sendable>: Sendable {
    private(set) var counts: [Key: Int] = [:]
    /// The key counted last and its place in `counts` (a place stays valid until a key is added).
    private var last: (key: Key, index: [Key: Int].Index)?

    /// Adds `count` to the count of `key`.
    mutating func add(_ key: Key, _ count: Int = 1) {
        if let last, last.key == key {
            counts.values[last.index] += count
            return
        }
        if let index = counts.index(forKey: key) {
            counts.values[index] += count
            last = (key, index)
        } else {
            counts[key] = count
            last = counts.index(forKey: key).map { (key, $0) }
        }
    }

    /// Adds every count of `other`.
    mutating func add(_ other: KeyedCounts) {
        for (key, count) in other.counts { add(key, count) }
    }
}
