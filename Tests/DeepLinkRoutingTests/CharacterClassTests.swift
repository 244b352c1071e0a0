import Testing

@testable import DeepLinkRouting

@Suite("Character classes and parameter rules")
struct CharacterClassTests {
    @Test("parses ranges, single characters, literal dashes and escapes")
    func parses() throws {
        let charset = try CharacterClass("A-Za-z0-9_-")
        for scalar in "azAZ09_-".unicodeScalars { #expect(charset.contains(scalar)) }
        for scalar in "/%.~ \u{0}\u{217D}".unicodeScalars { #expect(!charset.contains(scalar)) }
        let escaped = try CharacterClass("a\\-z\\]\\\\")
        #expect(escaped.contains("-") && escaped.contains("]") && escaped.contains("\\") && !escaped.contains("b"))
        #expect(try CharacterClass("α-ω").contains("λ"))
    }

    @Test(
        "rejects classes nothing can satisfy or that do not mean what they say",
        arguments: [
            ("", CharacterClassError.empty), ("^a-z", .negated), ("z-a", .reversedRange("z", "a")),
            ("a\\", .danglingEscape), ("\\d", .unsupportedEscape("d")),
        ])
    func rejects(text: String, error: CharacterClassError) {
        #expect(throws: error) { try CharacterClass(text) }
    }

    @Test("compares classes for coverage and intersection")
    func compares() throws {
        let word = try CharacterClass("A-Za-z0-9_-")
        #expect(word.isSuperset(of: try CharacterClass("a-f0-9")))
        #expect(!word.isSuperset(of: try CharacterClass("a-z.")))
        #expect(word.intersects(try CharacterClass("._~a")))
        #expect(!word.intersects(try CharacterClass("./~")))
    }

    @Test("a rule checks characters first, then length in characters")
    func validates() throws {
        let rule = ParameterRule(charset: try CharacterClass("a-zé"), minimumLength: 2, maximumLength: 3, isRequired: true)
        #expect(rule.validate("ab") == nil)
        #expect(rule.validate("éé") == nil, "length counts characters, not bytes")
        #expect(rule.validate("a") == .tooShort(minimum: 2))
        #expect(rule.validate("abcd") == .tooLong(maximum: 3))
        #expect(rule.validate("a/") == .forbiddenCharacter("/"))
        #expect(ParameterViolation.forbiddenCharacter("\u{0}").description == "contains a forbidden character U+0000")
        #expect(ParameterViolation.forbiddenCharacter("/").description == "contains a forbidden character U+002F '/'")
    }
}
