import DeepLinkConfig
package import DeepLinkRouting
import Foundation

/// The files of the repository this package sits in, which the fuzzers read once at start.
package enum Repository {
    /// The repository root: `$DEEPLINKD_ROOT`, else the checkout this file was compiled from.
    package static let root: String =
        ProcessInfo.processInfo.environment["DEEPLINKD_ROOT"]
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// `config/deeplinkd.yaml`.
    package static let defaultConfigPath = root + "/config/deeplinkd.yaml"

    /// `Public`, the templates and assets.
    package static let publicDirectory = root + "/Public"

    /// A config of the fuzz package (`Fuzz/Configs/NAME`).
    package static func fuzzConfigPath(_ name: String) -> String {
        root + "/Fuzz/Configs/" + name
    }

    /// The default route table; a harness that cannot load it stops before fuzzing anything.
    package static let defaultTable: RouteTable = {
        do {
            return try Configuration(contentsOf: defaultConfigPath).table
        } catch {
            fatalError("cannot load \(defaultConfigPath): \(error)")
        }
    }()
}
