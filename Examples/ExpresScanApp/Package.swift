// swift-tools-version:6.1
import PackageDescription

// The ExpresScan app's routing, as an app package uses deeplinkd: the DeepLinkRoutesPlugin generates the DeepLink
// enum from Sources/ExpresScan/deeplinkd.yaml (a link to the repository's config/deeplinkd.yaml) at build time.
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
        .testTarget(name: "ExpresScanTests", dependencies: ["ExpresScan"]),
    ]
)
