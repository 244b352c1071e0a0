import DeepLinkSwiftGenerator
import Testing

@Suite("The generated file's reader of its embedded routes")
struct EmbeddedReaderTests {
    @Test("decodes the routes with the file's own JSON reader, never Foundation's JSONDecoder, whose first use costs more than the table")
    func noFoundationDecoder() throws {
        let source = try SwiftGeneratorTests.generate(SwiftGeneratorTests.shop)
        #expect(!source.contains("JSONDecoder"))
        #expect(source.contains("nonisolated static let routes: [RouteLine] = EmbeddedJSON.decode([RouteLine].self, from: routesJSON) ?? []"))
    }

    @Test("declares every type it adds inside the embedded table, nonisolated for the compilers that know the word")
    func typesNestedAndNonisolated() throws {
        let source = try SwiftGeneratorTests.generate(SwiftGeneratorTests.shop)
        for declaration in [
            "enum EmbeddedJSON", "struct EmbeddedJSONReader", "struct EmbeddedDecoder: Decoder, SingleValueDecodingContainer",
            "struct EmbeddedKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol",
            "struct EmbeddedUnkeyedContainer: UnkeyedDecodingContainer",
        ] {
            #expect(source.contains("#if compiler(>=6.2)\n        nonisolated \(declaration) {"), "\(declaration)")
        }
    }
}
