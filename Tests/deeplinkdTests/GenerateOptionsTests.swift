import Foundation
import Testing

@testable import deeplinkd

@Suite("deeplinkd generate swift's options and generate vectors", .hangLimit)
struct GenerateOptionsTests {
    static let table = """
        app: {name: Shop, appIDs: [ABCDE12345.com.example.shop]}
        domains: [shop.example.com]
        states: [browsing, paying]
        gates: {calm: [browsing]}
        routes:
          - {name: product, path: "p/$(id)", params: {id: {charset: 0-9, max: 8}}, gate: calm}
        """

    @Test("the options file beside the table sets the access and the type's name; the flags override it")
    func options() throws {
        let folder = try ScratchDirectory("generate")
        defer { folder.remove() }
        let table = try folder.write(Self.table, to: "deeplinkd.yaml")
        try folder.write("accessModifier: public\ntypeName: ShopLink\n", to: "deeplinkd-generator.yaml")
        let beside = try Deeplinkd.run(["generate", "swift", "--config", table])
        #expect(beside.status == 0)
        #expect(beside.output.contains("    nonisolated public enum ShopLink: Hashable,"))
        let flagged = try Deeplinkd.run(["generate", "swift", "--config", table, "--access-modifier", "internal", "--type-name", "Shop"])
        #expect(flagged.output.contains("    nonisolated enum Shop: Hashable,") && !flagged.output.contains("public "))
        let refused = try Deeplinkd.run(["generate", "swift", "--config", table, "--type-name", "URL"])
        #expect(refused.status == 1)
        #expect(refused.output.isEmpty)
        #expect(
            refused.error
                == "--type-name: error: typeName 'URL' is a name the generated code uses itself; choose another (DeepLink, AppLink, ExpresScanLink, …)\n")
    }

    @Test("a name the generated code cannot declare stops generate swift with the table's line, as check reports it")
    func refusedName() throws {
        let folder = try ScratchDirectory("generate")
        defer { folder.remove() }
        let table = try folder.write(
            Self.table.replacingOccurrences(of: "states: [browsing, paying]", with: "states: [browsing, allCases]"), to: "deeplinkd.yaml")
        let generated = try Deeplinkd.run(["generate", "swift", "--config", table])
        #expect(generated.status == 1)
        #expect(generated.error == "\(table):3: error: state 'allCases': its Swift name 'allCases' is taken in the generated AppState enum; rename the state\n")
        let check = try Deeplinkd.run(["check", "--config", table])
        #expect(check.status == 1)
        #expect(check.error.contains("\(table):3: state 'allCases': its Swift name 'allCases' is taken in the generated AppState enum; rename the state\n"))
    }

    @Test("generate vectors writes one vector a line: each matched URL in every state, each refused one with its reason")
    func vectors() throws {
        let folder = try ScratchDirectory("generate")
        defer { folder.remove() }
        let table = try folder.write(Self.table, to: "deeplinkd.yaml")
        let output = folder.path("vectors.json")
        #expect(try Deeplinkd.run(["generate", "vectors", "--config", table, "--output", output]).status == 0)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text == (try Deeplinkd.run(["generate", "vectors", "--config", table])).output)
        #expect(text.hasPrefix("{\n  \"table\": \"deeplinkd.yaml\",\n  \"vectors\": [\n"))
        #expect(
            text.contains(
                #"    {"action":"dispatch","expiry":300,"features":[],"matched":true,"params":{"id":"0"},"presentation":"replace","route":"product","state":"browsing","url":"https://shop.example.com/p/0"},"#
            ))
        #expect(
            text.contains(
                #"    {"action":"ignore","expiry":300,"features":[],"matched":true,"params":{"id":"0"},"presentation":"replace","route":"product","state":"paying","url":"https://shop.example.com/p/0"},"#
            ))
        #expect(
            text.contains(
                #"{"detail":"route 'product': parameter 'id' is longer than 8 characters","matched":false,"parameter":"id","reason":"invalidParameter","route":"product","url":"https://shop.example.com/p/000000000"}"#
            ))
        #expect(
            text.contains(#"{"detail":"URL has invalid percent-escape '%zz'","matched":false,"reason":"malformedURL","url":"https://shop.example.com/p/0%zz"}"#)
        )
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect((document["vectors"] as? [[String: Any]])?.count == text.split(separator: "\n").count - 5)
    }
}
