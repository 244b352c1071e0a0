/// Deterministic URLs around the ExpresScan table's shapes (its aliases too): right and wrong schemes, hosts, prefixes, values,
/// queries, percent-escapes, trailing slashes and fragments, from a fixed seed.
struct GeneratedURLs: Sequence, IteratorProtocol {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// SplitMix64.
    private mutating func random() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    private mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(random() % UInt64(choices.count))]
    }

    private mutating func value() -> String {
        let length = pick([0, 1, 3, 4, 5, 8, 12, 16, 16, 17, 20, 24, 30, 40, 63, 64, 65, 200, 512, 513])
        let pieces = ["A", "z", "0", "9", "_", "-", ".", "~", "Q", "x", "%41", "%2F", "%20", "%7E", "%C3%A9", "+", "!", "'", "é", "%"]
        let common = ["a", "B", "7", "_", "-"]
        var text = ""
        let isClean = random() % 2 == 0
        for _ in 0..<length { text += !isClean && random() % 8 == 0 ? pick(pieces) : pick(common) }
        return text
    }

    mutating func next() -> String? {
        let origin = pick([
            "https://links.example.com/", "https://links.example.com/", "https://links.example.com/", "https://links.example.com/",
            "https://LINKS.Example.com/", "expchg://", "expchg://", "expchg://", "EXPCHG://",
            "http://links.example.com/", "https://evil.example/", "https://links.example.com:443/", "mailto:", "expchg:/", "https:///",
        ])
        var path = pick([
            "c/", "c/", "c/", "charger/", "charger/", "Charger/", "charger//", "m/", "m/", "u/", "u/", "auth/callback", "auth/callback", "auth/callback/",
            "auth/", "C/", "x/", "", "c//", "./c/",
        ])
        if path.hasSuffix("/") && random() % 8 != 0 { path += value() }
        if random() % 10 == 0 { path += pick(["/", "/extra", "/.."]) }
        var url = origin + path
        switch random() % (path.hasPrefix("auth/callback") ? 3 : 6) {
        case 0: url += "?code=" + value()
        case 1: url += "?code=" + value() + "&code=" + value()
        case 2: url += pick(["?", "?x=1", "?code", "?code=&y=2"])
        default: break
        }
        if random() % 20 == 0 { url += "#frag" }
        return url
    }
}
