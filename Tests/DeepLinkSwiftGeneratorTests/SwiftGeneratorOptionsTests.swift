import DeepLinkRouting
import DeepLinkSwiftGenerator
import Foundation
import Testing

@Suite("Generator options: deeplinkd-generator.yaml beside the table, and the flags over it")
struct SwiftGeneratorOptionsTests {
    /// Runs `body` with a new folder holding the shop table, removed afterwards; the table's path.
    static func withTable(_ yaml: String = SwiftGeneratorTests.shop, _ body: (URL, String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("generator-options-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = folder.appendingPathComponent("deeplinkd.yaml").path
        try yaml.write(toFile: table, atomically: true, encoding: .utf8)
        try body(folder, table)
    }

    @Test("an options file sets the access modifier and the type name; what it leaves out keeps its default")
    func reads() {
        let both = SwiftGeneratorOptions.read(yaml: "# the app's routes module\naccessModifier: public\ntypeName: ExpresScanLink\n")
        #expect(both.options == SwiftGeneratorOptions(accessModifier: .public, typeName: "ExpresScanLink"))
        #expect(both.diagnostics.isEmpty)
        #expect(SwiftGeneratorOptions.read(yaml: "typeName: AppLink").options == SwiftGeneratorOptions(typeName: "AppLink"))
        #expect(SwiftGeneratorOptions.read(yaml: "").options == SwiftGeneratorOptions())
    }

    @Test("every problem is an error on its line: an unknown key, a bad value, a type name the code cannot take")
    func problems() {
        let read = SwiftGeneratorOptions.read(yaml: "accessModifier: open\nnamespace: X\ntypeName: Route\n")
        #expect(
            read.diagnostics.map(\.description) == [
                "<table>:1: generator option 'accessModifier': 'open' is not internal or public",
                "<table>:2: unknown generator option 'namespace' (options: accessModifier, typeName)",
                "<table>:3: generator option typeName 'Route' is a name the generated code uses itself; choose another (DeepLink, AppLink, ExpresScanLink, …)",
            ])
        #expect(read.options == SwiftGeneratorOptions())
        #expect(
            SwiftGeneratorOptions.read(yaml: "[a, b]").diagnostics.map(\.description) == [
                "<table>:1: generator options: expected a mapping of accessModifier, typeName"
            ])
        #expect(
            SwiftGeneratorOptions.read(yaml: "typeName: [A]").diagnostics.map(\.description) == [
                "<table>:1: generator option 'typeName': expected a single value"
            ])
    }

    @Test(
        "a type name must be an identifier that hides nothing the generated code names",
        arguments: ["2Links", "class", "my-links", "URL", "Foundation", "Parse", "_"])
    func refusedTypeNames(name: String) {
        #expect(SwiftGeneratorOptions.problem(withTypeName: name) != nil)
    }

    @Test("the tools read the options beside the table, let the flags override them, and report problems as FILE:LINE: error:")
    func input() throws {
        try Self.withTable { folder, table in
            #expect(GeneratorInput(tablePath: table).options == SwiftGeneratorOptions())
            let options = folder.appendingPathComponent(SwiftGeneratorOptions.fileName).path
            try "accessModifier: public\ntypeName: ShopLink\n".write(toFile: options, atomically: true, encoding: .utf8)
            let beside = GeneratorInput(tablePath: table)
            #expect(beside.options == SwiftGeneratorOptions(accessModifier: .public, typeName: "ShopLink"))
            #expect(beside.table != nil && beside.problems.isEmpty)
            let flagged = GeneratorInput(tablePath: table, accessModifier: .internal, typeName: "Other")
            #expect(flagged.options == SwiftGeneratorOptions(accessModifier: .internal, typeName: "Other"))
            try "typeName: 9\nextra: 1\n".write(toFile: options, atomically: true, encoding: .utf8)
            let broken = GeneratorInput(tablePath: table)
            #expect(broken.table == nil)
            #expect(
                broken.problems.map(\.description) == [
                    "\(options):1: error: generator option typeName '9' is not a Swift identifier (ASCII letters, digits and _, not starting with a digit, not a keyword)",
                    "\(options):2: error: unknown generator option 'extra' (options: accessModifier, typeName)",
                ])
        }
    }

    @Test("a table problem and a Swift-name problem are reported on the table's lines, warnings marked as such")
    func tableProblems() throws {
        let yaml = SwiftGeneratorTests.shop.replacingOccurrences(of: "  - name: settings\n", with: "  - name: URL\n")
            .replacingOccurrences(of: "{charset: a-z, min: 8}", with: "{charset: \"a-z \", min: 8}")
        try Self.withTable(yaml) { _, table in
            let input = GeneratorInput(tablePath: table)
            #expect(input.table == nil)
            #expect(
                input.problems.map(\.description) == [
                    "\(table):17: error: route 'URL': its Swift name 'URL' is taken in the generated DeepLink type; rename the route",
                    "\(table):22: warning: route 'sign-in': parameter 'token' allows a space: the app's DeepLink(url:) refuses a URL with such a value escaped (Foundation writes the same escapes when it repairs a URL the server refuses); DeepLink(string:) parses it",
                ])
        }
    }
}
