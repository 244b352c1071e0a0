import Glibc

extension AnswerCache {
    /// What an answer depends on besides the site.
    ///
    /// The host and target are compared as bytes: two spellings of the same text (`é` and `e` with a
    /// combining accent) are two targets, whose answers echo or link to different bytes. Hashed once, when it is made:
    /// a miss looks in both generations and then in the table of recent asks, and with the hash kept none of them
    /// reads the target again (`_rawHashValue(seed:)` hands the dictionaries the kept hash, mixed with their seed,
    /// rather than hashing it a second time).
    struct Key: Hashable {
        /// The configured domain a landing page's URL was resolved on; empty for `/resolve`, which does not use it.
        let host: String
        /// The request target as sent.
        let target: String
        /// The class of browser a landing page was written for; `.ordinary` for `/resolve`.
        let browser: BrowserClass
        /// The hash of the three, with the process's random seed (`Hasher`).
        let hash: Int

        init(host: String, target: String, browser: BrowserClass = .ordinary) {
            self.host = host
            self.target = target
            self.browser = browser
            // Strings hash alike when they are canonically equivalent, so keys of equal bytes hash alike.
            var hasher = Hasher()
            hasher.combine(host)
            hasher.combine(target)
            hasher.combine(browser)
            hash = hasher.finalize()
        }

        static func == (left: Key, right: Key) -> Bool {
            left.hash == right.hash && left.browser == right.browser && sameBytes(left.target, right.target) && sameBytes(left.host, right.host)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }

        func _rawHashValue(seed: Int) -> Int {
            // The kept hash is already seeded SipHash; the dictionary's seed is mixed in so that dictionaries of
            // different sizes do not lay the same keys out alike.
            (hash ^ seed) &* -7_046_029_254_386_353_131
        }

        /// Whether `left` and `right` have the same UTF-8 bytes (`==` on strings compares canonical equivalence).
        private static func sameBytes(_ left: String, _ right: String) -> Bool {
            guard left.utf8.count == right.utf8.count else { return false }
            let compared = left.utf8.withContiguousStorageIfAvailable { left in
                right.utf8.withContiguousStorageIfAvailable { right in
                    guard let leftStart = left.baseAddress, let rightStart = right.baseAddress else { return true }
                    return memcmp(leftStart, rightStart, left.count) == 0
                }
            }
            return (compared ?? nil) ?? left.utf8.elementsEqual(right.utf8)
        }
    }
}
