import ExpresScan
import Foundation
import Testing

@Suite("A secret route's values never leave the link: not in descriptions, dumps, reflection or JSON")
struct SecretLinkTests {
    static let token = "tok_0123456789abcdef"
    static let link = DeepLink.magicEmailSignIn(token: token)

    @Test("description, debugDescription, interpolation and print show <redacted>")
    func descriptions() {
        let expected = "magicEmailSignIn(token: <redacted>)"
        #expect(Self.link.description == expected)
        #expect(Self.link.debugDescription == expected)
        #expect("\(Self.link)" == expected)
        #expect(String(reflecting: Self.link) == expected)
        #expect(String(describing: [Self.link]) == "[\(expected)]")
        var printed = ""
        print(Self.link, to: &printed)
        debugPrint(Self.link, to: &printed)
        #expect(printed == expected + "\n" + expected + "\n")
    }

    @Test("dump and Mirror carry the label and <redacted>, never the token")
    func reflection() {
        var dumped = ""
        dump(Self.link, to: &dumped)
        #expect(dumped == "▿ magicEmailSignIn(token: <redacted>)\n  - token: \"<redacted>\"\n")
        let children = Mirror(reflecting: Self.link).children.map { "\($0.label ?? "?")=\($0.value)" }
        #expect(children == ["token=<redacted>"])
        #expect(Mirror(reflecting: Self.link).displayStyle == .enum)
    }

    @Test("encoding a secret link throws EncodingError.invalidValue naming the route, and writes nothing")
    func encodingRefused() throws {
        #expect(Self.link.isSecret)
        do {
            _ = try JSONEncoder().encode(Self.link)
            Issue.record("a secret link was encoded")
        } catch EncodingError.invalidValue(let value, let context) {
            #expect(value as? DeepLink.Route == .magicEmailSignIn)
            #expect(context.debugDescription == "route 'magicEmailSignIn' is secret: its values are never encoded")
            #expect(!String(describing: context).contains(Self.token))
        }
        // A path holding it cannot be saved either (what @SceneStorage of a NavigationPath would do).
        #expect(throws: EncodingError.self) { try JSONEncoder().encode([DeepLink.charger(id: "CH-1"), Self.link]) }
    }

    @Test("a link that is not secret prints its values and encodes as the route and its parameters")
    func plainLinks() throws {
        let link = DeepLink.userQrSignIn(publicId: "abcd")
        #expect(!link.isSecret)
        #expect(link.description == #"userQrSignIn(publicId: "abcd")"#)
        let json = String(decoding: try JSONEncoder().encode(link), as: UTF8.self)
        #expect(json.contains(#""route":"userQrSignIn""#) && json.contains(#""params":{"publicId":"abcd"}"#))
        #expect(try JSONDecoder().decode(DeepLink.self, from: Data(json.utf8)) == link)
    }
}
