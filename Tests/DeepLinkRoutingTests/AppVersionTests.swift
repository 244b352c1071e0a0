import Testing

@testable import DeepLinkRouting

@Suite("App versions: read and compared")
struct AppVersionTests {
    static func version(_ text: String) throws -> AppVersion {
        try #require(AppVersion(text), "\(text)")
    }

    @Test(
        "a missing component counts as 0",
        arguments: [("2", "2.0"), ("2.3", "2.3.0"), ("2", "2.0.0"), ("02.3", "2.3"), ("0", "0.0.0")])
    func equal(left: String, right: String) throws {
        #expect(try Self.version(left) == Self.version(right))
        #expect(try !(Self.version(left) < Self.version(right)) && !(Self.version(right) < Self.version(left)))
    }

    @Test(
        "components compare as numbers, the first that differs deciding",
        arguments: [
            ("2.2.9", "2.3"), ("2.9", "2.10"), ("1.99.99", "2"), ("2.3", "2.3.1"), ("0.9", "1"), ("9", "10"), ("999999998", "999999999"),
        ])
    func older(older: String, newer: String) throws {
        #expect(try Self.version(older) < Self.version(newer))
        #expect(try !(Self.version(newer) < Self.version(older)))
    }

    @Test("the version keeps its text as written")
    func text() throws {
        #expect(try Self.version("2.3").description == "2.3")
        #expect(try Self.version("2.3.0").description == "2.3.0")
    }

    @Test(
        "anything but 1 to 3 dot-separated whole numbers of at most 9 digits is refused, saying so",
        arguments: ["", ".", "2.", ".2", "2..3", "2.3.4.5", "v2", "2.3-beta", " 2", "2 ", "+2", "-1", "1234567890", "2.x", "２", "2.3\n"])
    func refused(text: String) {
        #expect(AppVersion(text) == nil)
        #expect(throws: AppVersionError(text: text)) { try AppVersion(parsing: text) }
        #expect(
            AppVersionError(text: text).description
                == "'\(text)' is not an app version (use 1 to 3 dot-separated whole numbers of at most 9 digits: 2, 2.3, 2.3.1)")
    }

    @Test("a long refused text is cut in the message")
    func longText() {
        let text = String(repeating: "9", count: 200)
        #expect(
            AppVersionError(text: text).description
                == "'\(String(repeating: "9", count: 128))…(200 bytes)' is not an app version (use 1 to 3 dot-separated whole numbers of at most 9 digits: 2, 2.3, 2.3.1)"
        )
    }
}
