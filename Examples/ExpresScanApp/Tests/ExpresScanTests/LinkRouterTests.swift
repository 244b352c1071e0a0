import DeepLinkRouting
import Foundation
import Testing

@testable import ExpresScan

@Suite("LinkRouter: the seed dispatcher on the generated DeepLink")
struct LinkRouterTests {
    static let router = LinkRouter()
    static let token = "tok_0123456789abcdef"

    static func url(_ text: String) throws -> URL {
        try #require(URL(string: text))
    }

    @Test(
        "every seed link shape opens its link and posts its notification, from the Universal Link and the custom scheme",
        arguments: [
            ("https://links.example.com/c/CH-42", DeepLink.charger(id: "CH-42"), Notification.Name("chargerDeepLinkRequested")),
            ("expchg://c/CH-42", .charger(id: "CH-42"), .chargerDeepLinkRequested),
            ("EXPCHG://c/CH-42", .charger(id: "CH-42"), .chargerDeepLinkRequested),
            ("https://links.example.com/charger/CH-42", .charger(id: "CH-42"), .chargerDeepLinkRequested),
            ("expchg://charger/CH-42", .charger(id: "CH-42"), .chargerDeepLinkRequested),
            ("https://links.example.com/m/\(token)", .magicEmailSignIn(token: token), .magicEmailSignInRequested),
            ("https://links.example.com/u/abcd", .userQrSignIn(publicId: "abcd"), .userQrSignInRequested),
            ("https://links.example.com/auth/callback?code=abc.123", .registrationCallback(code: "abc.123"), .universalLinkRegistrationCallback),
        ])
    func shapes(text: String, link: DeepLink, notification: Notification.Name) throws {
        #expect(Self.router.route(try Self.url(text), in: .welcome) == .dispatch(link, notification: notification, stack: [link]))
    }

    @Test("a link that came through the alias is written back with the canonical path")
    func aliasLinksAreCanonical() throws {
        let link = try #require(DeepLink(url: try Self.url("https://links.example.com/charger/CH-42")))
        #expect(link.universalLink?.absoluteString == "https://links.example.com/c/CH-42")
        #expect(link.appLink?.absoluteString == "expchg://c/CH-42")
    }

    @Test(
        "sign-in and callback links are refused over expchg://, with the reason the server gives",
        arguments: [
            ("expchg://m/\(token)", "magicEmailSignIn"), ("expchg://u/abcd", "userQrSignIn"), ("expchg://auth/callback?code=abc", "registrationCallback"),
        ])
    func customSchemeRefused(text: String, route: String) throws {
        let expected = Unmatched(
            reason: .channelNotAllowed, detail: "route '\(route)' cannot be opened from expchg: (its scopes: universal)", route: route)
        #expect(Self.router.route(try Self.url(text), in: .welcome) == .unmatched(expected))
    }

    @Test("dispatch order is the table's: the most specific shapes first, the generic callback last")
    func order() throws {
        #expect(DeepLinkTable.definition.routes.map(\.name.value) == ["charger", "magicEmailSignIn", "userQrSignIn", "registrationCallback"])
        // A charger link with a stray code is still a charger link, never the PKCE callback.
        #expect(DeepLink(url: try Self.url("https://links.example.com/c/CH-1?code=abc")) == .charger(id: "CH-1"))
        #expect(DeepLink(url: try Self.url("https://links.example.com/auth/callback")) == nil)
        #expect(DeepLink(url: try Self.url("https://links.example.com/c/CH-1/extra")) == nil)
    }

    static let signedOut: Set<AppState> = [.launching, .welcome, .loggingIn, .customerSigningIn]

    @Test("sign-in links dispatch only from the signed-out states; charger and callback links from every state", arguments: AppState.allCases)
    func gate(state: AppState) throws {
        let signIn = [DeepLink.magicEmailSignIn(token: Self.token), .userQrSignIn(publicId: "abcd")]
        for link in signIn {
            let url = try #require(link.universalLink)
            let expected: LinkRouter.Outcome =
                Self.signedOut.contains(state) ? .dispatch(link, notification: link.notification, stack: [link]) : .ignore(link, state: state)
            #expect(Self.router.route(url, in: state) == expected)
        }
        for link in [DeepLink.charger(id: "CH-42"), .registrationCallback(code: "xyz")] {
            #expect(link.action(in: state) == .dispatch)
        }
    }

    @Test(
        "link → URL → link round trips through both canonical links",
        arguments: [
            DeepLink.charger(id: "CH-42"), .charger(id: "a_b-C"), .magicEmailSignIn(token: token), .userQrSignIn(publicId: "user-1"),
            .registrationCallback(code: "a.b~c-d_e"),
        ])
    func roundTrip(link: DeepLink) throws {
        let universal = try #require(link.universalLink)
        #expect(universal.scheme == "https" && universal.host == "links.example.com")
        #expect(DeepLink(url: universal) == link)
        if case .charger(let id) = link {
            #expect(link.appLink?.absoluteString == "expchg://c/\(id)")
            #expect(DeepLink(url: try #require(link.appLink)) == link)
        } else {
            #expect(link.appLink == nil)
        }
        let coded = try JSONDecoder().decode(DeepLink.self, from: JSONEncoder().encode(link))
        #expect(coded == link)
    }

    @Test("a link whose value breaks its rule has no URL: the app cannot print a link the table would refuse")
    func invalidValues() {
        #expect(DeepLink.charger(id: "has space").universalLink == nil)
        #expect(DeepLink.magicEmailSignIn(token: "short").universalLink == nil)
    }

    @Test("handle posts the notification with the link, and posts nothing for an ignored link")
    func posting() async throws {
        let center = NotificationCenter()
        let received = Received()
        let observer = center.addObserver(forName: .userQrSignInRequested, object: nil, queue: nil) { note in
            received.add(note.userInfo?[LinkRouter.linkKey] as? DeepLink)
        }
        defer { center.removeObserver(observer) }
        let url = try Self.url("https://links.example.com/u/abcd")
        Self.router.handle(url, in: .ready, center: center)
        Self.router.handle(url, in: .welcome, center: center)
        #expect(received.links == [.userQrSignIn(publicId: "abcd")])
    }
}

/// Links a notification observer received.
final class Received: @unchecked Sendable {
    // Observers run synchronously on the posting thread, which is the test's, so no lock is needed.
    private(set) var links: [DeepLink?] = []

    func add(_ link: DeepLink?) { links.append(link) }
}
