import DeepLinkWire
import Testing

@testable import DeepLinkRouting

@Suite("Resolve-result JSON")
struct ResolveResultJSONTests {
    @Test("a matched result has the contract's keys in order")
    func matchedShape() throws {
        let table = ExpresScanTable.table
        let json = try table.resolve("https://links.example.com/u/abcd", state: "welcome").json()
        #expect(
            json
                == #"{"url":"https://links.example.com/u/abcd","matched":true,"route":"userQrSignIn","params":{"publicId":"abcd"},"channel":"universal","notification":"userQrSignInRequested","gate":"signedOut","links":{"universal":"https://links.example.com/u/abcd","app":null},"action":"dispatch"}"#
        )
    }

    @Test("an unmatched result names the reason, detail, route and parameter")
    func unmatchedShape() throws {
        let table = ExpresScanTable.table
        let json = try table.resolve("https://links.example.com/c/a%2Fb", state: nil).json()
        #expect(
            json
                == #"{"url":"https://links.example.com/c/a%2Fb","matched":false,"reason":"invalidParameter","detail":"route 'charger': parameter 'id' contains a forbidden character U+002F '/'","route":"charger","parameter":"id"}"#
        )
    }
}
