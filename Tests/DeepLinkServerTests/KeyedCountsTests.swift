import Testing

@testable import DeepLinkServer

@Suite("Counts by key, the last key remembered")
struct KeyedCountsTests {
    @Test("every key's count is what was added to it, in any order, the remembered place surviving new keys")
    func countsMatchADictionary() {
        var generator = SystemRandomNumberGenerator()
        var counts = KeyedCounts<String>()
        var reference: [String: Int] = [:]
        let keys = (0..<40).map { "route-\($0)" }
        for step in 0..<5_000 {
            // Runs of one key (the remembered place), then a new or earlier one (a lookup, or an insert that may grow the table).
            let key = step % 7 == 0 ? keys.randomElement(using: &generator) ?? "" : keys[step / 50 % keys.count]
            let amount = Int.random(in: 1...3, using: &generator)
            counts.add(key, amount)
            reference[key, default: 0] += amount
        }
        #expect(counts.counts == reference)
    }

    @Test("adding another's counts adds them key by key, and counting goes on afterwards")
    func addingAnother() {
        var first = KeyedCounts<String>()
        var second = KeyedCounts<String>()
        first.add("matched")
        first.add("matched")
        second.add("noRoute", 3)
        second.add("matched")
        first.add(second)
        first.add("matched")
        first.add("invalidParameter")
        #expect(first.counts == ["matched": 4, "noRoute": 3, "invalidParameter": 1])
        #expect(second.counts == ["noRoute": 3, "matched": 1])
    }

    @Test("a copy taken for /metrics keeps its counts while the worker goes on counting its own")
    func copiesAreIndependent() {
        var counts = KeyedCounts<String>()
        counts.add("charger")
        let snapshot = counts
        counts.add("charger")
        counts.add("user")
        #expect(snapshot.counts == ["charger": 1])
        #expect(counts.counts == ["charger": 2, "user": 1])
    }
}
