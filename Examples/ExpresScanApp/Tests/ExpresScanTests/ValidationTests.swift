import ExpresScan
import Foundation
import Testing

@Suite("Links built in code or decoded are checked against the table before they dispatch")
struct ValidationTests {
    @Test(
        "a case whose value breaks its rule is invalid, has no link, and is ignored in every state",
        arguments: [
            (DeepLink.userQrSignIn(publicId: "x"), "route 'userQrSignIn': parameter 'publicId' is shorter than 4 characters"),
            (.charger(id: "has space / ../x"), "route 'charger': parameter 'id' contains a forbidden character U+0020"),
            (.magicEmailSignIn(token: "short"), "route 'magicEmailSignIn': parameter 'token' is shorter than 16 characters"),
            (.registrationCallback(code: "", state: nil), "route 'registrationCallback': parameter 'code' is shorter than 1 characters"),
        ])
    func builtInCode(link: DeepLink, detail: String) {
        #expect(!link.isValid)
        #expect(throws: DeepLink.Unmatched(reason: .invalidParameter, detail: detail, route: link.route, parameter: link.parameters.keys.first)) {
            try link.validate()
        }
        #expect(link.universalLink == nil && link.appLink == nil)
        for state in DeepLink.AppState.allCases { #expect(link.action(in: state) == .ignore(.invalidValue)) }
    }

    @Test("the validating constructor takes the table's names and refuses a bad value, a missing one or an unknown one")
    func constructor() throws {
        #expect(try DeepLink(route: .charger, parameters: ["id": "CH-42"]) == .charger(id: "CH-42"))
        #expect(
            throws: DeepLink.Unmatched(
                reason: .invalidParameter, detail: "route 'charger': parameter 'id' is required but missing", route: .charger, parameter: "id")
        ) {
            try DeepLink(route: .charger, parameters: [:])
        }
        #expect(throws: DeepLink.Unmatched(reason: .invalidParameter, detail: "route 'charger' has no parameter 'idd'", route: .charger, parameter: "idd")) {
            try DeepLink(route: .charger, parameters: ["id": "CH-42", "idd": "x"])
        }
    }

    @Test(
        "decoding checks the values as a URL's are: a bad value, a missing one or an unknown route is an error, never a link",
        arguments: [
            #"{"route":"charger","params":{"id":"has space / ../x"}}"#, #"{"route":"charger","params":{}}"#, #"{"route":"charger"}"#,
            #"{"route":"userQrSignIn","params":{"publicId":"x"}}"#, #"{"route":"nope","params":{}}"#, #"{"charger":{"id":"CH-42"}}"#,
        ])
    func decodingRefuses(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DeepLink.self, from: Data(json.utf8)) }
    }

    @Test("a valid decoded link is the link itself")
    func decodingAccepts() throws {
        let decoded = try JSONDecoder().decode(DeepLink.self, from: Data(#"{"route":"charger","params":{"id":"CH-42"}}"#.utf8))
        #expect(decoded == .charger(id: "CH-42"))
        #expect(decoded.action(in: .ready) == .dispatch)
    }
}
