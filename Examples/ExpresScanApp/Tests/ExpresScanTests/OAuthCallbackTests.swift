import ExpresScan
import Foundation
import Testing

/// The registration (PKCE) redirect as OAuth sends it: a code with the state the app sent, or the error of RFC 6749
/// section 4.1.2.1, which reaches the app as its own route so the registering screen can stop waiting.
@Suite("The PKCE callback as OAuth sends it")
struct OAuthCallbackTests {
    @Test(
        "the error redirect is its own case, with idiomatic labels, whatever the order of its parameters",
        arguments: [
            "https://links.example.com/auth/callback?error=access_denied&error_description=The+user+said+no&state=s-1",
            "https://links.example.com/auth/callback?state=s-1&error_description=The+user+said+no&error=access_denied",
            // An error redirect that also carries a code is an error: the error route comes first.
            "https://links.example.com/auth/callback?code=abc&error=access_denied&error_description=The+user+said+no&state=s-1",
        ])
    func errorRedirect(text: String) throws {
        let link = DeepLink.registrationError(error: "access_denied", errorDescription: "The+user+said+no", state: "s-1")
        #expect(DeepLink(url: try #require(URL(string: text))) == link)
        #expect(link.parameters == ["error": "access_denied", "error_description": "The+user+said+no", "state": "s-1"])
        let router = LinkRouter(state: .registering, clock: TestClock().read)
        #expect(
            router.open(try #require(URL(string: text)))
                == [.dispatch(link, notification: DeepLink.Notifications.universalLinkRegistrationFailed, presentation: .none)])
    }

    @Test("an error without a description or state, and one with RFC 6749's other characters, still reach the app")
    func sparseAndOddErrors() {
        #expect(
            DeepLink(string: "https://links.example.com/auth/callback?error=server_error")
                == .registrationError(error: "server_error", errorDescription: nil, state: nil))
        let odd = "https://links.example.com/auth/callback?error=invalid_scope&error_description=scope+'x'+(unknown):+see+https://a.example/e&state="
        #expect(
            DeepLink(string: odd) == .registrationError(error: "invalid_scope", errorDescription: "scope+'x'+(unknown):+see+https://a.example/e", state: ""))
    }

    @Test("a description with an escaped space is refused, naming the error route, so the registering screen still learns of it")
    func escapedSpace() {
        let text = "https://links.example.com/auth/callback?error=access_denied&error_description=The%20user%20said%20no"
        guard case .unmatched(let unmatched) = DeepLink.parse(text) else {
            Issue.record("\(text) parsed")
            return
        }
        #expect(unmatched.reason == .invalidParameter && unmatched.route == .registrationError && unmatched.parameter == "error_description")
    }

    @Test("the code redirect keeps the state beside the code; without a state it is still the callback")
    func codeRedirect() throws {
        #expect(DeepLink(string: "https://links.example.com/auth/callback?code=abc.123&state=s-1") == .registrationCallback(code: "abc.123", state: "s-1"))
        #expect(DeepLink(string: "https://links.example.com/auth/callback?code=abc.123") == .registrationCallback(code: "abc.123", state: nil))
        let link = DeepLink.registrationCallback(code: "abc.123", state: "s-1")
        #expect(link.universalLink?.absoluteString == "https://links.example.com/auth/callback?code=abc.123&state=s-1")
        #expect(link.presentation == .none)
    }

    @Test("a redirect with neither a code nor an error is refused as the server refuses it: the first route of the path, the error's, names what it lacks")
    func neither() {
        let expected = DeepLink.Unmatched(
            reason: .invalidParameter, detail: "route 'registrationError': query parameter 'error' is required but missing", route: .registrationError,
            parameter: "error")
        #expect(DeepLink.parse("https://links.example.com/auth/callback?state=s-1") == .unmatched(expected))
    }
}
