// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "deeplinkd",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "deeplinkd", targets: ["deeplinkd"]),
        .library(name: "DeepLinkRouting", targets: ["DeepLinkRouting"]),
        .library(name: "DeepLinkAASA", targets: ["DeepLinkAASA"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // The routing core: pure Swift on Foundation, so the app can compile the very same module.
        .target(name: "DeepLinkRouting"),
        // apple-app-site-association generation from a route table.
        .target(name: "DeepLinkAASA", dependencies: ["DeepLinkRouting"]),
        // Reads the YAML route table into the core's definition, with line numbers for diagnostics.
        .target(
            name: "DeepLinkConfig",
            dependencies: ["DeepLinkRouting", "DeepLinkAASA", .product(name: "Yams", package: "Yams")]
        ),
        .executableTarget(
            name: "deeplinkd",
            dependencies: [
                "DeepLinkRouting", "DeepLinkAASA", "DeepLinkConfig",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "DeepLinkRoutingTests", dependencies: ["DeepLinkRouting"]),
        .testTarget(name: "DeepLinkAASATests", dependencies: ["DeepLinkAASA", "DeepLinkConfig"], resources: [.copy("Golden")]),
        .testTarget(name: "DeepLinkConfigTests", dependencies: ["DeepLinkConfig"]),
        .testTarget(name: "deeplinkdTests", dependencies: ["deeplinkd"]),
    ]
)
