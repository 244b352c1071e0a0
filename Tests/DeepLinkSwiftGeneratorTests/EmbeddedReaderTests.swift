import DeepLinkSwiftGenerator
import Testing

@Suite("The generated file's reader of its embedded routes")
struct EmbeddedReaderTests {
    @Test(
        "reads the routes with the file's own JSON reader and builds each from its members: never Foundation's JSONDecoder, whose first use costs more than the table, nor Decodable"
    )
    func noFoundationDecoder() throws {
        let source = try SwiftGeneratorTests.generate(SwiftGeneratorTests.shop)
        #expect(!source.contains("JSONDecoder") && !source.contains("EmbeddedDecoder") && !source.contains("Decoder, SingleValueDecodingContainer"))
        #expect(source.contains("nonisolated static let routes: [RouteLine] = EmbeddedJSON.routes(from: routesJSON) ?? []"))
        #expect(source.contains("        nonisolated struct RouteLine {") && source.contains("            struct Parameter {"))
        #expect(source.contains("    nonisolated fileprivate init?(_ json: DeepLink.EmbeddedTable.EmbeddedJSON) {"))
    }

    @Test("declares every type it adds inside the embedded table, nonisolated for the compilers that know the word")
    func typesNestedAndNonisolated() throws {
        let source = try SwiftGeneratorTests.generate(SwiftGeneratorTests.shop)
        for declaration in [
            "enum EmbeddedJSON", "struct EmbeddedJSONReader", "struct RouteLine",
        ] {
            #expect(source.contains("#if compiler(>=6.2)\n        nonisolated \(declaration) {"), "\(declaration)")
        }
    }
}
