import DeepLinkConfig
import DeepLinkRouting
import DeepLinkSwiftGenerator
import Foundation

// `deeplinkd-routes --config FILE --output FILE`: what `deeplinkd generate swift` writes, for DeepLinkRoutesPlugin.
// A tool of its own so that building an app needs neither the server nor its C libraries on the build machine.

/// The value after `option` in the arguments.
func value(of option: String, in arguments: [String]) -> String? {
    arguments.firstIndex(of: option).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

/// Prints `message` to standard error and exits 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let config = value(of: "--config", in: arguments), let output = value(of: "--output", in: arguments), arguments.count == 4 else {
    fail("usage: deeplinkd-routes --config FILE --output FILE")
}
let table: RouteTable
do {
    table = try Configuration(contentsOf: config).table
} catch {
    fail(error.description)
}
let source = Data(SwiftGenerator(table: table, sourceName: URL(fileURLWithPath: config).lastPathComponent).source().utf8)
// Unchanged bytes are not rewritten, so the build does not recompile what uses the file.
if FileManager.default.contents(atPath: output) != source {
    do {
        try source.write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
        fail("deeplinkd-routes: cannot write \(output): \(error.localizedDescription)")
    }
}
