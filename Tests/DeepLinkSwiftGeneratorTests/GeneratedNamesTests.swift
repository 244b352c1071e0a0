import Testing

/// The table names the generated code must survive: Examples/ExpresScanApp's EveryShape target compiles them all, and
/// Tests/GeneratedCode compiles every keyword and member name; these tests pin the spelling that makes them compile,
/// one shape each.
@Suite("Table names that would shadow, or be shadowed by, what the generated code uses")
struct GeneratedNamesTests {
    static let table = """
        app: {name: Shop, appIDs: [ABCDE12345.com.example.shop]}
        domains: [shop.example.com]
        features: [none, default]
        routes:
          - name: person
            path: people/$(self)
            params: {self: {charset: a-z}}
          - name: person-post
            path: people/$(self)/posts/$(match)
            params: {self: {charset: a-z}, match: {charset: 0-9}, DeepLink: {required: true}}
            stack: [person]
            notification: none
          - name: none
            path: nothing
            feature: none
          - {name: other, path: other, feature: default}
          - name: where
            path: "line\\nbreak/\\u202E"
        """

    @Test("values are bound to value0, value1, …, never to a parameter's name (match, self, a type name)")
    func locals() throws {
        let source = try SwiftGeneratorTests.generate(Self.table)
        #expect(
            source.contains(
                """
                        case .personPost:
                            guard let value0 = value("self") else { return nil }
                            guard let value1 = value("match") else { return nil }
                            guard let value2 = value("DeepLink") else { return nil }
                            return DeepLink.personPost(self: value0, match: value1, DeepLink: value2)

                """))
        #expect(source.contains("        case .personPost(let value0, let value1, let value2):\n            return (.personPost, [value0, value1, value2])\n"))
        #expect(
            source.contains(
                #"{"charset":"a-z","label":"self","max":1024,"min":1,"name":"self"},{"charset":"0-9","label":"match","max":1024,"min":1,"name":"match"},{"charset":"A-Za-z0-9._~-","label":"DeepLink","max":1024,"min":1,"name":"DeepLink","required":true}"#
            ))
        #expect(!source.contains("let self") && !source.contains("guard let match") && !source.contains("let DeepLink"))
    }

    @Test("a route called none is built qualified, where .none alone would be nil, and its constant is qualified too")
    func none() throws {
        let source = try SwiftGeneratorTests.generate(Self.table)
        #expect(source.contains("        case .none:\n            return DeepLink.none\n"))
        #expect(source.contains("        case .none:\n            return (.none, [])\n"))
        #expect(source.contains("            nonisolated static let none = Foundation.Notification.Name(\"none\")\n"))
        #expect(source.contains("            case `default`\n"))
    }

    @Test("a path's line break or bidirectional character is escaped in the case's comment, so it cannot end it")
    func commentEscaping() throws {
        let source = try SwiftGeneratorTests.generate(Self.table)
        #expect(source.contains("        /// `line\\u{A}break/\\u{202E}` (universal).\n        case `where`\n"))
        // In the embedded JSON the line break is JSON's `\n`, its backslash escaped for the string literal.
        #expect(source.contains(#""name":"where","path":"line\\nbreak/\u{202E}""#))
        #expect(!source.contains("\u{202E}") && !source.contains("line\nbreak"))
    }
}
