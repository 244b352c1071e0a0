// swift-tools-version:6.0
// The manifest Swift 6.0 reads (Xcode 16.0 to 16.2): the app's half of the package, the routing library and the build
// plugin with the tool it runs. Swift 6.1 and later read Package.swift, which declares these same targets, word for
// word, with the server's (Tests/system/test_manifests.py holds the two together).
import PackageDescription

let upcomingFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"), .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "deeplinkd",
    platforms: [.iOS(.v15), .macOS(.v12), .macCatalyst(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .library(name: "DeepLinkRouting", targets: ["DeepLinkRouting"]),
        .plugin(name: "DeepLinkRoutesPlugin", targets: ["DeepLinkRoutesPlugin"]),
        .plugin(name: "GenerateDeepLinks", targets: ["GenerateDeepLinks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0")
    ],
    targets: [
        .target(
            name: "DeepLinkBytes",
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "DeepLinkRouting", dependencies: ["DeepLinkBytes"],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "DeepLinkAASA", dependencies: ["DeepLinkBytes", "DeepLinkRouting"],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "GeneratedNames",
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "DeepLinkSwiftGenerator", dependencies: ["DeepLinkRouting", "DeepLinkConfig", "GeneratedNames", .product(name: "Yams", package: "Yams")],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "DeepLinkConfig",
            dependencies: [
                "DeepLinkBytes", "DeepLinkRouting", "DeepLinkAASA", "ServerPlatform", .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "ServerPlatform",
            swiftSettings: upcomingFeatures
        ),
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
    ]
)
