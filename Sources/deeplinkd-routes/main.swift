import DeepLinkSwiftGenerator
import Foundation

// `deeplinkd-routes --config FILE --output FILE [--generator-config FILE] [--access-modifier internal|public]
// [--type-name NAME] [--check]`: what `deeplinkd generate swift` writes, for DeepLinkRoutesPlugin and the
// generate-deep-links command; with `--check`, nothing is written and the exit status says whether the output file
// holds what the table generates. A tool of its own so that
// building an app needs neither the server nor its C libraries on the build machine. Every problem of the table or
// the options is printed as `FILE:LINE: error: message` (or `warning:`), which Xcode and SwiftPM show on that line.

/// Prints `message` to standard error and exits 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

let usage =
    "usage: deeplinkd-routes --config FILE --output FILE [--generator-config FILE] [--access-modifier internal|public] [--type-name NAME] [--check]"
var values: [String: String] = [:]
var isCheck = false
var arguments = CommandLine.arguments.dropFirst()
let options = ["--config", "--output", "--generator-config", "--access-modifier", "--type-name"]
while let option = arguments.popFirst() {
    if option == "--check", !isCheck {
        isCheck = true
        continue
    }
    guard options.contains(option), values[option] == nil, let value = arguments.popFirst() else { fail(usage) }
    values[option] = value
}
guard let config = values["--config"], let output = values["--output"] else { fail(usage) }
var accessModifier: SwiftGeneratorOptions.AccessModifier?
if let text = values["--access-modifier"] {
    guard let modifier = SwiftGeneratorOptions.AccessModifier(rawValue: text) else { fail("deeplinkd-routes: --access-modifier must be internal or public") }
    accessModifier = modifier
}
let input = GeneratorInput(tablePath: config, optionsPath: values["--generator-config"], accessModifier: accessModifier, typeName: values["--type-name"])
for problem in input.problems { FileHandle.standardError.write(Data((problem.description + "\n").utf8)) }
guard let table = input.table else { exit(1) }
let sourceName = URL(fileURLWithPath: config).lastPathComponent
let source = Data(SwiftGenerator(table: table, sourceName: sourceName, options: input.options).source().utf8)
let isCurrent = FileManager.default.contents(atPath: output) == source
if isCheck {
    guard isCurrent else {
        fail(
            "\(output): error: this is not what \(sourceName) generates; run `swift package --allow-writing-to-package-directory generate-deep-links` and commit it"
        )
    }
    exit(0)
}
/// Whether `path` names something other than a regular file (a device, a FIFO, `/dev/stdout`): written into, never
/// replaced by a renamed temporary file.
func isSpecialFile(_ path: String) -> Bool {
    guard let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType else { return false }
    return type != .typeRegular && type != .typeDirectory
}

// Unchanged bytes are not rewritten, so the build does not recompile what uses the file. A regular file is replaced
// whole (a temporary file, then a rename), so a build never reads half of it.
if !isCurrent {
    do {
        if isSpecialFile(output) {
            guard let handle = FileHandle(forWritingAtPath: output) else { fail("deeplinkd-routes: cannot open \(output) for writing") }
            try handle.write(contentsOf: source)
            try handle.close()
        } else {
            try source.write(to: URL(fileURLWithPath: output), options: .atomic)
        }
    } catch {
        fail("deeplinkd-routes: cannot write \(output): \(error.localizedDescription)")
    }
}
