// swift-tools-version:6.1
import PackageDescription

// The ExpresScan app's routing, as an app package uses deeplinkd: the DeepLinkRoutesPlugin generates the DeepLink
// enum from Sources/ExpresScan/deeplinkd.yaml (a link to the repository's config/deeplinkd.yaml) at build time.
// EveryShape does the same with a table that uses every part of the config format, so the generated code for each
// shape is compiled and tested, not only read.
let package = Package(
    name: "ExpresScanApp",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(name: "deeplinkd", path: "../..")],
    targets: [
        .target(
            name: "ExpresScan",
            dependencies: [.product(name: "DeepLinkRouting", package: "deeplinkd")],
            plugins: [.plugin(name: "DeepLinkRoutesPlugin", package: "deeplinkd")]
        ),
        .target(
            name: "EveryShape",
            dependencies: [.product(name: "DeepLinkRouting", package: "deeplinkd")],
            plugins: [.plugin(name: "DeepLinkRoutesPlugin", package: "deeplinkd")]
        ),
        // The repository's deeplinkd serving a table, for the tests that compare the generated code with /resolve.
        .target(name: "ServerUnderTest", dependencies: [.product(name: "DeepLinkRouting", package: "deeplinkd")]),
        .testTarget(name: "ExpresScanTests", dependencies: ["ExpresScan", "ServerUnderTest"]),
        .testTarget(name: "EveryShapeTests", dependencies: ["EveryShape", "ServerUnderTest"]),
    ]
)
