// swift-tools-version:6.3
// libFuzzer targets for deeplinkd. A separate package, so `swift test` never builds it.
// Run: `make fuzz` (or `make fuzz-smoke`) from the repository root, which calls scripts/fuzz.sh. The sanitizer flags
// come from the command line so they reach every module, the project's included, not only the fuzz targets.
import PackageDescription

let package = Package(
    name: "deeplinkd-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "deeplinkd", path: "..")
    ],
    targets: [
        // libFuzzer's driver entry point, which the fuzzers' `main` calls.
        .systemLibrary(name: "CLibFuzzer"),
        // Invariant checks shared by the fuzzers, and the repository's files they load.
        .target(
            name: "FuzzSupport",
            dependencies: [
                "CLibFuzzer",
                .product(name: "DeepLinkRouting", package: "deeplinkd"),
                .product(name: "DeepLinkConfig", package: "deeplinkd"),
            ]
        ),
        // RouteTable.resolve on the default table: results, JSON, and canonical links that resolve back.
        .executableTarget(
            name: "ResolveFuzzer",
            dependencies: ["FuzzSupport", .product(name: "DeepLinkRouting", package: "deeplinkd")]
        ),
        // PathPattern, CharacterClass and RouteTable.compile on definitions built from the input.
        .executableTarget(
            name: "PatternFuzzer",
            dependencies: [
                "FuzzSupport",
                .product(name: "DeepLinkRouting", package: "deeplinkd"),
                .product(name: "DeepLinkAASA", package: "deeplinkd"),
            ]
        ),
        // Configuration.check on arbitrary YAML.
        .executableTarget(
            name: "ConfigFuzzer",
            dependencies: [
                "FuzzSupport",
                .product(name: "DeepLinkConfig", package: "deeplinkd"),
                .product(name: "DeepLinkAASA", package: "deeplinkd"),
            ]
        ),
        // The server's request handler, in process: landing pages rendered with hostile values.
        .executableTarget(
            name: "LandingFuzzer",
            dependencies: ["FuzzSupport", .product(name: "DeepLinkServer", package: "deeplinkd")]
        ),
        // The template loader: template sets built from the input, refused or rendered.
        .executableTarget(
            name: "TemplateFuzzer",
            dependencies: ["FuzzSupport", .product(name: "DeepLinkServer", package: "deeplinkd")]
        ),
    ]
)
