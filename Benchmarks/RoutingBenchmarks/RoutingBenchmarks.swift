import Benchmark
import DeepLinkAASA
import DeepLinkConfig
import DeepLinkRouting
import Foundation

/// Resolve, AASA generation and link building on the default table, and resolve on generated tables of growing
/// size (the time must not grow with the table: lookups go through the index, not a scan).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        timeUnits: .nanoseconds,
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )
    let table = defaultTable()

    Benchmark("resolve matched (default table)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(table.resolve("https://links.example.com/c/CH-42")) }
    }
    Benchmark("resolve matched custom scheme (default table)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(table.resolve("expchg://c/CH-42")) }
    }
    Benchmark("resolve unmatched (default table)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(table.resolve("https://links.example.com/x/nothing")) }
    }
    Benchmark("resolve query parameter (default table)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(table.resolve("https://links.example.com/auth/callback?code=abc.DEF~1")) }
    }
    for size in [4, 10, 100, 1_000, 10_000] {
        let generated = generatedTable(routes: size)
        let url = "https://links.example.com/r\(size - 1)/route-\(size - 1)-42"
        Benchmark("resolve on \(size) routes") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(generated.resolve(url)) }
        }
    }
    Benchmark("AASA generation (default table)", configuration: .init(scalingFactor: .one, maxIterations: 10_000)) { benchmark in
        let generator = AASAGenerator(table: table)
        for _ in benchmark.scaledIterations { blackHole(generator.json()) }
    }
    Benchmark("link building (default table)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? table.links(route: "charger", parameters: ["id": "CH-42"])) }
    }
}

/// The repository's `config/deeplinkd.yaml`.
func defaultTable() -> RouteTable {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../config/deeplinkd.yaml").path
    do {
        return try Configuration(contentsOf: path).table
    } catch {
        fatalError("\(error)")
    }
}

/// `size` routes `rN/route-N-$(id)`, every one distinct, in one table.
func generatedTable(routes size: Int) -> RouteTable {
    let routes = (0..<size).map { index in
        RouteDefinition(
            name: Located("r\(index)"), path: Located("r\(index)/route-\(index)-$(id)"),
            parameters: [ParameterDefinition(name: "id", charset: "0-9", maximumLength: 12)], notification: Located("n\(index)"))
    }
    let definition = RouteTableDefinition(
        app: AppDefinition(name: Located("App"), appIDs: [Located("ABCDE12345.com.example.app")]),
        domains: [Located("links.example.com")], routes: routes)
    do {
        return try RouteTable(definition)
    } catch {
        fatalError("\(error)")
    }
}
