// swift-tools-version:6.1
import PackageDescription

// The ExpresScan app's routing, as an app package uses deeplinkd: the DeepLinkRoutesPlugin generates the DeepLink
// enum from Sources/ExpresScan/deeplinkd.yaml (a copy of the server's config/deeplinkd.yaml, which `make
// example-check` compares) at build time, with the options in deeplinkd-generator.yaml beside it. EveryShape does the
// same with a table that uses every part of the config format, so the generated code for each shape is compiled and
// tested, not only read.
//
// The package depends on the deeplinkd checkout two folders up, or on the one DEEPLINKD_PACKAGE names; an app names
// deeplinkd by its Git URL instead. Its live differential tests find the server through DEEPLINKD_BINARY or PATH.
let deeplinkd = Context.environment["DEEPLINKD_PACKAGE"] ?? "../.."

let package = Package(
    name: "ExpresScanApp",
    platforms: [.iOS(.v15), .macOS(.v12), .macCatalyst(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    dependencies: [.package(name: "deeplinkd", path: deeplinkd)],
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
        // deeplinkd serving a table, for the tests that compare the generated code with /resolve.
        .target(name: "ServerUnderTest"),
        .testTarget(name: "ExpresScanTests", dependencies: ["ExpresScan", "ServerUnderTest"], resources: [.copy("Vectors")]),
        .testTarget(name: "EveryShapeTests", dependencies: ["EveryShape", "ServerUnderTest"]),
    ]
)
