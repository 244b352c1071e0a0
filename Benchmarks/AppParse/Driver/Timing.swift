import AppRoutes

/// Per-URL time and allocations of each parser over a corpus's matching and non-matching URLs, in interleaved rounds.
struct Timing {
    let corpus: Corpus
    let parsers: [(name: String, parse: (String) -> DeepLink?)]
    /// How long one timed sample lasts, at least: the passes over the URLs are as many as that takes.
    let sampleNanoseconds: UInt64

    /// `{parser: {"matching": [ns per URL, a round each], "non-matching": [...], "allocations": {...}}}`.
    func measure(rounds: Int) -> [String: Any] {
        let sets = [("matching", corpus.matching), ("non-matching", corpus.nonMatching)].filter { !$0.1.isEmpty }
        var passes: [String: Int] = [:]
        var result: [String: [String: Any]] = [:]
        for (name, parse) in parsers {
            var allocations: [String: Double] = [:]
            for (kind, urls) in sets {
                passes[name + kind] = calibrated(urls, parse)
                allocations[kind] = AllocationCounter.perURL(urls, parse)
            }
            result[name] = allocations.isEmpty || allocations.values.contains(where: \.isNaN) ? [:] : ["allocations": allocations]
        }
        var samples: [String: [String: [Double]]] = [:]
        for round in 0..<rounds {
            // The parsers take turns going first.
            let order = round % 2 == 0 ? parsers : parsers.reversed()
            for (name, parse) in order {
                for (kind, urls) in sets {
                    let count = passes[name + kind] ?? 1
                    samples[name, default: [:]][kind, default: []].append(nanosecondsPerURL(urls, parse, passes: count))
                }
            }
        }
        for (name, kinds) in samples {
            for (kind, values) in kinds { result[name, default: [:]][kind] = values }
        }
        return ["rounds": rounds, "urls": ["matching": corpus.matching.count, "non-matching": corpus.nonMatching.count], "parsers": result]
    }

    /// Passes over `urls` that take about a sample's time, after a warm-up pass.
    private func calibrated(_ urls: [String], _ parse: (String) -> DeepLink?) -> Int {
        var passes = 1
        while true {
            let begun = Stopwatch.now()
            _ = pass(urls, parse, count: passes)
            let elapsed = Stopwatch.now() - begun
            if elapsed >= sampleNanoseconds / 4 || passes >= 1 << 24 {
                return max(1, Int(Double(passes) * Double(sampleNanoseconds) / Double(max(elapsed, 1))))
            }
            passes *= 2
        }
    }

    private func nanosecondsPerURL(_ urls: [String], _ parse: (String) -> DeepLink?, passes: Int) -> Double {
        let begun = Stopwatch.now()
        let matched = pass(urls, parse, count: passes)
        let elapsed = Stopwatch.now() - begun
        withExtendedLifetime(matched) {}
        return Double(elapsed) / Double(passes * urls.count)
    }
}

/// Parses every URL `count` times; the number of links found, so the work cannot be left out.
@inline(never)
func pass(_ urls: [String], _ parse: (String) -> DeepLink?, count: Int) -> Int {
    var matched = 0
    for _ in 0..<count {
        for url in urls where parse(url) != nil { matched += 1 }
    }
    return matched
}
