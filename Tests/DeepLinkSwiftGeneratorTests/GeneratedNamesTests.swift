import Testing

/// The table names the generated code must survive: Examples/ExpresScanApp's EveryShape target compiles them all; these
/// tests pin the spelling that makes them compile, one shape each.
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
                        case "person-post":
                            guard let value0 = match.value(of: "self") else { return nil }
                            guard let value1 = match.value(of: "match") else { return nil }
                            guard let value2 = match.value(of: "DeepLink") else { return nil }
                            return .personPost(self: value0, match: value1, DeepLink: value2)

                """))
        #expect(source.contains("        case .personPost(let value0, _, _): [.person(self: value0), self]\n"))
        #expect(
            source.contains(
                #"        case .personPost(let value0, let value1, let value2): ("person-post", ["self": value0, "match": value1, "DeepLink": value2])"#))
        #expect(!source.contains("let self") && !source.contains("guard let match") && !source.contains("let DeepLink"))
    }

    @Test("a route, feature or notification named none or some is wrapped in .some where an optional is expected")
    func optionalMembers() throws {
        let source = try SwiftGeneratorTests.generate(Self.table)
        #expect(source.contains("        case \"none\":\n            return .some(.none)\n"))
        #expect(source.contains("        case .none: .some(.none)\n        case .other: .`default`\n"))
        #expect(source.contains("        case .personPost: .some(.none)\n        case .none: nil\n"))
        // Where every route has a notification the type is not optional, and .none is the constant itself.
        let allNamed = try SwiftGeneratorTests.generate(
            "app: {name: A, appIDs: [ABCDE12345.com.example.a]}\ndomains: [a.example]\nroutes: [{name: a, path: a, notification: none}]")
        #expect(allNamed.contains("    public var notification: Notification.Name {\n        switch self {\n        case .a: .none\n"))
    }

    @Test("a path's line break or bidirectional character is escaped in the case's comment, so it cannot end it")
    func commentEscaping() throws {
        let source = try SwiftGeneratorTests.generate(Self.table)
        #expect(source.contains("    /// `line\\u{A}break/\\u{202E}` (universal).\n    case `where`\n"))
        #expect(source.contains(#"path: Located("line\u{A}break/\u{202E}")"#))
    }
}
