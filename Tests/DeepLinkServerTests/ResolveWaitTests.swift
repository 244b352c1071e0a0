import Foundation
import MicroHTTP
import Testing

@testable import DeepLinkServer

/// `/resolve` says where the app holds a link rather than dispatching or ignoring it, with why: the default table holds
/// the sign-in links while launching (the Keychain check has not said whether the user is signed in), and honours the
/// charger in every state.
@Suite("/resolve answers wait where the app would hold the link")
struct ResolveWaitTests {
    typealias F = SiteFixture

    static func answer(_ url: String, state: String) throws -> [String: Any] {
        let target = "/resolve?url=\(url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url)&state=\(state)"
        let response = F.send(target).response
        #expect(response.status == 200)
        return try #require(response.json())
    }

    @Test(
        "each default route in each state: the sign-in links wait while launching and are ignored signed in; the charger and the callbacks always dispatch",
        arguments: ["launching", "welcome", "loggingIn", "registering", "priming", "customerSigningIn", "ready"])
    func everyState(state: String) throws {
        let signIn: (String, String?)
        switch state {
        case "launching": signIn = ("wait", "undecidedState")
        case "welcome", "loggingIn", "customerSigningIn": signIn = ("dispatch", nil)
        default: signIn = ("ignore", nil)
        }
        for url in ["https://links.example.com/u/abcd", "https://links.example.com/m/abcdefghijklmnop"] {
            let object = try Self.answer(url, state: state)
            #expect(object["action"] as? String == signIn.0, "\(url)")
            #expect(object["reason"] as? String == signIn.1, "\(url)")
        }
        for url in [
            "https://links.example.com/c/CH-42", "https://links.example.com/auth/callback?code=abc&state=s1",
            "https://links.example.com/auth/callback?error=access_denied&state=s1",
        ] {
            let object = try Self.answer(url, state: state)
            #expect(object["action"] as? String == "dispatch", "\(url)")
            #expect(object["reason"] == nil, "\(url)")
        }
    }

    @Test("a batch in launching holds the sign-in link and dispatches the charger, in order")
    func batch() throws {
        let body = #"{"urls": ["https://links.example.com/u/abcd", "expchg://c/9"], "state": "launching"}"#
        let response = F.send("/resolve", method: "POST", headers: [("Content-Type", "application/json; charset=utf-8")], body: body).response
        #expect(response.status == 200)
        let results = try #require(response.json()?["results"] as? [[String: Any]])
        #expect(results.map { $0["action"] as? String } == ["wait", "dispatch"])
        #expect(results.map { $0["reason"] as? String } == ["undecidedState", nil])
    }

    @Test("without a state, a route that waits in some state has no action: nothing is decided yet")
    func noState() throws {
        let object = try #require(F.send("/resolve?url=https%3A%2F%2Flinks.example.com%2Fu%2Fabcd").response.json())
        #expect(object["route"] as? String == "userQrSignIn")
        #expect(object["action"] == nil && object["reason"] == nil)
    }
}
