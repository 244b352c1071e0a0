// swift-tools-version:6.1
// Swift 6.1 and later read this manifest; Swift 6.0 (Xcode 16.0 to 16.2) reads Package@swift-6.0.swift, the app's
// half of it (the routing library and the build plugin), target for target as declared here.
import PackageDescription

// Every target of ours builds with the upcoming features the anchors use: `any` spelled out, members visible only
// through an import of their module, and imports internal unless a public declaration needs them.
let upcomingFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"), .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "deeplinkd",
    // What the app compiles (DeepLinkRouting, DeepLinkBytes) and the plugin's tool need nothing newer. The server runs
    // on Linux, where no availability applies.
    platforms: [.iOS(.v15), .macOS(.v12), .macCatalyst(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .executable(name: "deeplinkd", targets: ["deeplinkd"]),
        // The routing core an app compiles, with the code the plugin generates.
        .library(name: "DeepLinkRouting", targets: ["DeepLinkRouting"]),
        // Generates the app's DeepLink enum from a deeplinkd.yaml in the target, at build time.
        .plugin(name: "DeepLinkRoutesPlugin", targets: ["DeepLinkRoutesPlugin"]),
        // Writes that file into the target for review (`swift package generate-deep-links`), or checks it (`--check`).
        .plugin(name: "GenerateDeepLinks", targets: ["GenerateDeepLinks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
    ],
    targets: [
        // Bytes: the writers (ByteWriter, GrowableBytes, JSONWriter), ASCII sets, hex, percent coding, UTF-8
        // validation. Pure Swift with no imports at all, so the app compiles it with the routing core.
        .target(
            name: "DeepLinkBytes",
            swiftSettings: upcomingFeatures
        ),
        // The routing core: pure Swift importing only DeepLinkBytes, so the app compiles the very same modules.
        .target(
            name: "DeepLinkRouting", dependencies: ["DeepLinkBytes"],
            swiftSettings: upcomingFeatures
        ),
        // What the server writes from a table: the /resolve and /link JSON, and the bytes pages are written from.
        .target(
            name: "DeepLinkWire", dependencies: ["DeepLinkBytes", "DeepLinkRouting"],
            swiftSettings: upcomingFeatures
        ),
        // apple-app-site-association generation from a route table.
        .target(
            name: "DeepLinkAASA", dependencies: ["DeepLinkBytes", "DeepLinkRouting"],
            swiftSettings: upcomingFeatures
        ),
        // How a table name becomes an identifier in generated code, shared by the Swift and Kotlin generators.
        .target(
            name: "GeneratedNames",
            swiftSettings: upcomingFeatures
        ),
        // The Swift file an app compiles from a route table (`deeplinkd generate swift`, the DeepLinkRoutesPlugin).
        .target(
            name: "DeepLinkSwiftGenerator", dependencies: ["DeepLinkRouting", "DeepLinkConfig", "GeneratedNames", .product(name: "Yams", package: "Yams")],
            swiftSettings: upcomingFeatures
        ),
        // The Kotlin file an Android app compiles from a route table (`deeplinkd generate kotlin`): plain Kotlin/JVM, no dependency.
        .target(
            name: "DeepLinkKotlinGenerator", dependencies: ["DeepLinkRouting", "DeepLinkConfig", "GeneratedNames"],
            swiftSettings: upcomingFeatures
        ),
        // Reads the YAML route table into the core's definition, with line numbers for diagnostics.
        .target(
            name: "DeepLinkConfig",
            dependencies: [
                "DeepLinkBytes", "DeepLinkRouting", "DeepLinkAASA", "ServerPlatform", .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: upcomingFeatures
        ),
        // What the server asks of the operating system: a lock, whole files, the clocks, and the one civil-date routine.
        .target(
            name: "ServerPlatform",
            swiftSettings: upcomingFeatures
        ),
        // libmicrohttpd, and the GnuTLS calls MicroHTTP makes on its sessions (tickets, priority checks), seen only by MicroHTTP.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev", "libgnutls28-dev"])]
        ),
        // poll(), setsockopt() and gnutls_bye() for the process, and GnuTLS's pull: the answers to a pipelined batch
        // leave together, a TLS record is read in one call (batched_answers.c says how).
        .target(name: "CBatchedAnswers"),
        // The one Swift module that talks to libmicrohttpd.
        .target(
            name: "MicroHTTP",
            dependencies: ["CMicroHTTPD", "CBatchedAnswers", "DeepLinkBytes", "ServerPlatform", .product(name: "Logging", package: "swift-log")],
            swiftSettings: upcomingFeatures
        ),
        // libqrencode, seen only by StickerCodes.
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // zlib, seen only by StickerCodes: the deflate stream and CRC-32 of its PNG files.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // QR codes for stickers: the one Swift module that talks to libqrencode; SVG, PNG, CSV and the printable sheet.
        .target(
            name: "StickerCodes", dependencies: ["CQREncode", "CZlib"],
            swiftSettings: upcomingFeatures
        ),
        // libcurl's headers, seen only by LinkDoctor, which opens the library at run time (dlopen): nothing links it, so serve never maps it.
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // `deeplinkd doctor`: fetches a link domain's AASA as Apple's CDN does, checks it against the table and the app's entitlements.
        .target(
            name: "LinkDoctor", dependencies: ["CCurl", "DeepLinkRouting", "DeepLinkAASA"],
            swiftSettings: upcomingFeatures
        ),
        // Mustache templates: parsed and rendered in time linear in their size, every value HTML-escaped byte by
        // byte, a set proven renderable (no cycle, within limits) before it is used.
        .target(
            name: "DeepLinkTemplates", dependencies: ["DeepLinkBytes", "ServerPlatform"],
            swiftSettings: upcomingFeatures
        ),
        // JSON-lines logging: a swift-log handler, the one line format, and the sink that batches lines to a
        // descriptor from a thread of its own, never blocking whoever logs.
        .target(
            name: "JSONLinesLog",
            dependencies: ["DeepLinkBytes", "ServerPlatform", .product(name: "Logging", package: "swift-log")],
            swiftSettings: upcomingFeatures
        ),
        // JSON read strictly by RFC 8259 into values, for request bodies: no BOM, no trailing comma, no key twice.
        .target(
            name: "StrictJSON", dependencies: ["DeepLinkBytes"],
            swiftSettings: upcomingFeatures
        ),
        // The link domain: endpoints and sites (landing pages, the answer cache, reload), access log and metrics over
        // MicroHTTP.
        .target(
            name: "DeepLinkServer",
            dependencies: [
                "DeepLinkBytes", "DeepLinkRouting", "DeepLinkWire", "DeepLinkAASA", "DeepLinkConfig", "DeepLinkTemplates", "JSONLinesLog", "MicroHTTP",
                "ServerPlatform", "StrictJSON", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .executableTarget(
            name: "deeplinkd",
            dependencies: [
                "DeepLinkRouting", "DeepLinkWire", "DeepLinkAASA", "DeepLinkConfig", "DeepLinkServer", "DeepLinkTemplates", "JSONLinesLog",
                "DeepLinkSwiftGenerator",
                "DeepLinkKotlinGenerator", "LinkDoctor",
                "MicroHTTP", "ServerPlatform", "StickerCodes",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcomingFeatures
        ),
        // `deeplinkd generate swift` without the server, for the plugin: an app's build machine needs no C library.
        .executableTarget(
            name: "deeplinkd-routes", dependencies: ["DeepLinkSwiftGenerator"],
            swiftSettings: upcomingFeatures
        ),
        .plugin(name: "DeepLinkRoutesPlugin", capability: .buildTool(), dependencies: ["deeplinkd-routes"]),
        .plugin(
            name: "GenerateDeepLinks",
            capability: .command(
                intent: .custom(verb: "generate-deep-links", description: "Write DeepLinkRoutes.swift from each target's deeplinkd.yaml"),
                permissions: [.writeToPackageDirectory(reason: "writes DeepLinkRoutes.swift beside each target's deeplinkd.yaml")]),
            dependencies: ["deeplinkd-routes"]),
        // A raw-socket HTTP client the test targets share (not a test target itself, and in no product).
        .target(
            name: "HTTPTestSupport", dependencies: ["MicroHTTP"], path: "Tests/HTTPTestSupport",
            swiftSettings: upcomingFeatures
        ),
        .testTarget(name: "DeepLinkBytesTests", dependencies: ["DeepLinkBytes"], swiftSettings: upcomingFeatures),
        .testTarget(name: "DeepLinkRoutingTests", dependencies: ["DeepLinkBytes", "DeepLinkRouting", "DeepLinkWire"], swiftSettings: upcomingFeatures),
        .testTarget(
            name: "DeepLinkAASATests", dependencies: ["DeepLinkAASA", "DeepLinkConfig", "LinkDoctor"], resources: [.copy("Golden")],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(name: "DeepLinkConfigTests", dependencies: ["DeepLinkConfig"], swiftSettings: upcomingFeatures),
        .testTarget(
            name: "DeepLinkSwiftGeneratorTests", dependencies: ["DeepLinkSwiftGenerator", "DeepLinkConfig"], resources: [.copy("Golden")],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(name: "DeepLinkKotlinGeneratorTests", dependencies: ["DeepLinkKotlinGenerator", "DeepLinkConfig"], swiftSettings: upcomingFeatures),
        .testTarget(name: "ServerPlatformTests", dependencies: ["ServerPlatform"], swiftSettings: upcomingFeatures),
        .testTarget(
            name: "MicroHTTPTests",
            dependencies: ["MicroHTTP", "CBatchedAnswers", "CMicroHTTPD", "HTTPTestSupport", .product(name: "Logging", package: "swift-log")],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "DeepLinkServerTests",
            dependencies: [
                "DeepLinkServer", "DeepLinkAASA", "DeepLinkConfig", "DeepLinkWire", "DeepLinkTemplates", "JSONLinesLog", "MicroHTTP", "HTTPTestSupport",
            ],
            swiftSettings: upcomingFeatures
        ),
        // swift-mustache is the reference the renderer's tests compare with.
        .testTarget(
            name: "DeepLinkTemplatesTests",
            dependencies: ["DeepLinkTemplates", "DeepLinkServer", .product(name: "Mustache", package: "swift-mustache")],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(name: "StrictJSONTests", dependencies: ["StrictJSON"], swiftSettings: upcomingFeatures),
        .testTarget(
            name: "JSONLinesLogTests", dependencies: ["JSONLinesLog", .product(name: "Logging", package: "swift-log")], swiftSettings: upcomingFeatures
        ),
        .testTarget(name: "StickerCodesTests", dependencies: ["StickerCodes"], swiftSettings: upcomingFeatures),
        // The commands and the server `serve` builds, run in the test process (parseAsRoot, port 0).
        .testTarget(
            name: "deeplinkdTests",
            dependencies: [
                "deeplinkd", "DeepLinkServer", "HTTPTestSupport", "JSONLinesLog", "MicroHTTP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcomingFeatures
        ),
    ]
)

// Development only: what an app that depends on this package never resolves or builds, each behind a variable of its
// own so that an app's manifest evaluation (which sees none of them) stays exactly the part above.

// `make fuzz`, `make fuzz-smoke` (scripts/fuzz.sh): the libFuzzer targets in Fuzz/, built with the sanitizer flags
// that script passes to every module.
if Context.environment["DEEPLINKD_FUZZ"] != nil {
    package.targets += [
        // libFuzzer's driver entry point, which the fuzzers' `main` calls.
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/Sources/CLibFuzzer"),
        // Invariant checks shared by the fuzzers, and the repository's files they load.
        .target(
            name: "FuzzSupport", dependencies: ["CLibFuzzer", "DeepLinkRouting", "DeepLinkConfig"], path: "Fuzz/Sources/FuzzSupport",
            swiftSettings: upcomingFeatures
        ),
        // RouteTable.resolve on the default table: results, JSON, and canonical links that resolve back.
        .executableTarget(
            name: "ResolveFuzzer", dependencies: ["FuzzSupport", "DeepLinkRouting", "DeepLinkWire"], path: "Fuzz/Sources/ResolveFuzzer",
            swiftSettings: upcomingFeatures
        ),
        // PathPattern, CharacterClass and RouteTable.compile on definitions built from the input.
        .executableTarget(
            name: "PatternFuzzer", dependencies: ["FuzzSupport", "DeepLinkRouting", "DeepLinkAASA"], path: "Fuzz/Sources/PatternFuzzer",
            swiftSettings: upcomingFeatures
        ),
        // Configuration.check on arbitrary YAML.
        .executableTarget(
            name: "ConfigFuzzer", dependencies: ["FuzzSupport", "DeepLinkRouting", "DeepLinkConfig", "DeepLinkAASA"], path: "Fuzz/Sources/ConfigFuzzer",
            swiftSettings: upcomingFeatures
        ),
        // The server's request handler, in process: landing pages rendered with hostile values.
        .executableTarget(
            name: "LandingFuzzer", dependencies: ["FuzzSupport", "DeepLinkServer", "MicroHTTP"], path: "Fuzz/Sources/LandingFuzzer",
            swiftSettings: upcomingFeatures
        ),
        // The template loader: template sets built from the input, refused or rendered.
        .executableTarget(
            name: "TemplateFuzzer",
            dependencies: ["FuzzSupport", "DeepLinkServer", "DeepLinkTemplates", .product(name: "Mustache", package: "swift-mustache")],
            path: "Fuzz/Sources/TemplateFuzzer",
            swiftSettings: upcomingFeatures
        ),
    ]
}

// `make bench` (scripts/bench.py): the routing core's micro-benchmarks, with package-benchmark. Its malloc counts need
// the MallocInterposer trait, which is why this manifest is Swift 6.1's.
if Context.environment["DEEPLINKD_BENCHMARKS"] != nil {
    package.dependencies += [.package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"])]
    package.targets += [
        .executableTarget(
            name: "RoutingBenchmarks",
            dependencies: ["DeepLinkRouting", "DeepLinkAASA", "DeepLinkConfig", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/RoutingBenchmarks",
            swiftSettings: upcomingFeatures,
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
}

// `make docs`: `swift package generate-documentation`, the DocC catalog of DeepLinkRouting.
if Context.environment["DEEPLINKD_DOCS"] != nil {
    package.dependencies += [.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")]
}
