import ArgumentParser
import DeepLinkConfig
import DeepLinkKotlinGenerator
import DeepLinkRouting
import Foundation

/// `deeplinkd generate kotlin [--package NAME] [--output FILE] [--android-output FILE]`: the Android app's `DeepLink` class.
struct GenerateKotlinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kotlin",
        abstract: "Write the Kotlin file an Android app compiles from the table: the DeepLink sealed class, parsing, links, stacks and gates.")

    @OptionGroup var options: ConfigOptions

    @Option(name: .long, help: "The Kotlin package of the file (default: none).")
    var package: String?

    @Option(name: .shortAndLong, help: "Where to write the file (default: standard output).")
    var output: String?

    @Option(name: .long, help: "Also write the Android-only extensions (parse(android.net.Uri), from(Intent)) to this file.")
    var androidOutput: String?

    func validate() throws {
        if let package, !package.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(Self.isIdentifier) {
            throw ValidationError("--package '\(package)' is not a Kotlin package name (identifiers separated by '.')")
        }
    }

    func run() throws {
        let check = KotlinNameCheck.check(file: options.path)
        guard let table = check.table else {
            for diagnostic in check.diagnostics { Console.error(diagnostic.formatted(file: options.path)) }
            throw ExitCode.failure
        }
        let generator = KotlinGenerator(table: table, sourceName: URL(fileURLWithPath: options.path).lastPathComponent, packageName: package)
        if let androidOutput { try OutputFile.write(Array(generator.androidSource().utf8), to: androidOutput, isUnchangedKept: true) }
        try OutputFile.write(Array(generator.source().utf8), to: output, isUnchangedKept: true)
    }

    private static func isIdentifier(_ part: Substring) -> Bool {
        guard let first = part.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return part.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}
