// swift-tools-version:6.1
import PackageDescription

// Every target of ours builds with the upcoming features the anchors use: `any` spelled out, members visible only
// through an import of their module, and imports internal unless a public declaration needs them.
let upcomingFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"), .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "deeplinkd",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "deeplinkd", targets: ["deeplinkd"]),
        .library(name: "DeepLinkRouting", targets: ["DeepLinkRouting"]),
        // Generates the app's DeepLink enum from a deeplinkd.yaml in the target, at build time.
        .plugin(name: "DeepLinkRoutesPlugin", targets: ["DeepLinkRoutesPlugin"]),
        // Writes that file into the target for review (`swift package generate-deep-links`), or checks it (`--check`).
        .plugin(name: "GenerateDeepLinks", targets: ["GenerateDeepLinks"]),
        .library(name: "DeepLinkAASA", targets: ["DeepLinkAASA"]),
        .library(name: "DeepLinkConfig", targets: ["DeepLinkConfig"]),
        // The server module and its HTTP engine, for the fuzz package (Fuzz/), which drives the request handler in process.
        .library(name: "DeepLinkServer", targets: ["DeepLinkServer", "MicroHTTP"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        // `swift package generate-documentation` (make docs): the DocC catalog of DeepLinkRouting.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
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
        // apple-app-site-association generation from a route table.
        .target(
            name: "DeepLinkAASA", dependencies: ["DeepLinkBytes", "DeepLinkRouting"],
            swiftSettings: upcomingFeatures
        ),
        // The Swift file an app compiles from a route table (`deeplinkd generate swift`, the DeepLinkRoutesPlugin).
        .target(
            name: "DeepLinkSwiftGenerator", dependencies: ["DeepLinkRouting", "DeepLinkConfig", .product(name: "Yams", package: "Yams")],
            swiftSettings: upcomingFeatures
        ),
        // Reads the YAML route table into the core's definition, with line numbers for diagnostics.
        .target(
            name: "DeepLinkConfig",
            dependencies: ["DeepLinkBytes", "DeepLinkRouting", "DeepLinkAASA", "ServerPlatform", .product(name: "Yams", package: "Yams")],
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
        // The one Swift module that talks to libmicrohttpd.
        .target(
            name: "MicroHTTP",
            dependencies: ["CMicroHTTPD", "DeepLinkBytes", "ServerPlatform", .product(name: "Logging", package: "swift-log")],
            swiftSettings: upcomingFeatures
        ),
        // libqrencode, seen only by StickerCodes.
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // QR codes for stickers: the one Swift module that talks to libqrencode; SVG, PNG, CSV and the printable sheet.
        .target(
            name: "StickerCodes", dependencies: ["CQREncode"],
            swiftSettings: upcomingFeatures
        ),
        // libcurl's headers, seen only by LinkDoctor, which opens the library at run time (dlopen): nothing links it, so serve never maps it.
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // `deeplinkd doctor`: fetches a link domain's AASA as Apple's CDN does, checks it against the table and the app's entitlements.
        .target(
            name: "LinkDoctor", dependencies: ["CCurl", "DeepLinkRouting", "DeepLinkAASA"],
            swiftSettings: upcomingFeatures
        ),
        // The link domain: endpoints, landing pages, reload, logging and metrics over MicroHTTP.
        .target(
            name: "DeepLinkServer",
            dependencies: [
                "DeepLinkBytes", "DeepLinkRouting", "DeepLinkAASA", "DeepLinkConfig", "MicroHTTP", "ServerPlatform",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .executableTarget(
            name: "deeplinkd",
            dependencies: [
                "DeepLinkRouting", "DeepLinkAASA", "DeepLinkConfig", "DeepLinkServer", "DeepLinkSwiftGenerator", "LinkDoctor", "MicroHTTP", "ServerPlatform",
                "StickerCodes",
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
        .testTarget(name: "DeepLinkBytesTests", dependencies: ["DeepLinkBytes"]),
        .testTarget(name: "DeepLinkRoutingTests", dependencies: ["DeepLinkBytes", "DeepLinkRouting"]),
        .testTarget(name: "DeepLinkAASATests", dependencies: ["DeepLinkAASA", "DeepLinkConfig", "LinkDoctor"], resources: [.copy("Golden")]),
        .testTarget(name: "DeepLinkConfigTests", dependencies: ["DeepLinkConfig"]),
        .testTarget(name: "DeepLinkSwiftGeneratorTests", dependencies: ["DeepLinkSwiftGenerator", "DeepLinkConfig"], resources: [.copy("Golden")]),
        .testTarget(name: "ServerPlatformTests", dependencies: ["ServerPlatform"]),
        .testTarget(name: "MicroHTTPTests", dependencies: ["MicroHTTP", "HTTPTestSupport", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "DeepLinkServerTests", dependencies: ["DeepLinkServer", "DeepLinkConfig", "MicroHTTP", "HTTPTestSupport"]),
        .testTarget(name: "StickerCodesTests", dependencies: ["StickerCodes"]),
        .testTarget(name: "deeplinkdTests", dependencies: ["deeplinkd", "HTTPTestSupport"]),
    ]
)
