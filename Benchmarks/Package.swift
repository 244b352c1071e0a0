// swift-tools-version:6.3
// The routing core's micro-benchmarks (package-benchmark). A separate package, so `swift test` never builds it.
// Run: `make bench` from the repository root, or `swift package --package-path Benchmarks benchmark`.
import PackageDescription

let package = Package(
    name: "deeplinkd-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "deeplinkd", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "RoutingBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "DeepLinkRouting", package: "deeplinkd"),
                .product(name: "DeepLinkAASA", package: "deeplinkd"),
                .product(name: "DeepLinkConfig", package: "deeplinkd"),
            ],
            path: "Benchmarks/RoutingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
